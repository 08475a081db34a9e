import type { FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifySession, { type SessionStore } from '@fastify/session';
import type { SessionAccount } from '@civicwatch/adapters/persistence/postgres-session-store.ts';

declare module 'fastify' {
  interface Session {
    userId?: string;
    /** Set in the session that created the account: the account's first visit (`UserView.firstVisit`). */
    firstVisit?: boolean;
    /** When the session's expiry was last pushed back; changing it is what makes the store save the row. */
    refreshedAt?: number;
    /** The account of `userId`, read by the store with the session in one query; never stored (null: none). */
    account?: SessionAccount | null;
  }
}

export const SESSION_COOKIE = 'civicwatch.sid';
const ONE_DAY_MS = 24 * 60 * 60 * 1000;
const THIRTY_DAYS_MS = 30 * ONE_DAY_MS;

/**
 * Sessions live in PostgreSQL, so they survive restarts and are shared by every instance.
 * The cookie is HttpOnly and SameSite=Lax, Secure when the public URL is https; a session row is
 * written only once someone signs in (saveUninitialized: false).
 *
 * A session ends 30 days after its last use, to the day: the expiry is pushed back (and the row written)
 * at most once a day, not on every request as `rolling` would, which cost a database write per signed-in
 * call (issue 8's dashboard benchmark).
 */
export async function registerSessions(app: FastifyInstance, options: { secret: string; secure: boolean; store: SessionStore }) {
  await app.register(fastifyCookie);
  await app.register(fastifySession, {
    secret: options.secret,
    cookieName: SESSION_COOKIE,
    store: options.store,
    saveUninitialized: false,
    rolling: false,
    cookie: { httpOnly: true, sameSite: 'lax', secure: options.secure, path: '/', maxAge: THIRTY_DAYS_MS },
  });
  app.addHook('preHandler', async (request) => {
    const session = request.session;
    const now = Date.now();
    if (!session.userId || (session.refreshedAt ?? 0) > now - ONE_DAY_MS) return;
    session.touch();
    session.refreshedAt = now;
  });
}
