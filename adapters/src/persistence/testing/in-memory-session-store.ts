import type { User } from '@civicwatch/core';
import { SessionAccount, type StoredSessionData } from '../postgres-session-store.ts';

type Callback = (error?: unknown) => void;
type GetCallback = (error: unknown, session?: StoredSessionData | null) => void;

/**
 * PostgresSessionStore's twin for tests without a database: same expiry rules, kept in a Map; a session's
 * account is read, as it is at that moment, through `accountOf` (none without it).
 */
export class InMemorySessionStore {
  private readonly sessions = new Map<string, { data: string; expiresAt: number }>();

  constructor(private readonly options: { defaultTtlMs?: number; now?: () => Date; accountOf?: (userId: string) => Promise<User | null> } = {}) {}

  set(sid: string, session: StoredSessionData, callback: Callback): void {
    const now = this.now();
    const expires = session.cookie?.expires ? new Date(session.cookie.expires).getTime() : Number.NaN;
    const maxAge = session.cookie?.maxAge ?? session.cookie?.originalMaxAge;
    const expiresAt = !Number.isNaN(expires) ? expires
      : typeof maxAge === 'number' ? now + maxAge
        : now + (this.options.defaultTtlMs ?? 24 * 60 * 60 * 1000);
    const { account: _readWithIt, ...stored } = session;
    this.sessions.set(sid, { data: JSON.stringify(stored), expiresAt });
    callback();
  }

  get(sid: string, callback: GetCallback): void {
    const found = this.sessions.get(sid);
    if (found && found.expiresAt <= this.now()) this.sessions.delete(sid);
    if (!found || found.expiresAt <= this.now()) return callback(null, null);
    const session = JSON.parse(found.data) as StoredSessionData;
    const userId = typeof session.userId === 'string' ? session.userId : null;
    const account = userId && this.options.accountOf ? this.options.accountOf(userId) : Promise.resolve(null);
    account.then((user) => callback(null, { ...session, account: user && new SessionAccount(user) }), (error: unknown) => callback(error));
  }

  destroy(sid: string, callback: Callback): void {
    this.sessions.delete(sid);
    callback();
  }

  private now(): number {
    return (this.options.now?.() ?? new Date()).getTime();
  }
}
