import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NUL_CHARACTER_MESSAGE, PAYMENTS_NOT_CONFIGURED_MESSAGE, SetTierPriceIds, UnitOfWork, adminMessages, adminTrendsSchema, auditEntryListSchema, promoCodeViewSchema,
  subscriptionTierListSchema, updateTierSchema, userViewSchema,
} from '@civicwatch/core';
import { paymentIntentIdOf, startFakeStripe, stripeEnvironment, type FakeStripe } from '@civicwatch/adapters/payments/stripe/testing/fake-stripe-server.ts';
import { buildTestApp, sessionCookie, verifyEmail, type TestApp } from '../testing/test-app.ts';
import { multipartBody } from '../testing/multipart.ts';

// The admin panel's routes on the real wiring (PGlite, the Stripe adapter against the local fake Stripe):
// what each answers, what it changes, and the audit entry each action leaves.
const CHIEF = 'chief@example.org';
const DEPUTY = 'deputy@example.org';
/** Named by ADMIN_EMAILS, never verified by its link: the panel vouches for it (the last tests, after the stats). */
const NEWCOMER = 'newcomer@example.org';
const ORDINANCE = 'ORDINANCE 2024-17. The City Council of Springfield hereby levies a tax of $0.10 per $100 of assessed value for the '
  + 'maintenance of public libraries. Any resident may object in writing before the public hearing on June 3, 2024.';

let fake: FakeStripe;
let t: TestApp;
let chief: Member;
let deputy: Member;
beforeAll(async () => {
  fake = await startFakeStripe();
  t = await buildTestApp({
    ADMIN_EMAILS: `${CHIEF},${DEPUTY},${NEWCOMER}`,
    ...stripeEnvironment(fake),
  });
  await t.runtime.container.get(SetTierPriceIds).execute({ patriot: fake.createPrice({ unitAmountCents: 2900 }), defender: fake.createPrice({ unitAmountCents: 9900 }) });
  chief = await signUp({ email: CHIEF });
  deputy = await signUp({ email: DEPUTY });
  // ADMIN_EMAILS makes them administrators once their addresses are verified, by the welcome e-mail's link.
  await verifyEmail(t, CHIEF);
  await verifyEmail(t, DEPUTY);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

interface Member { id: string; email: string; cookie: string }

let n = 0;
/** Each sign-up from its own address: registration is rate-limited per IP. */
async function signUp(options: { email?: string; firstName?: string; app?: TestApp } = {}): Promise<Member> {
  n += 1;
  const email = options.email ?? `member${n}@example.org`;
  const res = await (options.app ?? t).app.inject({
    method: 'POST', url: '/api/register', payload: { firstName: options.firstName ?? 'Rosa', email, password: 'liberty1' }, remoteAddress: `10.2.${n}.1`,
  });
  expect(res.statusCode).toBe(201);
  return { id: res.json().id, email, cookie: sessionCookie(res) };
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (member: Member, method: Method, url: string, payload?: Record<string, unknown>, app: TestApp = t) =>
  app.app.inject({ method, url, payload, headers: { cookie: member.cookie } });
const asChief = (method: Method, url: string, payload?: Record<string, unknown>) => call(chief, method, url, payload);

const ledgerOf = async (userId: string) =>
  (await t.runtime.container.get<UnitOfWork>(UnitOfWork).run((r) => r.ledger.history(userId))).map((row) => [row.reason, row.delta]);
/** The newest audit entries (the panel's first page). */
const latestAudit = async (pageSize = 5) => auditEntryListSchema.parse((await asChief('GET', `/api/admin/audit?page=1&pageSize=${pageSize}`)).json());

async function payForPatriot(member: Member) {
  await verifyEmail(t, member.email);
  const started = await call(member, 'POST', '/api/create-payment-intent', { amount: 29, tier: 'patriot' });
  const paymentId = fake.confirmPayment(paymentIntentIdOf(started.json<{ clientSecret: string }>().clientSecret), 'pm_card_visa').paymentIntentId;
  const confirmed = await call(member, 'POST', '/api/payment-success', { payment_intent_id: paymentId, tier: 'patriot' });
  expect(confirmed.json()).toMatchObject({ credits: 6, tier: 'patriot' });
  return paymentId;
}

describe('GET and POST /api/admin/settings', () => {
  it('lists the three prompts as key and value', async () => {
    const res = await asChief('GET', '/api/admin/settings');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((s: { key: string }) => s.key).sort()).toEqual(['free_user_prompt', 'paid_user_prompt', 'summary_prompt']);
  });

  it('saves a prompt, which the list then shows, with an audit entry of the old and new text under the administrator', async () => {
    const old = (await asChief('GET', '/api/admin/settings')).json().find((s: { key: string }) => s.key === 'paid_user_prompt').value;
    const value = 'Check this against the constitution of {{STATE}} in {{COUNTRY}}, citing articles.';
    const saved = await asChief('POST', '/api/admin/settings', { key: 'paid_user_prompt', value });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ key: 'paid_user_prompt', value });
    expect((await asChief('GET', '/api/admin/settings')).json()).toContainEqual({ key: 'paid_user_prompt', value });
    expect((await latestAudit())[0]).toMatchObject({ actor: CHIEF, action: 'prompt.update', target: 'paid_user_prompt', before: { value: old }, after: { value } });
  });

  it('refuses a paid prompt without {{STATE}} and {{COUNTRY}}, an empty prompt and an unknown key, with their messages', async () => {
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ key: 'paid_user_prompt', value: 'Analyse for {{STATE}}.' }, adminMessages.paidPromptPlaceholders],
      [{ key: 'free_user_prompt', value: '   ' }, 'A prompt cannot be empty'],
      [{ key: 'welcome_prompt', value: 'Hello' }, 'Unknown setting: the keys are free_user_prompt, paid_user_prompt and summary_prompt'],
    ];
    for (const [payload, message] of refusals) {
      const res = await asChief('POST', '/api/admin/settings', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'validation.invalid', message });
    }
  });
});

