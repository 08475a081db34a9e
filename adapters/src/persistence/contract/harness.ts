import { afterAll, beforeAll, expect } from 'vitest';
import type { Repositories, UnitOfWork, User } from '@civicwatch/core';
import type { PostgresSessionStore } from '../postgres-session-store.ts';
import { aUser } from './builders.ts';

/** What a runner hands the contract: a unit of work, and the sessions the API signs in beside it. */
export interface UnitOfWorkSubject {
  uow: UnitOfWork;
  /** Signs `userId` in under session id `sid`, as the API's session store does at sign-in. */
  openSession(sid: string, userId: string): Promise<void>;
  /** Whether that session is still signed in. */
  hasSession(sid: string): Promise<boolean>;
  dispose(): Promise<void>;
}

/** openSession and hasSession of a database subject: the rows the API's session store writes and reads. */
export const storeSessions = (store: PostgresSessionStore): Pick<UnitOfWorkSubject, 'openSession' | 'hasSession'> => ({
  openSession: (sid, userId) => store.save(sid, { cookie: { expires: new Date(Date.now() + 3_600_000) }, userId }),
  hasSession: async (sid) => (await store.load(sid)) !== null,
});

/** What each repository's suite works with; the subject behind it is opened once, before the first test. */
export interface ContractHarness {
  uow: UnitOfWork;
  subject: Pick<UnitOfWorkSubject, 'openSession' | 'hasSession'>;
  /** Inserts `user`, granting it `grant` credits through the ledger. */
  register(user?: User, grant?: number): Promise<User>;
  balanceOf(userId: string): Promise<number | undefined>;
}

/** Opens the subject in `beforeAll` and disposes of it in `afterAll` of the calling describe block. */
export function openHarness(open: () => Promise<UnitOfWorkSubject>): ContractHarness {
  let opened: UnitOfWorkSubject | undefined;
  beforeAll(async () => {
    opened = await open();
  });
  afterAll(async () => {
    await opened?.dispose();
  });
  const subject = (): UnitOfWorkSubject => {
    if (!opened) throw new Error('The contract subject opens in beforeAll; a suite reached it before');
    return opened;
  };

  const uow: UnitOfWork = {
    run: <T>(work: (repos: Repositories) => Promise<T>) => subject().uow.run(work),
    read: <T>(work: (repos: Repositories) => Promise<T>) => subject().uow.read(work),
  };
  const register = async (user: User = aUser(), grant = 0) => {
    const inserted = await uow.run((r) => r.users.insert(user));
    expect(inserted).toEqual({ ok: true, value: undefined });
    if (grant) await uow.run((r) => r.ledger.post({ userId: user.id, delta: grant, reason: 'signup_grant', reference: user.id }));
    return user;
  };
  const balanceOf = async (userId: string) => (await uow.run((r) => r.users.findById(userId)))?.credits;
  return {
    uow,
    subject: { openSession: (sid, userId) => subject().openSession(sid, userId), hasSession: (sid) => subject().hasSession(sid) },
    register,
    balanceOf,
  };
}
