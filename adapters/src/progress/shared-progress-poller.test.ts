import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalysisProgressEvent, ProgressKey } from '@civicwatch/core';
import { SharedProgressPoller, type ProgressCursor, type ProgressEventReader, type ProgressRow } from './shared-progress-poller.ts';

const POLL_MS = 250;

interface StoredEvent { key: ProgressKey; event: AnalysisProgressEvent; at: string; stale: boolean }

/**
 * The events table as the poller sees it through its port: rows in time order, each with a sortable time.
 * Counts the reads, and can hold one to play a slow database.
 */
class CountingReader implements ProgressEventReader {
  readonly events: StoredEvent[] = [];
  reads = 0;
  lastCursors: readonly ProgressCursor[] = [];
  #clock = 0;
  #held: (() => void) | null = null;
  #hold = false;

  add(key: ProgressKey, event: AnalysisProgressEvent, stale = false) {
    this.#clock += 1;
    this.events.push({ key, event, at: String(this.#clock).padStart(8, '0'), stale });
  }

  hold() {
    this.#hold = true;
  }

  release() {
    this.#hold = false;
    this.#held?.();
    this.#held = null;
  }

  async read(cursors: readonly ProgressCursor[]): Promise<ProgressRow[]> {
    this.reads += 1;
    this.lastCursors = cursors;
    if (this.#hold) await new Promise<void>((resolve) => { this.#held = resolve; });
    return cursors.flatMap((cursor, index) => {
      const mine = this.events.filter((e) => e.key.userId === cursor.key.userId && e.key.progressId === cursor.key.progressId);
      const chosen = cursor.latestOnly ? mine.slice(-1) : mine.filter((e) => cursor.after === null || e.at > cursor.after);
      return chosen.map((e) => ({ cursor: index, event: e.event, at: e.at, stale: e.stale }));
    });
  }
}

const aKey = (): ProgressKey => ({ userId: randomUUID(), progressId: randomUUID() });

let reader: CountingReader;
let poller: SharedProgressPoller;
beforeEach(() => {
  vi.useFakeTimers();
  reader = new CountingReader();
  poller = new SharedProgressPoller(reader, { pollMs: POLL_MS });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('SharedProgressPoller', () => {
  it('reads every watched key in one query per interval, however many streams watch', async () => {
    const watchers = Array.from({ length: 200 }, () => aKey());
    const stops = watchers.map((key) => poller.watch(key, () => {}));
    // Watchers opened together share the first read.
    await vi.advanceTimersByTimeAsync(0);
    expect(reader.reads).toBe(1);
    expect(reader.lastCursors).toHaveLength(200);

    await vi.advanceTimersByTimeAsync(POLL_MS * 10);
    expect(reader.reads).toBe(11);
    expect(reader.lastCursors).toHaveLength(200);

    // Streams that come and go between two reads wait for the next one.
    const late = poller.watch(aKey(), () => {});
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(reader.reads).toBe(12);
    expect(reader.lastCursors).toHaveLength(201);
    late();
    for (const stop of stops) stop();
    await vi.advanceTimersByTimeAsync(POLL_MS * 10);
    expect(reader.reads).toBe(12);
  });

  it('asks once for watchers of one key at one point, and hands each its own key\'s events, in order', async () => {
    const [rosa, bob] = [aKey(), aKey()];
    const heard = { rosa1: [] as string[], rosa2: [] as string[], bob: [] as string[] };
    poller.watch(rosa, (e) => heard.rosa1.push(e.stage));
    poller.watch(rosa, (e) => heard.rosa2.push(e.stage));
    poller.watch(bob, (e) => heard.bob.push(e.stage));
    await vi.advanceTimersByTimeAsync(0);
    expect(reader.lastCursors).toHaveLength(2);

    reader.add(rosa, { stage: 'queued' });
    reader.add(bob, { stage: 'queued' });
    reader.add(rosa, { stage: 'analysing' });
    await vi.advanceTimersByTimeAsync(POLL_MS);
    reader.add(rosa, { stage: 'done' });
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(heard).toEqual({ rosa1: ['queued', 'analysing', 'done'], rosa2: ['queued', 'analysing', 'done'], bob: ['queued'] });
  });

  it('gives a late watcher the latest event only, and none when it is a final event kept past its time', async () => {
    const [running, ended] = [aKey(), aKey()];
    reader.add(running, { stage: 'queued' });
    reader.add(running, { stage: 'analysing' });
    reader.add(ended, { stage: 'done' }, true);
    const heard: string[] = [];
    const heardEnded: string[] = [];
    poller.watch(running, (e) => heard.push(e.stage));
    poller.watch(ended, (e) => heardEnded.push(e.stage));
    await vi.advanceTimersByTimeAsync(0);
    expect(heard).toEqual(['analysing']);
    expect(heardEnded).toEqual([]);
    expect(poller.listenerCount(running)).toBe(1);

    reader.add(running, { stage: 'done' });
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(heard).toEqual(['analysing', 'done']);
  });

  it('never overlaps reads: a slow one delays the next', async () => {
    poller.watch(aKey(), () => {});
    reader.hold();
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(POLL_MS * 8);
    expect(reader.reads).toBe(1);
    reader.release();
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(reader.reads).toBe(2);
  });

  it('keeps polling after a failed read, and drops a listener that throws without disturbing the others', async () => {
    const key = aKey();
    const failing = { read: vi.fn(reader.read.bind(reader)).mockRejectedValueOnce(new Error('connection lost')) };
    poller = new SharedProgressPoller(failing, { pollMs: POLL_MS });
    const heard: string[] = [];
    poller.watch(key, () => { throw new Error('listener bug'); });
    poller.watch(key, (e) => heard.push(e.stage));
    await vi.advanceTimersByTimeAsync(0);
    reader.add(key, { stage: 'queued' });
    await vi.advanceTimersByTimeAsync(POLL_MS);
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(heard).toEqual(['queued']);
    expect(poller.listenerCount(key)).toBe(1);
  });
});