describe('text PostgreSQL cannot store', () => {
  it('is made storable in a prompt and a tier\'s features: half an emoji replaced, a NUL refused', async () => {
    const prompt = await asChief('POST', '/api/admin/settings', { key: 'summary_prompt', value: 'Summarise the document \ud83d plainly.' });
    expect(prompt.statusCode).toBe(200);
    expect(prompt.json()).toEqual({ key: 'summary_prompt', value: 'Summarise the document \ufffd plainly.' });

    const tier = await asChief('PATCH', '/api/admin/tiers/patriot', { features: ['Five analyses', 'Priority \udc00'] });
    expect(tier.statusCode).toBe(200);
    expect(tier.json().features).toEqual(['Five analyses', 'Priority \ufffd']);

    const nul = await asChief('POST', '/api/admin/settings', { key: 'summary_prompt', value: 'Summarise\u0000 the document.' });
    expect([nul.statusCode, nul.json()]).toEqual([400, { code: 'validation.invalid', message: NUL_CHARACTER_MESSAGE }]);
  });
});

describe('GET /api/admin/users', () => {
  it('pages a plain array of users, newest first, with the whole count in X-Total-Count and q searching e-mail and name', async () => {
    const made: Member[] = [];
    for (let i = 1; i <= 7; i++) made.push(await signUp({ email: `pager${i}-${n}@example.org`, firstName: i === 3 ? 'Quillon' : 'Rosa' }));
    const newestFirst = made.map((m) => m.id).reverse();

    const first = await asChief('GET', '/api/admin/users?q=PAGER&pageSize=3');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('7');
    expect(first.json().map((u: { id: string }) => u.id)).toEqual(newestFirst.slice(0, 3));
    const third = await asChief('GET', '/api/admin/users?q=pager&pageSize=3&page=3');
    expect(third.json().map((u: { id: string }) => u.id)).toEqual(newestFirst.slice(6));
    expect((await asChief('GET', '/api/admin/users?q=pager&pageSize=3&page=4')).json()).toEqual([]);

    const byName = await asChief('GET', '/api/admin/users?q=quillon');
    expect(byName.json().map((u: { id: string }) => u.id)).toEqual([made[2]!.id]);
    expect(byName.headers['x-total-count']).toBe('1');
  });

  it('answers the first 50 by default, each a user view without any secret', async () => {
    const res = await asChief('GET', '/api/admin/users');
    const users = res.json() as unknown[];
    expect(Array.isArray(users)).toBe(true);
    expect(users.length).toBe(Math.min(50, Number(res.headers['x-total-count'])));
    for (const user of users) expect(Object.keys(userViewSchema.parse(user))).toEqual(Object.keys(user as object));
    expect(res.body).not.toMatch(/password/i);
    expect(users).toContainEqual(expect.objectContaining({ email: CHIEF, role: 'admin', isAdmin: true }));
  });

  it('refuses a page below 1 and a page size above 200', async () => {
    expect((await asChief('GET', '/api/admin/users?page=0')).json()).toEqual({ code: 'validation.invalid', message: 'page must be 1 or more' });
    expect((await asChief('GET', '/api/admin/users?pageSize=201')).json()).toEqual({ code: 'validation.invalid', message: 'pageSize must be between 1 and 200' });
    expect((await asChief('GET', '/api/admin/users?pageSize=200')).statusCode).toBe(200);
  });
});

