import { setTimeout as sleep } from 'node:timers/promises';
import type { MikroORM } from '@mikro-orm/postgresql';
import { isFinalProgress, type AnalysisProgressEvent, type IdGenerator, type ProgressHub, type ProgressKey } from '@civicwatch/core';

export interface PostgresProgressHubOptions {
  /** How long the final event of an analysis waits for a late watcher, in ms. */
  retainMs?: number;
  /** How often a watcher looks for new events, in ms. */
  pollMs?: number;
}

/** Default: long enough for a page that opens its stream a little after posting, short enough to hold little. */
export const DEFAULT_PROGRESS_RETAIN_MS = 60_000;
const DEFAULT_POLL_MS = 250;
/** Every analysis ends with `done` or `failed`; this bound only guards against a publisher that never says so. */
const UNFINISHED_RETAIN_MINUTES = 30;

interface EventRow {
  event: AnalysisProgressEvent;
  /** The row's time as PostgreSQL writes it (microseconds), the watcher's cursor. */
  at: string;
  stale: boolean;
}

/**
 * `ProgressHub` in the `analysis_progress` table (ADR 0012), so that a watcher connected to any instance hears
 * the worker of any process. Publishing appends a row, in order per key (one write at a time), never failing
 * the analysis that publishes; a watcher polls for rows after the last it saw (LISTEN/NOTIFY cannot cross
 * the embedded database's socket, ADR 0001). A watcher that arrives late first receives the latest event,
 * the final one for `retainMs` after it. Publishing a final event deletes the rows of analyses that ended
 * longer ago than that, and every row older than half an hour.
 */
export class PostgresProgressHub implements ProgressHub {
  readonly #writes = new Map<string, Promise<void>>();
  readonly #watching = new Map<string, number>();
  readonly #retainMs: number;
  readonly #pollMs: number;

  constructor(private readonly orm: MikroORM, private readonly ids: IdGenerator, options: PostgresProgressHubOptions = {}) {
    this.#retainMs = options.retainMs ?? DEFAULT_PROGRESS_RETAIN_MS;
    this.#pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  }

  publish(key: ProgressKey, event: AnalysisProgressEvent): void {
    const id = keyOf(key);
    // Progress is best effort (ADR 0005): a failed write loses an event, never the analysis.
    const written = (this.#writes.get(id) ?? Promise.resolve()).then(() => this.#append(key, event)).catch(() => {});
    this.#writes.set(id, written);
    void written.then(() => {
      if (this.#writes.get(id) === written) this.#writes.delete(id);
    });
  }

  subscribe(key: ProgressKey, listener: (event: AnalysisProgressEvent) => void): () => void {
    const id = keyOf(key);
    let subscribed = true;
    let counted = false;
    const stop = () => {
      subscribed = false;
      if (counted) {
        counted = false;
        const left = (this.#watching.get(id) ?? 1) - 1;
        if (left > 0) this.#watching.set(id, left);
        else this.#watching.delete(id);
      }
    };
    void (async () => {
      let cursor: string | null = null;
      while (subscribed) {
        const rows: EventRow[] = await this.#eventsAfter(key, cursor).catch(() => []);
        // A late watcher starts from the latest event, as if it had just been published.
        const fresh = cursor === null ? rows.slice(-1).filter((row: EventRow) => !row.stale) : rows;
        if (rows.length > 0) cursor = rows.at(-1)!.at;
        else cursor ??= await this.#now().catch(() => null);
        if (!counted && subscribed) {
          counted = true;
          this.#watching.set(id, (this.#watching.get(id) ?? 0) + 1);
        }
        for (const row of fresh) {
          if (!subscribed) break;
          try {
            listener(row.event);
          } catch {
            stop();
          }
        }
        if (subscribed) await sleep(this.#pollMs, undefined, { ref: false });
      }
    })();
    return stop;
  }

  /** Watchers of one key that have started polling: for tests of the stream's clean-up. */
  listenerCount(key: ProgressKey): number {
    return this.#watching.get(keyOf(key)) ?? 0;
  }

  /** Waits for the events published so far to be written; the runtime calls it before closing the database. */
  async flush(): Promise<void> {
    await Promise.all(this.#writes.values());
  }

  async #append(key: ProgressKey, event: AnalysisProgressEvent): Promise<void> {
    const em = this.orm.em.fork();
    const id = this.ids.next();
    const final = isFinalProgress(event);
    await em.execute('insert into analysis_progress (id, user_id, progress_id, event, final) values (?, ?, ?, ?::jsonb, ?)',
      [id, key.userId, key.progressId, JSON.stringify(event), final]);
    // Rows of analyses that ended `retainMs` ago, and of any that never said so in half an hour, go.
    if (final) {
      await em.execute(`delete from analysis_progress p
        where p.created_at < clock_timestamp() - interval '${UNFINISHED_RETAIN_MINUTES} minutes'
           or exists (select 1 from analysis_progress f
                      where f.user_id = p.user_id and f.progress_id = p.progress_id and f.final
                        and f.created_at < clock_timestamp() - ? * interval '1 millisecond')`, [this.#retainMs]);
    }
  }

  async #eventsAfter(key: ProgressKey, cursor: string | null): Promise<EventRow[]> {
    return this.orm.em.fork().execute<EventRow[]>(`
      select event, created_at::text as at, final and created_at < clock_timestamp() - ? * interval '1 millisecond' as stale
      from analysis_progress
      where user_id = ? and progress_id = ? and created_at > coalesce(?::timestamptz, '-infinity')
      order by created_at, id`, [this.#retainMs, key.userId, key.progressId, cursor]);
  }

  async #now(): Promise<string> {
    const [row] = await this.orm.em.fork().execute<Array<{ now: string }>>('select clock_timestamp()::text as now');
    return row!.now;
  }
}

const keyOf = (key: ProgressKey): string => `${key.userId}\u0000${key.progressId}`;
