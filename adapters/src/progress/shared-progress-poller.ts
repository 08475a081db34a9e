import type { AnalysisProgressEvent, ProgressKey } from '@civicwatch/core';

/** Where one watcher has read a key up to. */
export interface ProgressCursor {
  key: ProgressKey;
  /** The watcher has read nothing yet: it wants the latest event only (and `after` is null). */
  latestOnly: boolean;
  /** The time of the last event it read, as the reader wrote it; null: from the first. */
  after: string | null;
}

export interface ProgressRow {
  /** The index of the cursor, in the list read, that this row answers. */
  cursor: number;
  event: AnalysisProgressEvent;
  /** The event's time, the watcher's next `after`. */
  at: string;
  /** A final event kept for longer than a late watcher may still hear it. */
  stale: boolean;
}

/** Reads the events of many cursors at once: one query, whatever their number. */
export interface ProgressEventReader {
  /** The events after each cursor (or its key's latest, for `latestOnly`), in time order per cursor. */
  read(cursors: readonly ProgressCursor[]): Promise<ProgressRow[]>;
}

interface Watcher {
  readonly key: ProgressKey;
  readonly id: string;
  readonly listener: (event: AnalysisProgressEvent) => void;
  started: boolean;
  after: string | null;
}

/**
 * One poll per process for every progress stream (ADR 0005): a single timer reads the events of all watched
 * keys in one query every `pollMs`, and hands each watcher the events of its own key. A stream costs a cursor
 * in that query, not a query of its own; reads never overlap (the next is timed from the end of the last),
 * and none run while nobody watches. LISTEN/NOTIFY would spare the polling, but cannot cross the embedded
 * database's socket (ADR 0012).
 */
export class SharedProgressPoller {
  readonly #watchers = new Set<Watcher>();
  readonly #pollMs: number;
  #timer: NodeJS.Timeout | null = null;
  #reading = false;

  constructor(private readonly reader: ProgressEventReader, options: { pollMs: number }) {
    this.#pollMs = options.pollMs;
  }

  /**
   * Calls `listener` with the key's latest event (unless it is a final one kept past its time), then with each
   * new one, from the next read on, never synchronously. Answers the unsubscribe. A throwing listener is dropped.
   */
  watch(key: ProgressKey, listener: (event: AnalysisProgressEvent) => void): () => void {
    const watcher: Watcher = { key, id: keyOf(key), listener, started: false, after: null };
    this.#watchers.add(watcher);
    // An idle poller reads at once, so that a stream hears its latest event without waiting an interval;
    // otherwise the new watcher joins the next read.
    if (!this.#timer && !this.#reading) this.#schedule(0);
    return () => this.#drop(watcher);
  }

  /** Watchers of one key that have had their first read: for tests of the stream's clean-up. */
  listenerCount(key: ProgressKey): number {
    const id = keyOf(key);
    let count = 0;
    for (const watcher of this.#watchers) if (watcher.id === id && watcher.started) count += 1;
    return count;
  }

  #drop(watcher: Watcher): void {
    this.#watchers.delete(watcher);
    if (this.#watchers.size === 0 && this.#timer) {
      clearTimeout(this.#timer);
      this.#timer = null;
    }
  }

  #schedule(delayMs: number): void {
    this.#timer = setTimeout(() => void this.#read(), delayMs);
    // Polling alone never keeps a process alive.
    this.#timer.unref();
  }

  async #read(): Promise<void> {
    this.#timer = null;
    const watchers = [...this.#watchers];
    if (watchers.length === 0) return;
    this.#reading = true;
    try {
      // Watchers of one key at one point (several tabs, or streams opened together) share a cursor.
      const cursors: ProgressCursor[] = [];
      const cursorOf = new Map<Watcher, number>();
      const shared = new Map<string, number>();
      for (const watcher of watchers) {
        const point = `${watcher.id}\u0000${watcher.started ? watcher.after ?? '' : '\u0000latest'}`;
        let index = shared.get(point);
        if (index === undefined) {
          index = cursors.push({ key: watcher.key, latestOnly: !watcher.started, after: watcher.started ? watcher.after : null }) - 1;
          shared.set(point, index);
        }
        cursorOf.set(watcher, index);
      }
      // Progress is best effort (ADR 0005): a failed read is tried again at the next interval.
      const rows = await this.reader.read(cursors).catch(() => null);
      if (!rows) return;
      const rowsOf = new Map<number, ProgressRow[]>();
      for (const row of rows) {
        const list = rowsOf.get(row.cursor);
        if (list) list.push(row);
        else rowsOf.set(row.cursor, [row]);
      }
      for (const watcher of watchers) this.#deliver(watcher, rowsOf.get(cursorOf.get(watcher)!) ?? []);
    } finally {
      this.#reading = false;
      if (this.#watchers.size > 0 && !this.#timer) this.#schedule(this.#pollMs);
    }
  }

  #deliver(watcher: Watcher, rows: ProgressRow[]): void {
    if (!this.#watchers.has(watcher)) return;
    // A late watcher starts from the latest event, as if it had just been published.
    const fresh = watcher.started ? rows : rows.filter((row) => !row.stale);
    if (rows.length > 0) watcher.after = rows.at(-1)!.at;
    watcher.started = true;
    for (const row of fresh) {
      if (!this.#watchers.has(watcher)) return;
      try {
        watcher.listener(row.event);
      } catch {
        this.#drop(watcher);
      }
    }
  }
}

const keyOf = (key: ProgressKey): string => `${key.userId}\u0000${key.progressId}`;
