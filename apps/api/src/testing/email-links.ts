import { expect } from 'vitest';
import type { Sql } from './credit-books.ts';
import { call } from './http-calls.ts';

/**
 * Opens the verification link of the newest e-mail to `email` that holds one, on the server at `base`: the
 * outbox table is read as the recipient reads the e-mail. An address ADMIN_EMAILS names becomes an
 * administrator's this way, as on a real installation.
 */
export async function openVerificationLink(base: string, sql: Sql, email: string): Promise<void> {
  const mail = await sql<{ body: string }>('select body from outbox where recipient = ? order by created_at desc', [email]);
  const token = mail.map((m) => /\/verify-email\?token=(\S+)/.exec(m.body)?.[1]).find(Boolean);
  if (!token) throw new Error(`no verification link e-mailed to ${email}`);
  const answer = await call(base, 'POST', '/api/email/verify', { json: { token: decodeURIComponent(token) } });
  expect(answer.status, answer.text).toBe(200);
}
