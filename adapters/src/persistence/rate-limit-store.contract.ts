import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RateLimitState, RateLimitStoreParams } from './postgres-rate-limit-store.ts';

/** The callback API @fastify/rate-limit calls. */
export interface RateLimitStoreLike {
  incr(key: string, callback: (error: Error | null, state?: RateLimitState) => void, timeWindow: number, max: number): void;
  read(key: string, callback: (error: Error | null, state?: RateLimitState) => void, timeWindow: number, max: number): void;
  child(params: RateLimitStoreParams): RateLimitStoreLike;
}

export interface RateLimitStoreSubject {
  store: RateLimitStoreLike;
  dispose(): Promise<void>;
}

const MAX = 20;
const incr = (store: RateLimitStoreLike, key: string, timeWindow = 60_000) =>
  new Promise<RateLimitState>((resolve, reject) => store.incr(key, (e, s) => (e ? reject(e) : resolve(s!)), timeWindow, MAX));
const read = (store: RateLimitStoreLike, key: string, timeWindow = 60_000) =>
  new Promise<RateLimitState>((resolve, reject) => store.read(key, (e, s) => (e ? reject(e) : resolve(s!)), timeWindow, MAX));

/** The behaviour @fastify/rate-limit relies on, for every rate-limit store. */
export function rateLimitStoreContract(name: string, open: () => Promise<RateLimitStoreSubject>): void {
  describe(`rate-limit store contract: ${name}`, () => {
    let subject: RateLimitStoreSubject;
    beforeAll(async () => {
      subject = await open();
    });
    afterAll(async () => {
      await subject?.dispose();
    });
    const limiter = () => subject.store.child({ routeInfo: {} });

    it('counts every one of simultaneous hits exactly once', async () => {
      const key = randomUUID();
      const states = await Promise.all(Array.from({ length: 50 }, () => incr(limiter(), key)));
      expect(states.map((s) => s.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      expect((await read(limiter(), key)).current).toBe(50);
    });

    it('reads without counting, and answers a clean state for a key never hit', async () => {
      const key = randomUUID();
      await incr(limiter(), key);
      await incr(limiter(), key);
      expect((await read(limiter(), key)).current).toBe(2);
      expect((await read(limiter(), key)).current).toBe(2);
      expect(await read(limiter(), randomUUID())).toEqual({ current: 0, ttl: 0 });
    });

    it('answers the time left in the window, and starts a new window once it ends', async () => {
      const key = randomUUID();
      const first = await incr(limiter(), key, 600);
      expect(first.current).toBe(1);
      expect(first.ttl).toBeGreaterThan(0);
      expect(first.ttl).toBeLessThanOrEqual(600);
      await incr(limiter(), key, 600);
      await sleep(800);
      expect(await read(limiter(), key, 600)).toEqual({ current: 0, ttl: 0 });
      expect((await incr(limiter(), key, 600)).current).toBe(1);
    });

    it('keeps the budgets of different routes apart under one key', async () => {
      const key = randomUUID();
      const login = subject.store.child({ routeInfo: { method: 'POST', url: '/api/login' } });
      const shared = subject.store.child({ routeInfo: { method: 'GET', url: '/api/shared/:token' } });
      await incr(login, key);
      await incr(login, key);
      expect((await incr(shared, key)).current).toBe(1);
      expect((await read(login, key)).current).toBe(2);
    });
  });
}
