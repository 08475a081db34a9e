/**
 * Input the database cannot hold or the HTTP layer cannot parse is the caller's mistake: a 400 with
 * `{ code, message }` that says what is wrong, never a 500 or a 503, and nothing stored. A Stripe event that
 * is correctly signed but not shaped as CivicWatch reads it is acknowledged (2xx) and logged, so that Stripe
 * does not send it again for days.
 */
import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NUL_CHARACTER_MESSAGE } from '@civicwatch/core';
import { startFakeStripe, stripeEnvironment, type FakeStripe } from '@civicwatch/adapters/payments/stripe/testing/fake-stripe-server.ts';
import { buildTestApp, sessionCookie, verifyEmail, type TestApp } from './testing/test-app.ts';
import { multipartBody } from './testing/multipart.ts';

const CHIEF = 'chief@bad-input.test';
let fake: FakeStripe;
let t: TestApp;
let chief: string;
let rosa: string;

let n = 0;
const register = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/register', payload, remoteAddress: `10.9.${++n}.1` });
const signUp = async (email: string) => {
  const res = await register({ firstName: 'Rosa', email, password: 'liberty1' });
  expect(res.statusCode, res.body).toBe(201);
  return sessionCookie(res);
};
const count = async (table: string) =>
  (await t.runtime.database.orm.em.fork().execute<Array<{ n: number }>>(`select count(*)::int as n from ${table}`))[0]!.n;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await buildTestApp({ ADMIN_EMAILS: CHIEF, ...stripeEnvironment(fake) });
  chief = await signUp(CHIEF);
  // ADMIN_EMAILS makes an account an administrator once its address is verified.
  await verifyEmail(t, CHIEF);
  rosa = await signUp('rosa@bad-input.test');
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** A 400 whose body is exactly `{ code, message }`. */
const expectRefused = (res: { statusCode: number; body: string }, message?: string) => {
  expect(res.statusCode, res.body).toBe(400);
  const body = JSON.parse(res.body) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['code', 'message']);
  expect(body.code).toBe('validation.invalid');
  if (message) expect(body.message).toBe(message);
};

describe('text with a NUL character', () => {
  it('is refused in the sign-up first name, and no account is made', async () => {
    const before = await count('users');
    // A name is one line without control characters (fields.ts' nameField), NUL among them.
    expectRefused(await register({ firstName: 'Ro\u0000sa', email: `nul-${randomUUID()}@bad-input.test`, password: 'liberty1' }), 'Username must be one line, without control characters');
    expect(await count('users')).toBe(before);
  });

  it("is refused in an analysis's focus and title, and no credit is spent", async () => {
    const analyze = (fields: Record<string, string>) => {
      const { payload, headers } = multipartBody({ analysisType: 'summary', text: 'The council meets on Tuesdays. '.repeat(10), ...fields });
      return t.app.inject({ method: 'POST', url: '/api/analyze', payload, headers: { ...headers, cookie: rosa } });
    };
    expectRefused(await analyze({ analysisType: 'custom', customPrompt: 'Who\u0000 pays?' }), NUL_CHARACTER_MESSAGE);
    expectRefused(await analyze({ title: 'Minutes\u0000' }), NUL_CHARACTER_MESSAGE);
    expect(await count('analyses')).toBe(0);
  });

  it('is refused in a promo code, a profile, a search and the admin texts', async () => {
    const as = (cookie: string, method: 'POST' | 'PATCH' | 'GET', url: string, payload?: Record<string, unknown>) =>
      t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
    expectRefused(await as(rosa, 'POST', '/api/validate-promo', { code: 'SPRING\u0000' }), NUL_CHARACTER_MESSAGE);
    expectRefused(await as(rosa, 'PATCH', '/api/profile', { lastName: 'Parks\u0000' }));
    expectRefused(await as(rosa, 'GET', '/api/analyses?q=levy%00'), NUL_CHARACTER_MESSAGE);
    expectRefused(await as(chief, 'POST', '/api/admin/promo-codes', { code: 'NUL\u0000', credits: 1, expiresAt: '2099-01-01' }), NUL_CHARACTER_MESSAGE);
    expectRefused(await as(chief, 'POST', '/api/admin/settings', { key: 'summary_prompt', value: 'Summarise\u0000' }), NUL_CHARACTER_MESSAGE);
    expectRefused(await as(chief, 'PATCH', '/api/admin/tiers/patriot', { features: ['Five\u0000 analyses'] }), NUL_CHARACTER_MESSAGE);
    expectRefused(await as(chief, 'PATCH', '/api/admin/tiers/patriot', { stripePriceId: 'price_\u0000' }), NUL_CHARACTER_MESSAGE);
    expectRefused(await as(chief, 'GET', '/api/admin/users?q=rosa%00'), NUL_CHARACTER_MESSAGE);
  });
});