describe('DELETE /api/admin/users/{id}', () => {
  it('refuses the main administrator and any other administrator with 409 and the reason: a protected account, not a refused caller', async () => {
    const main = await asChief('DELETE', `/api/admin/users/${chief.id}`);
    expect(main.statusCode).toBe(409);
    expect(main.json()).toEqual({ code: 'user.protected', message: adminMessages.cannotDeleteMainAdmin });
    const other = await call(deputy, 'DELETE', `/api/admin/users/${chief.id}`);
    expect(other.json()).toEqual({ code: 'user.protected', message: adminMessages.cannotDeleteMainAdmin });
    const admin = await asChief('DELETE', `/api/admin/users/${deputy.id}`);
    expect(admin.statusCode).toBe(409);
    expect(admin.json()).toEqual({ code: 'user.protected', message: adminMessages.cannotDeleteAdmin });
    expect((await call(deputy, 'GET', '/api/user')).statusCode).toBe(200);
  });

  it('answers 404 for an unknown id, whatever its shape', async () => {
    for (const id of ['00000000-0000-4000-8000-999999999999', 'not-a-user']) {
      const res = await asChief('DELETE', `/api/admin/users/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'user.not_found', message: adminMessages.userNotFound });
    }
  });

  it('deletes the account with its analyses and signs it out, and the audit log keeps who did it', async () => {
    const leaving = await signUp();
    const { payload, headers } = multipartBody({ text: ORDINANCE, analysisType: 'summary' });
    expect((await t.app.inject({ method: 'POST', url: '/api/analyze', payload, headers: { ...headers, cookie: leaving.cookie } })).statusCode).toBe(200);

    const res = await asChief('DELETE', `/api/admin/users/${leaving.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await asChief('GET', `/api/admin/users?q=${leaving.email}`)).json()).toEqual([]);
    expect((await call(leaving, 'GET', '/api/user')).statusCode).toBe(401);
    const [rows] = [await t.runtime.database.orm.em.fork().execute<Array<{ n: string }>>('select count(*) as n from analyses where user_id = ?', [leaving.id])];
    expect(Number(rows[0]!.n)).toBe(0);
    expect(await ledgerOf(leaving.id)).toEqual([]);
    expect((await latestAudit())[0]).toMatchObject({
      actor: CHIEF, action: 'user.delete', target: leaving.email, before: { email: leaving.email, tier: 'citizen', credits: 0 }, after: null,
    });
    expect((await asChief('DELETE', `/api/admin/users/${leaving.id}`)).statusCode).toBe(404);
  });
});

describe('POST /api/admin/update-user-tier', () => {
  it('moves the user to the tier with the credits asked, through the ledger, which the user then sees', async () => {
    const member = await signUp();
    const res = await asChief('POST', '/api/admin/update-user-tier', { userId: member.id, tier: 'Patriot', credits: 5 });
    expect(res.statusCode).toBe(200);
    expect(userViewSchema.parse(res.json())).toMatchObject({ id: member.id, subscriptionTier: 'patriot', tier: 'patriot', credits: 5, role: 'user' });
    expect((await call(member, 'GET', '/api/user')).json()).toMatchObject({ subscriptionTier: 'patriot', credits: 5 });
    expect(await ledgerOf(member.id)).toEqual([['signup_grant', 1], ['admin_adjustment', 4]]);
    expect((await latestAudit())[0]).toMatchObject({
      actor: CHIEF, action: 'user.tier', target: member.email, before: { tier: 'citizen', credits: 1 }, after: { tier: 'patriot', credits: 5 },
    });

    await asChief('POST', '/api/admin/update-user-tier', { userId: member.id, tier: 'citizen', credits: 1 });
    expect((await call(member, 'GET', '/api/user')).json()).toMatchObject({ subscriptionTier: 'citizen', credits: 1 });
    expect(await ledgerOf(member.id)).toEqual([['signup_grant', 1], ['admin_adjustment', 4], ['admin_adjustment', -4]]);
  });

  it('refuses an unknown tier, admin among them (a role, never a tier), negative credits and an unknown user', async () => {
    const member = await signUp();
    const refusals: Array<[Record<string, unknown>, number, string]> = [
      [{ userId: member.id, tier: 'admin', credits: 5 }, 400, 'The tier must be citizen, patriot or defender'],
      [{ userId: member.id, tier: 'patriot', credits: -1 }, 400, 'Credits cannot be negative'],
      [{ userId: member.id, tier: 'patriot', credits: 2.5 }, 400, 'Credits must be a whole number'],
      [{ userId: '00000000-0000-4000-8000-999999999999', tier: 'patriot', credits: 5 }, 404, adminMessages.userNotFound],
    ];
    for (const [payload, status, message] of refusals) {
      const res = await asChief('POST', '/api/admin/update-user-tier', payload);
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toBe(message);
    }
    expect((await call(member, 'GET', '/api/user')).json()).toMatchObject({ subscriptionTier: 'citizen', credits: 1, role: 'user' });
  });
});

describe('POST /api/admin/refund', () => {
  it('refunds a paid Patriot $10, refuses $25, never more than was paid, then refunds the rest and takes back the credits', async () => {
    const payer = await signUp();
    await payForPatriot(payer);

    const partial = await asChief('POST', '/api/admin/refund', { userId: payer.id, amount: 10, reason: 'Charged twice' });
    expect(partial.statusCode).toBe(200);
    expect(partial.json()).toEqual({ refundId: expect.stringMatching(/^re_/), amount: 10, invoiceId: expect.stringMatching(/^in_/) });
    expect(fake.object(partial.json().refundId)).toMatchObject({ amount: 1000, metadata: { reason: 'Charged twice' } });
    expect((await call(payer, 'GET', '/api/user')).json()).toMatchObject({ credits: 6 });

    const sent = fake.requests.length;
    const tooMuch = await asChief('POST', '/api/admin/refund', { userId: payer.id, amount: 25, reason: 'Goodwill' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toEqual({ code: 'validation.invalid', message: adminMessages.refundTooLarge('19.00') });
    expect(fake.requests.length).toBe(sent);

    const rest = await asChief('POST', '/api/admin/refund', { userId: payer.id, amount: '19', reason: 'Cancelled within 30 days' });
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toMatchObject({ amount: 19 });
    expect((await call(payer, 'GET', '/api/user')).json()).toMatchObject({ credits: 1 });
    expect(await ledgerOf(payer.id)).toEqual([['signup_grant', 1], ['payment', 5], ['refund', -5]]);
    expect((await latestAudit())[0]).toMatchObject({
      actor: CHIEF, action: 'user.refund', target: payer.email,
      before: { refundedCents: 1000 }, after: { refundedCents: 2900, amountCents: 1900, reason: 'Cancelled within 30 days' },
    });
  });

  it('answers 400 for a user who paid nothing, and for a missing reason or a zero amount', async () => {
    const citizen = await signUp();
    const nothing = await asChief('POST', '/api/admin/refund', { userId: citizen.id, amount: 5, reason: 'Goodwill' });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toEqual({ code: 'validation.invalid', message: adminMessages.noRefundablePayment });
    expect((await asChief('POST', '/api/admin/refund', { userId: citizen.id, amount: 5, reason: ' ' })).json().message).toBe('A reason is required');
    expect((await asChief('POST', '/api/admin/refund', { userId: citizen.id, amount: 0, reason: 'Goodwill' })).json().message).toBe('The amount must be more than 0');
    expect((await asChief('POST', '/api/admin/refund', { userId: '00000000-0000-4000-8000-999999999999', amount: 5, reason: 'Goodwill' })).statusCode).toBe(404);
  });

  it('answers 503 when payments are not configured on the server', async () => {
    const unconfigured = await buildTestApp({ ADMIN_EMAILS: CHIEF });
    try {
      const admin = await signUp({ email: CHIEF, app: unconfigured });
      await verifyEmail(unconfigured, CHIEF);
      const member = await signUp({ app: unconfigured });
      const res = await call(admin, 'POST', '/api/admin/refund', { userId: member.id, amount: 5, reason: 'Goodwill' }, unconfigured);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ code: 'payments.not_configured', message: PAYMENTS_NOT_CONFIGURED_MESSAGE });
    } finally {
      await unconfigured.close();
    }
  });
});

describe('/api/admin/promo-codes', () => {
  it('creates a code (upper case, spec defaults), lists it, refuses the same code again, and deletes it, each audited', async () => {
    const created = await asChief('POST', '/api/admin/promo-codes', { code: 'press2026', credits: 10, expiresAt: '2099-06-30T00:00:00.000Z', isActive: true });
    expect(created.statusCode).toBe(201);
    const promo = promoCodeViewSchema.parse(created.json());
    expect(promo).toMatchObject({ code: 'PRESS2026', type: 'credits', credits: 10, discountPercent: 0, maxUses: 1, currentUses: 0, isActive: true, expiresAt: '2099-06-30T00:00:00.000Z' });
    expect((await asChief('GET', '/api/admin/promo-codes')).json()).toContainEqual(promo);
    expect((await latestAudit())[0]).toMatchObject({ actor: CHIEF, action: 'promo.create', target: 'PRESS2026', before: null, after: { type: 'credits', credits: 10 } });

    const again = await asChief('POST', '/api/admin/promo-codes', { code: 'PRESS2026', credits: 1, expiresAt: '2099-06-30' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'promo.code_taken', message: 'A promo code with this code already exists' });

    const deleted = await asChief('DELETE', `/api/admin/promo-codes/${promo.id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await asChief('GET', '/api/admin/promo-codes')).json()).not.toContainEqual(expect.objectContaining({ id: promo.id }));
    expect((await latestAudit())[0]).toMatchObject({ actor: CHIEF, action: 'promo.delete', target: 'PRESS2026', before: { type: 'credits', currentUses: 0 }, after: null });
    const gone = await asChief('DELETE', `/api/admin/promo-codes/${promo.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ code: 'promo.not_found', message: 'This promo code does not exist' });
  });

  it('refuses a code without an expiry with the panel\'s message, and a discount above 100', async () => {
    const missing = await asChief('POST', '/api/admin/promo-codes', { code: 'NOEXPIRY', credits: 1 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ code: 'validation.invalid', message: 'Please fill in all required fields (code and expiry date)' });
    const discount = await asChief('POST', '/api/admin/promo-codes', { code: 'TOOMUCH', type: 'discount', discountPercent: 101, expiresAt: '2099-01-01' });
    expect(discount.json()).toEqual({ code: 'validation.invalid', message: 'The discount must be between 1 and 100 percent' });
  });
});

describe('GET /api/admin/stats', () => {
  it('counts users by tier, administrators, analyses and the credits they spent', async () => {
    const before = (await asChief('GET', '/api/admin/stats')).json();
    expect(before.admins).toBe(2);
    const reader = await signUp();
    const upgraded = await signUp();
    await asChief('POST', '/api/admin/update-user-tier', { userId: upgraded.id, tier: 'defender', credits: 50 });
    const { payload, headers } = multipartBody({ text: ORDINANCE, analysisType: 'summary' });
    expect((await t.app.inject({ method: 'POST', url: '/api/analyze', payload, headers: { ...headers, cookie: reader.cookie } })).statusCode).toBe(200);

    const after = await asChief('GET', '/api/admin/stats');
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({
      totalUsers: before.totalUsers + 2, freeUsers: before.freeUsers + 1, paidUsers: before.paidUsers + 1, admins: 2,
      totalAnalyses: before.totalAnalyses + 1, creditsSpent: before.creditsSpent + 1,
    });
    expect(after.json().totalUsers).toBe(after.json().freeUsers + after.json().paidUsers);
  });
});

describe('GET /api/admin/stats/trends', () => {
  // Totals over the window, not today's entry: the oldest day of this fresh database holds nothing, so the
  // test does not depend on the clock passing midnight while it runs.
  const trends = async () => {
    const res = await asChief('GET', '/api/admin/stats/trends');
    expect(res.statusCode).toBe(200);
    return adminTrendsSchema.parse(res.json());
  };
  const totals = (days: Array<{ analyses: number; signUps: number; revenueCents: number }>) => days.reduce(
    (sum, d) => ({ analyses: sum.analyses + d.analyses, signUps: sum.signUps + d.signUps, revenueCents: sum.revenueCents + d.revenueCents }),
    { analyses: 0, signUps: 0, revenueCents: 0 });

  it('counts each of the last 30 UTC days\' analyses, sign-ups and payments less refunds, in US cents', async () => {
    const before = await trends();
    const reader = await signUp();
    const payer = await signUp();
    const { payload, headers } = multipartBody({ text: ORDINANCE, analysisType: 'summary' });
    expect((await t.app.inject({ method: 'POST', url: '/api/analyze', payload, headers: { ...headers, cookie: reader.cookie } })).statusCode).toBe(200);
    await payForPatriot(payer);
    expect((await asChief('POST', '/api/admin/refund', { userId: payer.id, amount: 10, reason: 'Charged twice' })).statusCode).toBe(200);

    const today = () => new Date().toISOString().slice(0, 10);
    const asked = today();
    const after = await trends();
    expect(after.currency).toBe('USD');
    expect(after.days).toHaveLength(30);
    expect([asked, today()]).toContain(after.days.at(-1)?.day);
    const [was, now] = [totals(before.days), totals(after.days)];
    expect({ analyses: now.analyses - was.analyses, signUps: now.signUps - was.signUps, revenueCents: now.revenueCents - was.revenueCents })
      .toEqual({ analyses: 1, signUps: 2, revenueCents: 2900 - 1000 });
  });
});

describe('/api/admin/tiers', () => {
  it('lists the tiers with their limits and edits one by its id in the path, which every page then shows, auditing only what changed', async () => {
    const tiers = subscriptionTierListSchema.parse((await asChief('GET', '/api/admin/tiers')).json());
    expect(tiers.map((tier) => tier.id)).toEqual(['citizen', 'patriot', 'defender']);
    const defender = tiers.find((tier) => tier.id === 'defender')!;

    const res = await asChief('PATCH', '/api/admin/tiers/Defender', { credits: 60, maxPages: defender.maxPages, features: ['Everything in Patriot', '60 analyses a month'] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: 'defender', credits: 60, price: defender.price, features: ['Everything in Patriot', '60 analyses a month'] });
    expect((await t.app.inject({ method: 'GET', url: '/api/subscription-tiers' })).json()).toContainEqual(expect.objectContaining({ id: 'defender', credits: 60 }));
    const [entry] = await latestAudit();
    expect(entry).toMatchObject({ actor: CHIEF, action: 'tier.update', target: 'defender', before: { monthlyCredits: defender.credits }, after: { monthlyCredits: 60 } });
    expect(Object.keys(entry!.after!).sort()).toEqual(['features', 'monthlyCredits']);

    await asChief('PATCH', '/api/admin/tiers/defender', { credits: defender.credits, features: defender.features });
  });

  it('keeps the Citizen tier free and offered, and refuses an unknown tier and invalid limits', async () => {
    const citizen = await asChief('PATCH', '/api/admin/tiers/citizen', { price: 5 });
    expect(citizen.statusCode).toBe(400);
    expect(citizen.json()).toEqual({ code: 'validation.invalid', message: 'The Citizen tier is free and always offered: its price, Stripe price and active flag cannot change' });
    expect((await asChief('PATCH', '/api/admin/tiers/gold', { credits: 5 })).statusCode).toBe(404);
    // The route answers the contract's own message for the field.
    for (const change of [{ maxPages: 0 }, { credits: -1 }, { stripePriceId: 'prod_123' }]) {
      const message = updateTierSchema.safeParse({ tier: 'patriot', ...change }).error?.issues[0]?.message;
      expect(message).toBeTruthy();
      expect((await asChief('PATCH', '/api/admin/tiers/patriot', change)).json()).toEqual({ code: 'validation.invalid', message });
    }
  });

  // KNOWN GAP (reported): the only use case that lists tiers, ListSubscriptionTiers, drops inactive ones, so
  // a retired tier vanishes from the panel (which expects "every tier, retired ones included") and can only be
  // brought back by a PATCH to its id. Drop `.fails` once an all-tiers use case serves this route.
  it('keeps a retired tier in the admin list, while the public list drops it', async () => {
    expect((await asChief('PATCH', '/api/admin/tiers/defender', { isActive: false })).json()).toMatchObject({ isActive: false });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/subscription-tiers' })).json()).not.toContainEqual(expect.objectContaining({ id: 'defender' }));
      expect((await asChief('GET', '/api/admin/tiers')).json()).toContainEqual(expect.objectContaining({ id: 'defender', isActive: false }));
    } finally {
      await asChief('PATCH', '/api/admin/tiers/defender', { isActive: true });
    }
  });
});

