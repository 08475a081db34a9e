import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnalysisProgressEvent, ProgressKey } from '@civicwatch/core';
import { createTestDatabase, serverTestSkipReason, type TestDatabase, type TestDatabaseKind } from '../persistence/testing/create-test-database.ts';
import { aUser } from '../persistence/contract/builders.ts';
import { CryptoIdGenerator } from '../security/crypto-id-generator.ts';
import { PostgresProgressHub } from './postgres-progress-hub.ts';

/**
 * The progress hub on the embedded database and on a PostgreSQL server: what its shared poll's one query
 * answers (ADR 0005), and that many streams cost one query per interval.
 */
const POLL_MS = 100;
const RETAIN_MS = 400;

const kinds: Array<[TestDatabaseKind, string | null]> = [['pglite', null], ['server', serverTestSkipReason()]];

for (const [kind, skip] of kinds) {
  describe.skipIf(skip)(`PostgresProgressHub on ${kind}${skip ? ` (skipped: ${skip})` : ''}`, () => {
    let test: TestDatabase;
    let hub: PostgresProgressHub;
    beforeAll(async () => {
      test = await createTestDatabase({ kind });
      hub = new PostgresProgressHub(test.db.orm, new CryptoIdGenerator(), { pollMs: POLL_MS, retainMs: RETAIN_MS });
    });
    afterAll(async () => {
      await test?.dispose();
    });
    afterEach(() => {
      vi.restoreAllMocks();
    });

    const aKey = async (): Promise<ProgressKey> => {
      const user = aUser();
      await test.db.uow.run((r) => r.users.insert(user));
      return { userId: user.id, progressId: randomUUID() };
    };
    const listen = (key: ProgressKey) => {
      const heard: AnalysisProgressEvent[] = [];
      const stop = hub.subscribe(key, (event) => heard.push(event));
      return { heard, stop };
    };
    const started = (key: ProgressKey, count = 1) =>
      vi.waitFor(() => expect(hub.listenerCount(key)).toBe(count), { timeout: 5_000, interval: 10 });

    it('hands each watcher its own key\'s events in order, and a late one the latest', async () => {
      const [rosa, bob] = [await aKey(), await aKey()];
      const rosas = listen(rosa);
      const bobs = listen(bob);
      await started(rosa);
      await started(bob);
      hub.publish(rosa, { stage: 'queued' });
      hub.publish(rosa, { stage: 'extracting', page: 1, pages: 2 });
      hub.publish(bob, { stage: 'queued' });
      hub.publish(rosa, { stage: 'extracting', page: 2, pages: 2 });
      await hub.flush();
      await vi.waitFor(() => expect(rosas.heard).toHaveLength(3), { timeout: 5_000, interval: 10 });

      const late = listen(rosa);
      await vi.waitFor(() => expect(late.heard).toEqual([{ stage: 'extracting', page: 2, pages: 2 }]), { timeout: 5_000, interval: 10 });
      hub.publish(rosa, { stage: 'done' });
      await hub.flush();
      await vi.waitFor(() => expect(late.heard.at(-1)).toEqual({ stage: 'done' }), { timeout: 5_000, interval: 10 });
      await vi.waitFor(() => expect(rosas.heard.at(-1)).toEqual({ stage: 'done' }), { timeout: 5_000, interval: 10 });
      expect(rosas.heard.map((e) => e.stage)).toEqual(['queued', 'extracting', 'extracting', 'done']);
      expect(bobs.heard).toEqual([{ stage: 'queued' }]);
      for (const watcher of [rosas, bobs, late]) watcher.stop();
    });

    it('tells whether a key has something to hear: events, the final one for RETAIN_MS', async () => {
      const key = await aKey();
      expect(await hub.hasRecent(key)).toBe(false);
      hub.publish(key, { stage: 'queued' });
      await hub.flush();
      expect(await hub.hasRecent(key)).toBe(true);
      expect(await hub.hasRecent({ userId: (await aKey()).userId, progressId: key.progressId })).toBe(false);
      hub.publish(key, { stage: 'failed', message: 'The analysis service is unavailable.' });
      await hub.flush();
      expect(await hub.hasRecent(key)).toBe(true);
      // A late watcher still hears the final event, then, after RETAIN_MS, nothing.
      const late = listen(key);
      await vi.waitFor(() => expect(late.heard).toEqual([{ stage: 'failed', message: 'The analysis service is unavailable.' }]), { timeout: 5_000, interval: 10 });
      late.stop();
      await sleep(RETAIN_MS + 100);
      expect(await hub.hasRecent(key)).toBe(false);
      const tooLate = listen(key);
      await started(key);
      await sleep(POLL_MS * 3);
      expect(tooLate.heard).toEqual([]);
      tooLate.stop();
    });

    it('drops what is published after a key\'s final event (a worker not yet told its analysis was cancelled)', async () => {
      const key = await aKey();
      const cancelled: AnalysisProgressEvent = { stage: 'cancelled', message: 'Analysis cancelled. Your credit has been returned.' };
      hub.publish(key, { stage: 'analysing' });
      hub.publish(key, cancelled);
      hub.publish(key, { stage: 'checking_citations' });
      await hub.flush();
      const late = listen(key);
      await vi.waitFor(() => expect(late.heard).toEqual([cancelled]), { timeout: 5_000, interval: 10 });
      await sleep(POLL_MS * 3);
      expect(late.heard).toEqual([cancelled]);
      late.stop();
    });

    it('reads for 100 streams with one query per interval', async () => {
      const keys = await Promise.all(Array.from({ length: 20 }, () => aKey()));
      // Five streams on each of 20 keys (tabs of one analysis share a cursor, and a query).
      const watchers = keys.flatMap((key) => Array.from({ length: 5 }, () => listen(key)));
      for (const key of keys) await started(key, 5);
      for (const key of keys) hub.publish(key, { stage: 'queued' });
      await hub.flush();
      await vi.waitFor(() => expect(watchers.every((w) => w.heard.length === 1)).toBe(true), { timeout: 5_000, interval: 10 });

      // Every query the hub makes goes through an entity manager of its own (a fork).
      const queries = vi.spyOn(test.db.orm.em, 'fork');
      const startedAt = Date.now();
      await sleep(POLL_MS * 10);
      const intervals = (Date.now() - startedAt) / POLL_MS;
      const made = queries.mock.calls.length;
      // A read waits for the one before it: at most one per interval, however many streams.
      expect(made).toBeGreaterThanOrEqual(1);
      expect(made).toBeLessThanOrEqual(Math.ceil(intervals) + 1);
      for (const watcher of watchers) watcher.stop();
      const after = queries.mock.calls.length;
      await sleep(POLL_MS * 3);
      // Nobody watches: nothing is read.
      expect(queries.mock.calls.length - after).toBeLessThanOrEqual(1);
    });
  });
}
