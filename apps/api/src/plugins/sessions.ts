import type { FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifySession, { type SessionStore } from '@fastify/session';

declare module 'fastify' {
  interface Session {
    userId?: string;
  }
}

export const SESSION_COOKIE = 'civicwatch.sid';
const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Sessions live in PostgreSQL, so they survive restarts and are shared by every instance.
 * The cookie is HttpOnly and SameSite=Lax, Secure when the public URL is https; a session row is
 * written only once someone signs in (saveUninitialized: false).
 */
export async function registerSessions(app: FastifyInstance, options: { secret: string; secure: boolean; store: SessionStore }) {
  await app.register(fastifyCookie);
  await app.register(fastifySession, {
    secret: options.secret,
    cookieName: SESSION_COOKIE,
    store: options.store,
    saveUninitialized: false,
    rolling: true,
    cookie: { httpOnly: true, sameSite: 'lax', secure: options.secure, path: '/', maxAge: THIRTY_DAYS_MS },
  });
}
