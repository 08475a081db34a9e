import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListOutbox, TokenSigner } from '@civicwatch/core';
import { HmacTokenSigner } from '@civicwatch/adapters/notifications/hmac-token-signer.ts';
import { buildTestApp, sessionCookie, type TestApp } from '../testing/test-app.ts';
import { UNSUBSCRIBE_REQUESTS_PER_MINUTE } from './unsubscribe.routes.ts';

let t: TestApp;
beforeAll(async () => {
  // Plain http: the injected requests are, and the session cookie is Secure only behind https.
  t = await buildTestApp({ PUBLIC_URL: 'http://civicwatch.example' });
});
afterAll(async () => {
  await t?.close();
});

const invalidLink = { code: 'validation.invalid', message: 'Invalid unsubscribe link' };
let n = 0;

/** Signs up, and answers the session and the unsubscribe link of the welcome e-mail in the outbox. */
const signUp = async () => {
  n += 1;
  const email = `reader${n}@example.org`;
  const res = await t.app.inject({ method: 'POST', url: '/api/register', payload: { firstName: `Reader${n}`, email, password: 'secret1' } });
  expect(res.statusCode).toBe(201);
  const { messages } = await t.runtime.container.get(ListOutbox).execute({ limit: 100 });
  const welcome = messages.find((m) => m.to === email && m.kind === 'welcome');
  const link = /(http:\/\/civicwatch\.example\/unsubscribe\?token=\S+)/.exec(welcome?.text ?? '')?.[1];
  if (!link) throw new Error('no unsubscribe link in the welcome e-mail');
  return { cookie: sessionCookie(res), link: new URL(link) };
};
const unsubscribe = (query: string, remoteAddress?: string) =>
  t.app.inject({ method: 'GET', url: `/api/unsubscribe${query}`, ...(remoteAddress ? { remoteAddress } : {}) });
const preferencesOf = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).json<{ emailPreferences: unknown }>().emailPreferences;

describe('GET /api/unsubscribe', () => {
  it('turns off optional e-mail for the link of a welcome e-mail, with no session, and says so', async () => {
    const reader = await signUp();
    const other = await signUp();
    const res = await unsubscribe(reader.link.search);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'You have been unsubscribed from CivicWatch e-mails.' });
    expect(await preferencesOf(reader.cookie)).toEqual({ productUpdates: false, analysisNotices: false, receipts: true });
    expect(await preferencesOf(other.cookie)).toEqual({ productUpdates: true, analysisNotices: true, receipts: true });

    const again = await unsubscribe(reader.link.search);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: 'You have been unsubscribed from CivicWatch e-mails.' });
  });

  it('answers 400 Invalid unsubscribe link without a token', async () => {
    for (const query of ['', '?token=', '?token=%20%20']) {
      const res = await unsubscribe(query);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(invalidLink);
    }
  });

  it('answers 400 Invalid unsubscribe link for a token that was altered or not signed by this server', async () => {
    const reader = await signUp();
    const token = reader.link.searchParams.get('token')!;
    const [subject, mac] = token.split('.') as [string, string];
    const stranger = new HmacTokenSigner('a-secret-this-server-does-not-have-0123456789');
    const userId = t.runtime.container.get<TokenSigner>(TokenSigner).verify('unsubscribe', token)!;
    for (const forged of [`${subject}.${mac.slice(1)}x`, `${Buffer.from(randomUUID()).toString('base64url')}.${mac}`, stranger.sign('unsubscribe', userId), 'not-a-token']) {
      const res = await unsubscribe(`?token=${encodeURIComponent(forged)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(invalidLink);
    }
    expect(await preferencesOf(reader.cookie)).toEqual({ productUpdates: true, analysisNotices: true, receipts: true });
  });

  it('answers 404 for a genuine link whose account no longer exists', async () => {
    const token = t.runtime.container.get<TokenSigner>(TokenSigner).sign('unsubscribe', randomUUID());
    const res = await unsubscribe(`?token=${encodeURIComponent(token)}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'user.not_found' });
  });

  it(`refuses more than ${UNSUBSCRIBE_REQUESTS_PER_MINUTE} requests a minute from one address`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= UNSUBSCRIBE_REQUESTS_PER_MINUTE; i++) statuses.push((await unsubscribe('?token=guess', '203.0.113.9')).statusCode);
    expect(statuses.slice(0, UNSUBSCRIBE_REQUESTS_PER_MINUTE).every((s) => s === 400)).toBe(true);
    const refused = await unsubscribe('?token=guess', '203.0.113.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate.limited' });
    expect((await unsubscribe('?token=guess', '203.0.113.10')).statusCode).toBe(400);
  });
});
