import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UnitOfWork } from '@civicwatch/core';
import { SessionAccount, type StoredSessionData } from './postgres-session-store.ts';
import { aUser } from './contract/builders.ts';

/** The callback API @fastify/session calls. */
export interface SessionStoreLike {
  set(sid: string, session: StoredSessionData, callback: (error?: unknown) => void): void;
  get(sid: string, callback: (error: unknown, session?: StoredSessionData | null) => void): void;
  destroy(sid: string, callback: (error?: unknown) => void): void;
}

export interface SessionStoreSubject {
  store: SessionStoreLike;
  /** The accounts the store reads with each session. */
  uow: UnitOfWork;
  dispose(): Promise<void>;
}

const set = (store: SessionStoreLike, sid: string, session: StoredSessionData) =>
  new Promise<void>((resolve, reject) => store.set(sid, session, (e) => (e ? reject(e) : resolve())));
const get = (store: SessionStoreLike, sid: string) =>
  new Promise<StoredSessionData | null | undefined>((resolve, reject) => store.get(sid, (e, s) => (e ? reject(e) : resolve(s))));
const destroy = (store: SessionStoreLike, sid: string) =>
  new Promise<void>((resolve, reject) => store.destroy(sid, (e) => (e ? reject(e) : resolve())));

/** The behaviour @fastify/session relies on, for every session store. */
export function sessionStoreContract(name: string, open: () => Promise<SessionStoreSubject>): void {
  describe(`session store contract: ${name}`, () => {
    let subject: SessionStoreSubject;
    beforeAll(async () => {
      subject = await open();
    });
    afterAll(async () => {
      await subject?.dispose();
    });

    const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

    it('gives back what was set', async () => {
      const sid = randomUUID();
      const session = { cookie: { expires: inAnHour(), httpOnly: true, path: '/' }, userId: 'u-1', nested: { a: [1, 2] } };
      await set(subject.store, sid, session);
      expect(await get(subject.store, sid)).toEqual({ ...session, account: null });
    });

    it("reads the account of the session's user with the session, as it is now", async () => {
      const user = aUser();
      await subject.uow.run((r) => r.users.insert(user));
      const sid = randomUUID();
      await set(subject.store, sid, { cookie: { expires: inAnHour() }, userId: user.id });
      const read = await get(subject.store, sid);
      expect(read?.account?.user).toEqual(user);
      // @fastify/session hashes the session twice a request to learn whether to save it: the account, never saved, as its id.
      expect(JSON.stringify(read?.account)).toBe(JSON.stringify(user.id));

      await subject.uow.run((r) => r.users.updateProfile({ ...user, firstName: 'Grace' }));
      expect((await get(subject.store, sid))?.account?.user.firstName).toBe('Grace');
      // A database ends a deleted account's sessions with it; either way, no account is signed in.
      await subject.uow.run((r) => r.users.delete(user.id));
      expect((await get(subject.store, sid))?.account ?? null).toBeNull();
    });

    it('never stores the account it was given back: the next read has the account as it is', async () => {
      const user = aUser();
      await subject.uow.run((r) => r.users.insert(user));
      const sid = randomUUID();
      await set(subject.store, sid, { cookie: { expires: inAnHour() }, userId: user.id, account: new SessionAccount({ ...user, role: 'admin' }) });
      expect((await get(subject.store, sid))?.account?.user.role).toBe('user');
    });

    it('reads no account for a session without a user, or with an unknown or malformed user id', async () => {
      for (const userId of [undefined, randomUUID(), 'not-a-uuid', "x' or 1=1 --"]) {
        const sid = randomUUID();
        await set(subject.store, sid, { cookie: { expires: inAnHour() }, ...(userId ? { userId } : {}) });
        expect(await get(subject.store, sid)).toMatchObject({ account: null });
      }
    });

    it('replaces a session that is set again', async () => {
      const sid = randomUUID();
      await set(subject.store, sid, { cookie: { expires: inAnHour() }, userId: 'first' });
      await set(subject.store, sid, { cookie: { expires: inAnHour() }, userId: 'second' });
      expect((await get(subject.store, sid))?.userId).toBe('second');
    });

    it('forgets a destroyed session', async () => {
      const sid = randomUUID();
      await set(subject.store, sid, { cookie: { expires: inAnHour() }, userId: 'u' });
      await destroy(subject.store, sid);
      expect(await get(subject.store, sid)).toBeFalsy();
    });

    it('answers nothing for an unknown session', async () => {
      expect(await get(subject.store, randomUUID())).toBeFalsy();
    });

    it('never answers an expired session, by expires or by maxAge', async () => {
      const byDate = randomUUID();
      const byMaxAge = randomUUID();
      await set(subject.store, byDate, { cookie: { expires: new Date(Date.now() - 1000).toISOString() }, userId: 'u' });
      await set(subject.store, byMaxAge, { cookie: { maxAge: -1000 }, userId: 'u' });
      expect(await get(subject.store, byDate)).toBeFalsy();
      expect(await get(subject.store, byMaxAge)).toBeFalsy();
    });

    it('keeps a session without an expiry for the default lifetime', async () => {
      const sid = randomUUID();
      await set(subject.store, sid, { cookie: { expires: null }, userId: 'u' });
      expect((await get(subject.store, sid))?.userId).toBe('u');
    });
  });
}
