import type { MikroORM } from '@mikro-orm/postgresql';
import { sql, type ExpressionBuilder } from 'kysely';
import { isFinalProgress, type AnalysisProgressEvent, type IdGenerator, type ProgressHub, type ProgressKey } from '@civicwatch/core';
import { isUuid } from '../persistence/sql-helpers.ts';
import { clockTimestamp, interval, kysely, milliseconds, type Database } from '../persistence/kysely-database.ts';
import { SharedProgressPoller, type ProgressCursor, type ProgressEventReader, type ProgressRow } from './shared-progress-poller.ts';

export interface PostgresProgressHubOptions {
  /** How long the final event of an analysis waits for a late watcher, in ms. */
  retainMs?: number;
  /** How often the process's one poll reads new events for every watcher, in ms. */
  pollMs?: number;
}

/** Default: long enough for a page that opens its stream a little after posting, short enough to hold little. */
export const DEFAULT_PROGRESS_RETAIN_MS = 60_000;
const DEFAULT_POLL_MS = 250;
/** Every analysis ends with a final event; this bound only guards against a publisher that never says so. */
const UNFINISHED_RETAIN_MINUTES = 30;

/**
 * `ProgressHub` in the `analysis_progress` table (ADR 0012), so that a watcher connected to any instance hears
 * the worker of any process. Publishing appends a row, in order per key (one write at a time, none after the
 * key's final event), never failing the analysis that publishes. Watchers are served by one poll per process (`SharedProgressPoller`, ADR 0005):
 * one query every 250 ms for every stream open in the process. A watcher that arrives late first receives the
 * latest event, the final one for `retainMs` after it. Publishing a final event deletes the rows of analyses
 * that ended longer ago than that, and every row older than half an hour.
 */
export class PostgresProgressHub implements ProgressHub {
  readonly #writes = new Map<string, Promise<void>>();
  readonly #retainMs: number;
  readonly #poller: SharedProgressPoller;

  constructor(private readonly orm: MikroORM, private readonly ids: IdGenerator, options: PostgresProgressHubOptions = {}) {
    this.#retainMs = options.retainMs ?? DEFAULT_PROGRESS_RETAIN_MS;
    this.#poller = new SharedProgressPoller(new PostgresProgressEventReader(orm, this.#retainMs), { pollMs: options.pollMs ?? DEFAULT_POLL_MS });
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
    return this.#poller.watch(key, listener);
  }

  async hasRecent(key: ProgressKey): Promise<boolean> {
    if (!isUuid(key.userId) || !isUuid(key.progressId)) return false;
    const row = await kysely(this.orm.em.fork()).selectNoFrom((eb) => {
      const events = eb.selectFrom('analysis_progress as f').select(eb.lit(1).as('found')).where('f.user_id', '=', key.userId).where('f.progress_id', '=', key.progressId);
      return eb.and([eb.exists(events), eb.not(eb.exists(events.where((final) => endedBefore(final, this.#retainMs))))]).as('recent');
    }).executeTakeFirst();
    return row?.recent === true;
  }

  /** Watchers of one key that have had their first read: for tests of the stream's clean-up. */
  listenerCount(key: ProgressKey): number {
    return this.#poller.listenerCount(key);
  }

  /** Waits for the events published so far to be written; the runtime calls it before closing the database. */
  async flush(): Promise<void> {
    await Promise.all(this.#writes.values());
  }

  async #append(key: ProgressKey, event: AnalysisProgressEvent): Promise<void> {
    const db = kysely(this.orm.em.fork());
    const final = isFinalProgress(event);
    // A final event is its analysis's last: a worker that has not yet heard its analysis was cancelled may
    // still report a page, which nobody should hear after "cancelled".
    await db.insertInto('analysis_progress').columns(['id', 'user_id', 'progress_id', 'event', 'final'])
      .expression(db.selectNoFrom((eb) => [
        eb.val(this.ids.next()).as('id'), eb.val(key.userId).as('user_id'), eb.val(key.progressId).as('progress_id'),
        eb.cast(eb.val(JSON.stringify(event)), 'jsonb').as('event'), eb.val(final).as('final'),
      ]).where((eb) => eb.not(eb.exists(eb.selectFrom('analysis_progress').select(eb.lit(1).as('found'))
        .where('user_id', '=', key.userId).where('progress_id', '=', key.progressId).where('final', '=', true)))))
      .execute();
    // Rows of analyses that ended `retainMs` ago, and of any that never said so in half an hour, go.
    if (final) {
      await db.deleteFrom('analysis_progress as p')
        .where((eb) => eb.or([
          eb('p.created_at', '<', eb(clockTimestamp(eb), '-', interval(eb, `${UNFINISHED_RETAIN_MINUTES} minutes`))),
          eb.exists(eb.selectFrom('analysis_progress as f').select(eb.lit(1).as('found'))
            .whereRef('f.user_id', '=', 'p.user_id').whereRef('f.progress_id', '=', 'p.progress_id')
            .where((ended) => endedBefore(ended, this.#retainMs))),
        ]))
        .execute();
    }
  }
}

/**
 * The shared poll's one query: the cursors travel as one JSON parameter (a table of them in SQL), each joined
 * to its key's rows on the `(user_id, progress_id, created_at)` index. Times are PostgreSQL's own text
 * (microseconds), so a cursor compares exactly with the rows it came from.
 */
export class PostgresProgressEventReader implements ProgressEventReader {
  constructor(private readonly orm: MikroORM, private readonly retainMs: number) {}

  async read(cursors: readonly ProgressCursor[]): Promise<ProgressRow[]> {
    const watched = cursors.map((cursor, i) => ({ i, user_id: cursor.key.userId, progress_id: cursor.key.progressId, after: cursor.after, latest_only: cursor.latestOnly }))
      .filter((c) => isUuid(c.user_id) && isUuid(c.progress_id));
    if (watched.length === 0) return [];
    // Raw, as a `sql` template: the builder has no column definition list (`as w(i int, …)`) for a function in FROM.
    const { rows } = await sql<ProgressRow>`
      select w.i as cursor, e.event, e.at, e.stale
      from jsonb_to_recordset(${JSON.stringify(watched)}::jsonb) as w(i int, user_id uuid, progress_id uuid, after timestamptz, latest_only boolean)
      cross join lateral (
        (select p.event, p.created_at, p.id, p.created_at::text as at,
                p.final and p.created_at < clock_timestamp() - ${this.retainMs} * interval '1 millisecond' as stale
         from analysis_progress p
         where p.user_id = w.user_id and p.progress_id = w.progress_id and not w.latest_only
           and (w.after is null or p.created_at > w.after)
         order by p.created_at, p.id)
        union all
        (select p.event, p.created_at, p.id, p.created_at::text as at,
                p.final and p.created_at < clock_timestamp() - ${this.retainMs} * interval '1 millisecond' as stale
         from analysis_progress p
         where p.user_id = w.user_id and p.progress_id = w.progress_id and w.latest_only
         order by p.created_at desc, p.id desc
         limit 1)
      ) e
      order by w.i, e.created_at, e.id`.execute(kysely(this.orm.em.fork()));
    return rows;
  }
}

/** A final event older than `retainMs`: its analysis ended long enough ago for a late watcher to be done with it. */
const endedBefore = (eb: ExpressionBuilder<Database & { f: Database['analysis_progress'] }, 'f'>, retainMs: number) =>
  eb.and([eb('f.final', '=', true), eb('f.created_at', '<', eb(clockTimestamp(eb), '-', milliseconds(eb, retainMs)))]);

const keyOf = (key: ProgressKey): string => `${key.userId}\u0000${key.progressId}`;