describe('numbers and dates beyond what the database holds', () => {
  const createPromo = (fields: Record<string, unknown>) => t.app.inject({
    method: 'POST', url: '/api/admin/promo-codes', headers: { cookie: chief },
    payload: { code: `BIG${++n}`, credits: 1, expiresAt: '2099-01-01', ...fields },
  });

  it('refuses a promo code used more than a million times, or expiring after 2099', async () => {
    const before = await count('promo_codes');
    expectRefused(await createPromo({ maxUses: 2_147_483_648 }), 'Max uses must be at most 1000000');
    for (const maxUses of [1e20, '99999999999999999999', Number.MAX_VALUE]) expectRefused(await createPromo({ maxUses }));
    for (const expiresAt of ['9999-12-31', '2100-01-02', '+275760-09-13T00:00:00.000Z']) {
      expectRefused(await createPromo({ expiresAt }));
    }
    expect(await count('promo_codes')).toBe(before);
    // The bounds themselves are accepted.
    expect((await createPromo({ maxUses: 1_000_000, expiresAt: '2099-12-31' })).statusCode).toBe(201);
  });

  it('refuses a refund of more dollars than any payment holds', async () => {
    const [member] = await t.runtime.database.orm.em.fork().execute<Array<{ id: string }>>(`select id from users where email = 'rosa@bad-input.test'`);
    const res = await t.app.inject({
      method: 'POST', url: '/api/admin/refund', headers: { cookie: chief }, payload: { userId: member!.id, amount: 1e300, reason: 'test' },
    });
    expectRefused(res);
  });
});

describe('requests the HTTP layer cannot read', () => {
  it('answers an unterminated multipart body with 400', async () => {
    const boundary = '----civicwatchcut';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="analysisType"\r\n\r\nsummary\r\n--${boundary}\r\nContent-Disposition: form-data; name="text"\r\n\r\nThe council`;
    const res = await t.app.inject({
      method: 'POST', url: '/api/analyze', payload, headers: { cookie: rosa, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expectRefused(res);
  });

  it('answers a path that is not UTF-8 once decoded with 400', async () => {
    for (const url of ['/api/analyses/%ff', '/api/shared/%c3%28', '/api/analyses/%ed%a0%80']) {
      expectRefused(await t.app.inject({ method: 'GET', url, headers: { cookie: rosa } }));
    }
  });
});

describe('a Stripe event signed with our secret but not shaped as Stripe sends it', () => {
  const deliver = (event: Record<string, unknown>) => {
    const { body, signature } = fake.signedDelivery(event as unknown as Stripe.Event);
    return t.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload: body, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
  };

  it('is acknowledged without effect, so that Stripe does not send it again', async () => {
    const before = await count('payment_events');
    for (const event of [
      { id: `evt_${randomUUID()}`, object: 'event', type: 'invoice.paid', data: {} },
      { id: `evt_${randomUUID()}`, object: 'event', type: 'invoice.payment_failed', data: { object: { id: 'in_1', lines: 'none' } } },
      { id: `evt_${randomUUID()}`, object: 'event', type: 'charge.refunded', data: { object: { payment_intent: 'pi_1', amount_refunded: 'all of it' } } },
      { id: `evt_${randomUUID()}`, object: 'event', type: 'customer.subscription.deleted', data: { object: { id: 'sub_1', status: 'gone', items: null } } },
      { id: 42, object: 'event', type: 'customer.subscription.updated', data: { object: null } },
    ]) {
      const res = await deliver(event);
      expect(res.statusCode, `${event.type}: ${res.body}`).toBe(200);
      expect(res.json()).toEqual({ received: true, outcome: 'unreadable' });
    }
    expect(await count('payment_events')).toBe(before);
  });
});