describe('GET /api/admin/audit', () => {
  it('pages the log newest first, with X-Total-Count', async () => {
    const member = await signUp();
    await asChief('POST', '/api/admin/update-user-tier', { userId: member.id, tier: 'patriot', credits: 5 });
    await call(deputy, 'POST', '/api/admin/update-user-tier', { userId: member.id, tier: 'defender', credits: 50 });

    const first = await asChief('GET', '/api/admin/audit?page=1&pageSize=2');
    expect(first.statusCode).toBe(200);
    const total = Number(first.headers['x-total-count']);
    expect(total).toBeGreaterThanOrEqual(2);
    expect(auditEntryListSchema.parse(first.json()).map((e) => [e.actor, e.action, e.target, e.after])).toEqual([
      [DEPUTY, 'user.tier', member.email, { tier: 'defender', credits: 50 }],
      [CHIEF, 'user.tier', member.email, { tier: 'patriot', credits: 5 }],
    ]);
    const last = await asChief('GET', `/api/admin/audit?page=${Math.ceil(total / 2)}&pageSize=2`);
    expect(last.json().length).toBe(total % 2 === 0 ? 2 : 1);
    expect((await asChief('GET', '/api/admin/audit?pageSize=500')).statusCode).toBe(400);
  });
});

describe('the OpenAPI document', () => {
  it('tags every admin route admin, with a schema for its success answer', async () => {
    const openapi = (await t.app.inject({ url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, { tags: string[]; responses: Record<string, unknown> }>> }>();
    const operations = Object.entries(openapi.paths).filter(([path]) => path.startsWith('/api/admin')).flatMap(([, ops]) => Object.values(ops));
    expect(operations.length).toBe(16);
    for (const operation of operations) {
      expect(operation.tags).toEqual(['admin']);
      expect(Object.keys(operation.responses).some((status) => /^2/.test(status))).toBe(true);
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['401', '403']));
    }
  });
});

