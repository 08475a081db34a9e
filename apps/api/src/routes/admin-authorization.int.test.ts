import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListAuditLog, SetAdminRole, SetTierPriceIds, SetUserTier, updateUserTierSchema, type AdminActor } from '@civicwatch/core';
import { paymentIntentIdOf, startFakeStripe, stripeEnvironment, type FakeStripe } from '@civicwatch/adapters/payments/stripe/testing/fake-stripe-server.ts';
import { buildTestApp, sessionCookie, verifyEmail, type TestApp } from '../testing/test-app.ts';
import { multipartBody } from '../testing/multipart.ts';

// Who may call what (docs/product/credits-and-tiers.md "What each tier may do", docs/product/administration.md "Who is an administrator"): every /api/admin route refuses the signed-out
// (401), a Citizen and a paying member alike (403: admin is a role, never a tier), and the unverified account
// of an address ADMIN_EMAILS names (403: whoever registered it first need not own it), and serves an administrator.
// Payments are on (the local fake Stripe), so that a refund can succeed for the administrator too.
const CHIEF = 'chief@example.org';
/** Named by ADMIN_EMAILS, registered by someone who cannot open its mail: never verified. */
const SQUATTED = 'deputy@example.org';

let fake: FakeStripe;
let t: TestApp;
let chief: Member;
let citizen: Member;
let patriot: Member;
let payer: Member;
let squatter: Member;
beforeAll(async () => {
  fake = await startFakeStripe();
  t = await buildTestApp({
    ADMIN_EMAILS: `${CHIEF},${SQUATTED}`,
    ...stripeEnvironment(fake),
  });
  await t.runtime.container.get(SetTierPriceIds).execute({ patriot: fake.createPrice({ unitAmountCents: 2900 }), defender: fake.createPrice({ unitAmountCents: 9900 }) });
  chief = await signUp(CHIEF);
  await verifyEmail(t, CHIEF);
  squatter = await signUp(SQUATTED);
  citizen = await signUp();
  patriot = await signUp();
  const asChief: AdminActor = { userId: chief.id, label: CHIEF };
  const upgraded = await t.runtime.container.get(SetUserTier).execute(asChief, updateUserTierSchema.parse({ userId: patriot.id, tier: 'patriot', credits: 5 }));
  if (!upgraded.ok) throw new Error(upgraded.error.message);
  payer = await signUp();
  await payFor(payer);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

interface Member { id: string; email: string; cookie: string }

let n = 0;
/** Each sign-up from its own address: registration is rate-limited per IP. */
async function signUp(email?: string): Promise<Member> {
  n += 1;
  email ??= `member${n}@example.org`;
  const res = await t.app.inject({ method: 'POST', url: '/api/register', payload: { firstName: 'Rosa', email, password: 'liberty1' }, remoteAddress: `10.1.${n}.1` });
  expect(res.statusCode).toBe(201);
  return { id: res.json().id, email, cookie: sessionCookie(res) };
}

/** Checkout of Patriot with a card, as the browser and the payment-success page do it. */
async function payFor(member: Member) {
  await verifyEmail(t, member.email);
  const started = await call(member, { method: 'POST', url: '/api/create-payment-intent', payload: { amount: 29, tier: 'patriot' } });
  const paymentId = fake.confirmPayment(paymentIntentIdOf(started.json<{ clientSecret: string }>().clientSecret), 'pm_card_visa').paymentIntentId;
  expect((await call(member, { method: 'POST', url: '/api/payment-success', payload: { payment_intent_id: paymentId, tier: 'patriot' } })).statusCode).toBe(200);
}

interface Request { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: Record<string, unknown> }
const call = (member: Member | null, request: Request) =>
  t.app.inject({ method: request.method, url: request.url, payload: request.payload, headers: member ? { cookie: member.cookie } : {} });
const auditTotal = async () => (await t.runtime.container.get(ListAuditLog).execute({ page: 1, pageSize: 1 })).total;

let codes = 0;
/**
 * Every /api/admin route with a valid request. A route that consumes something (a user or a promo code to
 * delete) makes it afresh; the administrator calls last, so their success shows the refused calls changed nothing.
 */
const adminRoutes: Array<[string, () => Promise<Request>]> = [
  ['GET /api/admin/settings', async () => ({ method: 'GET', url: '/api/admin/settings' })],
  ['POST /api/admin/settings', async () => ({ method: 'POST', url: '/api/admin/settings', payload: { key: 'summary_prompt', value: `Summarise plainly (${++codes}).` } })],
  ['GET /api/admin/users', async () => ({ method: 'GET', url: '/api/admin/users?page=1&pageSize=10&q=example' })],
  ['DELETE /api/admin/users/:id', async () => ({ method: 'DELETE', url: `/api/admin/users/${(await signUp()).id}` })],
  ['POST /api/admin/users/:id/verify-email', async () => ({ method: 'POST', url: `/api/admin/users/${(await signUp()).id}/verify-email` })],
  ['POST /api/admin/update-user-tier', async () => ({ method: 'POST', url: '/api/admin/update-user-tier', payload: { userId: citizen.id, tier: 'citizen', credits: 1 } })],
  ['POST /api/admin/refund', async () => ({ method: 'POST', url: '/api/admin/refund', payload: { userId: payer.id, amount: 1, reason: 'Goodwill' } })],
  ['GET /api/admin/promo-codes', async () => ({ method: 'GET', url: '/api/admin/promo-codes' })],
  ['POST /api/admin/promo-codes', async () => ({
    method: 'POST', url: '/api/admin/promo-codes',
    payload: { code: `MATRIX${++codes}`, type: 'credits', credits: 5, discountPercent: 0, maxUses: 1, expiresAt: '2099-12-31T00:00:00.000Z', isActive: true },
  })],
  ['DELETE /api/admin/promo-codes/:id', async () => {
    const created = await call(chief, { method: 'POST', url: '/api/admin/promo-codes', payload: { code: `GONE${++codes}`, credits: 1, expiresAt: '2099-12-31' } });
    expect(created.statusCode).toBe(201);
    return { method: 'DELETE', url: `/api/admin/promo-codes/${created.json().id}` };
  }],
  ['GET /api/admin/stats', async () => ({ method: 'GET', url: '/api/admin/stats' })],
  ['GET /api/admin/stats/trends', async () => ({ method: 'GET', url: '/api/admin/stats/trends' })],
  ['GET /api/admin/tiers', async () => ({ method: 'GET', url: '/api/admin/tiers' })],
  ['PATCH /api/admin/tiers/:id', async () => ({ method: 'PATCH', url: '/api/admin/tiers/defender', payload: { features: ['Everything in Patriot', `Priority processing (${++codes})`] } })],
  ['GET /api/admin/audit', async () => ({ method: 'GET', url: '/api/admin/audit?page=1&pageSize=20' })],
  ['GET /api/admin/outbox', async () => ({ method: 'GET', url: '/api/admin/outbox?page=1&pageSize=20' })],
];

describe('every /api/admin route', () => {
  it('is in this matrix', async () => {
    const openapi = (await t.app.inject({ url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, { tags?: string[] }>> }>();
    const served = Object.entries(openapi.paths)
      .filter(([path]) => path.startsWith('/api/admin'))
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`));
    expect(served.sort()).toEqual(adminRoutes.map(([name]) => name).sort());
  });

  it.each(adminRoutes)('%s: 401 signed out, 403 for a Citizen, a paying member and an unverified ADMIN_EMAILS address, 2xx for an administrator', async (_name, makeRequest) => {
    const request = await makeRequest();
    const audited = await auditTotal();

    const signedOut = await call(null, request);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ code: 'auth.unauthorized', message: 'Unauthorized' });
    for (const member of [citizen, patriot, squatter]) {
      const refused = await call(member, request);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ code: 'auth.forbidden', message: "You don't have admin permissions." });
    }
    expect(await auditTotal()).toBe(audited);

    const served = await call(chief, request);
    expect(served.statusCode, served.body).toBeGreaterThanOrEqual(200);
    expect(served.statusCode, served.body).toBeLessThan(300);
  });

  it('refuses before reading the body: a non-admin never sees validation messages', async () => {
    const res = await call(citizen, { method: 'POST', url: '/api/admin/update-user-tier', payload: { tier: 'nonsense' } });
    expect(res.statusCode).toBe(403);
    expect((await call(null, { method: 'POST', url: '/api/admin/refund', payload: {} })).statusCode).toBe(401);
  });
});

describe('the admin role', () => {
  it('is the paying member\'s tier, not a role: Patriot is a tier and gives no admin access', async () => {
    const me = (await call(patriot, { method: 'GET', url: '/api/user' })).json();
    expect(me).toMatchObject({ subscriptionTier: 'patriot', role: 'user', isAdmin: false });
    expect((await call(chief, { method: 'GET', url: '/api/user' })).json()).toMatchObject({ role: 'admin', isAdmin: true, subscriptionTier: 'citizen' });
  });

  it('is read on every request: granted, it opens the admin routes to the same session; revoked, it closes them at once', async () => {
    const deputy = await signUp();
    const asChief: AdminActor = { userId: chief.id, label: CHIEF };
    const stats: Request = { method: 'GET', url: '/api/admin/stats' };
    expect((await call(deputy, stats)).statusCode).toBe(403);
    await t.runtime.container.get(SetAdminRole).execute(asChief, deputy.email, 'admin');
    expect((await call(deputy, stats)).statusCode).toBe(200);
    await t.runtime.container.get(SetAdminRole).execute(asChief, deputy.email, 'user');
    expect((await call(deputy, stats)).statusCode).toBe(403);
  });

  it('ends with the account: a deleted user\'s session is signed out', async () => {
    const leaving = await signUp();
    expect((await call(chief, { method: 'DELETE', url: `/api/admin/users/${leaving.id}` })).statusCode).toBe(204);
    expect((await call(leaving, { method: 'GET', url: '/api/user' })).statusCode).toBe(401);
  });
});

describe('the signed-in routes keep each user to their own data', () => {
  it('answers 404 to another user\'s analysis, to read it or to delete it, and leaves it to its owner', async () => {
    const owner = await signUp();
    const other = await signUp();
    const text = 'ORDINANCE 2024-17. The City Council of Springfield hereby levies a tax of $0.10 per $100 of assessed value for the '
      + 'maintenance of public libraries. Any resident may object in writing before the public hearing on June 3, 2024.';
    const { payload, headers } = multipartBody({ text, title: 'Library levy', analysisType: 'summary' });
    const analyzed = await t.app.inject({ method: 'POST', url: '/api/analyze', payload, headers: { ...headers, cookie: owner.cookie } });
    expect(analyzed.statusCode, analyzed.body).toBe(200);
    const url = `/api/analyses/${analyzed.json().analysisId}`;

    for (const method of ['GET', 'DELETE'] as const) {
      const res = await call(other, { method, url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'analysis.not_found' });
    }
    const list = (await call(other, { method: 'GET', url: '/api/analyses' })).json();
    expect(list.total).toBe(0);
    expect((await call(owner, { method: 'GET', url })).json()).toMatchObject({ document: { title: 'Library levy' } });
  });
});