describe('POST /api/admin/users/{id}/verify-email', () => {
  it('marks an account verified as its e-mail link does, audited; a second time answers the same and audits nothing', async () => {
    const member = await signUp();
    expect((await call(member, 'GET', '/api/user')).json()).toMatchObject({ emailVerified: false });
    const res = await asChief('POST', `/api/admin/users/${member.id}/verify-email`);
    expect(res.statusCode).toBe(200);
    expect(userViewSchema.parse(res.json())).toMatchObject({ id: member.id, emailVerified: true, role: 'user', isAdmin: false });
    expect((await call(member, 'GET', '/api/user')).json()).toMatchObject({ emailVerified: true });
    const [entry] = await latestAudit(1);
    expect(entry).toMatchObject({ actor: CHIEF, action: 'user.verify', target: member.email, before: { emailVerified: false, role: 'user' }, after: { emailVerified: true, role: 'user' } });

    expect((await asChief('POST', `/api/admin/users/${member.id}/verify-email`)).json()).toMatchObject({ emailVerified: true });
    expect((await latestAudit(1))[0]!.id).toBe(entry!.id);
    expect((await asChief('POST', '/api/admin/users/not-a-user/verify-email')).json()).toEqual({ code: 'user.not_found', message: adminMessages.userNotFound });
  });

  it('makes an address ADMIN_EMAILS names an administrator, in the session it already has', async () => {
    const newcomer = await signUp({ email: NEWCOMER });
    expect((await call(newcomer, 'GET', '/api/admin/stats')).statusCode).toBe(403);
    expect((await asChief('POST', `/api/admin/users/${newcomer.id}/verify-email`)).json()).toMatchObject({ emailVerified: true, isAdmin: true });
    expect((await call(newcomer, 'GET', '/api/admin/stats')).statusCode).toBe(200);
  });
});
