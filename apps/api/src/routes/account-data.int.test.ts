import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ListOutbox, SetTierPriceIds, UnitOfWork, accountExportSchema, creditHistorySchema, type NewAnalysis,
} from '@civicwatch/core';
import { paymentIntentIdOf, startFakeStripe, stripeEnvironment, type FakeStripe } from '@civicwatch/adapters/payments/stripe/testing/fake-stripe-server.ts';
import { multipartBody } from '../testing/multipart.ts';
import { buildTestApp, sessionCookie, type TestApp } from '../testing/test-app.ts';

// Account settings' data routes on the real wiring, payments on against the local fake Stripe server.
let fake: FakeStripe;
let t: TestApp;
let unconfigured: TestApp;
let uow: UnitOfWork;
beforeAll(async () => {
  fake = await startFakeStripe();
  t = await buildTestApp({ ...stripeEnvironment(fake), PUBLIC_URL: 'http://civicwatch.example' });
  await t.runtime.container.get(SetTierPriceIds).execute({
    patriot: fake.createPrice({ unitAmountCents: 2900 }),
    defender: fake.createPrice({ unitAmountCents: 9900 }),
  });
  uow = t.runtime.container.get<UnitOfWork>(UnitOfWork);
  unconfigured = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
  await unconfigured?.close();
  await fake?.close();
});

interface Member { id: string; email: string; cookie: string }

let signUps = 0;
/** Each from an address of its own, so this file's sign-ups stay under the per-address registration limit. */
const signUp = async (email = `voter-${randomUUID()}@example.org`, app: TestApp = t): Promise<Member> => {
  signUps += 1;
  const res = await app.app.inject({
    method: 'POST', url: '/api/register', payload: { firstName: 'Rosa', email, password: 'liberty1' }, remoteAddress: `10.7.${signUps}.1`,
  });
  expect(res.statusCode).toBe(201);
  return { id: res.json().id, email, cookie: sessionCookie(res) };
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, cookie?: string, payload?: unknown, app: TestApp = t) =>
  app.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

/** A Patriot through the real checkout: a verified address (test support), a card confirmed at the fake Stripe, payment-success. */
const subscribe = async (member: Member) => {
  await uow.run(({ users }) => users.markEmailVerified(member.id, new Date()));
  const started = await call('POST', '/api/create-payment-intent', member.cookie, { amount: 29, tier: 'patriot', originalAmount: 29 });
  expect(started.statusCode).toBe(200);
  const paymentId = fake.confirmPayment(paymentIntentIdOf(started.json<{ clientSecret: string }>().clientSecret), 'pm_card_visa').paymentIntentId;
  expect((await call('POST', '/api/payment-success', member.cookie, { payment_intent_id: paymentId })).statusCode).toBe(200);
  return { paymentId, subscriptionId: started.json<{ subscriptionId: string }>().subscriptionId };
};

/** A stored analysis, as RunAnalysis leaves one (test support: the pipeline itself is analyze.int.test.ts's). */
const storeAnalysis = (member: Member, title: string, minutesAgo: number): NewAnalysis => ({
  id: randomUUID(), userId: member.id, createdAt: new Date(Date.now() - minutesAgo * 60_000), analysisType: 'summary',
  document: { title, type: 'text' }, result: { summary: `What ${title} says.`, keyInsights: [`${title} matters.`], citations: [] },
});

const ORDINANCE = 'ORDINANCE 2024-17. The City Council of Springfield hereby levies a tax of $0.10 per $100 of assessed value '
  + 'for the maintenance of public libraries. The tax shall be collected by the County Treasurer. Any resident may object '
  + 'in writing before the public hearing on June 3, 2024, at City Hall. This ordinance takes effect on July 1, 2024.';
/** One analysis through POST /api/analyze; answers its id. */
const analyse = async (member: Member, title: string) => {
  const { payload, headers } = multipartBody({ text: ORDINANCE, title, analysisType: 'summary' }, []);
  const res = await t.app.inject({ method: 'POST', url: '/api/analyze', payload, headers: { ...headers, cookie: member.cookie } });
  expect(res.statusCode).toBe(200);
  return res.json<{ analysisId: string }>().analysisId;
};

describe('PUT /api/account/email-preferences', () => {
  it('answers 401 Unauthorized when signed out, before looking at the body', async () => {
    const res = await call('PUT', '/api/account/email-preferences', undefined, { productUpdates: 'yes' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'auth.unauthorized', message: 'Unauthorized' });
  });

  it('keeps the three choices and answers the updated user; the unsubscribe link later leaves receipts alone', async () => {
    const rosa = await signUp();
    const res = await call('PUT', '/api/account/email-preferences', rosa.cookie, { productUpdates: false, analysisNotices: true, receipts: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: rosa.id, emailPreferences: { productUpdates: false, analysisNotices: true, receipts: false } });
    expect((await call('GET', '/api/user', rosa.cookie)).json()).toMatchObject({ emailPreferences: { productUpdates: false, analysisNotices: true, receipts: false } });

    await call('PUT', '/api/account/email-preferences', rosa.cookie, { productUpdates: true, analysisNotices: true, receipts: true });
    const { messages } = await t.runtime.container.get(ListOutbox).execute({ limit: 100 });
    const link = /http:\/\/civicwatch\.example\/unsubscribe\?token=(\S+)/.exec(messages.find((m) => m.to === rosa.email)?.text ?? '')?.[1];
    expect((await call('GET', `/api/unsubscribe?token=${link}`)).statusCode).toBe(200);
    expect((await call('GET', '/api/user', rosa.cookie)).json()).toMatchObject({ emailPreferences: { productUpdates: false, analysisNotices: false, receipts: true } });
  });

  it('answers 400 with the missing choice named, changing nothing', async () => {
    const rosa = await signUp();
    const res = await call('PUT', '/api/account/email-preferences', rosa.cookie, { productUpdates: false, analysisNotices: false });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'validation.invalid', message: 'Choose whether to receive payment receipts' });
    expect((await call('GET', '/api/user', rosa.cookie)).json()).toMatchObject({ emailPreferences: { productUpdates: true, analysisNotices: true, receipts: true } });
  });

  it('sends no receipt for a paid invoice once receipts are off', async () => {
    const rosa = await signUp();
    await call('PUT', '/api/account/email-preferences', rosa.cookie, { productUpdates: true, analysisNotices: true, receipts: false });
    await subscribe(rosa);
    const { messages } = await t.runtime.container.get(ListOutbox).execute({ limit: 100 });
    expect(messages.filter((m) => m.to === rosa.email).map((m) => m.kind)).not.toContain('payment_receipt');
    expect((await call('GET', '/api/user', rosa.cookie)).json()).toMatchObject({ subscriptionTier: 'patriot', credits: 6 });
  });
});

describe('GET /api/credits/history', () => {
  it('answers 401 Unauthorized when signed out', async () => {
    expect((await call('GET', '/api/credits/history')).statusCode).toBe(401);
  });

  it('lists the changes newest first with their reason in words and the balance after, paged with X-Total-Count', async () => {
    const rosa = await signUp();
    await analyse(rosa, 'Library levy');
    await uow.run(({ ledger }) => ledger.post({ userId: rosa.id, delta: 4, reason: 'admin_adjustment' }));

    const first = await call('GET', '/api/credits/history?page=1&pageSize=2', rosa.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('3');
    const entries = creditHistorySchema.parse(first.json());
    expect(entries.map(({ change, reason, label, balanceAfter }) => ({ change, reason, label, balanceAfter }))).toEqual([
      { change: 4, reason: 'admin_adjustment', label: 'Adjusted by an administrator', balanceAfter: 4 },
      { change: -1, reason: 'analysis_debit', label: 'Analysis', balanceAfter: 0 },
    ]);
    const second = creditHistorySchema.parse((await call('GET', '/api/credits/history?page=2&pageSize=2', rosa.cookie)).json());
    expect(second.map((e) => [e.label, e.change, e.balanceAfter])).toEqual([['Welcome credits', 1, 1]]);
  });

  it('answers 400 for a page that is not a page', async () => {
    const rosa = await signUp();
    const res = await call('GET', '/api/credits/history?page=0', rosa.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'validation.invalid', message: 'page must be 1 or more' });
  });
});

describe('GET /api/account/export', () => {
  it('answers 401 Unauthorized when signed out', async () => {
    expect((await call('GET', '/api/account/export')).statusCode).toBe(401);
  });

  it('downloads one JSON file with the profile, every analysis in full, the credit history and the payments; no one else\'s', async () => {
    const rosa = await signUp();
    const other = await signUp();
    const analysed = await analyse(rosa, 'Library levy');
    // More than a page of the history (20), so "every" is not "the first page".
    await uow.run(async ({ analyses }) => {
      for (let i = 1; i <= 24; i += 1) await analyses.save(storeAnalysis(rosa, `Minutes ${i}`, i));
      await analyses.save(storeAnalysis(other, 'Someone else’s budget', 1));
    });
    await subscribe(rosa);

    const res = await call('GET', '/api/account/export', rosa.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="civicwatch-export-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const file = accountExportSchema.parse(res.json());
    expect(file.profile).toMatchObject({ id: rosa.id, email: rosa.email, subscriptionTier: 'patriot' });
    expect(file.analyses).toHaveLength(25);
    expect(file.analyses[0]).toMatchObject({ id: analysed, document: { title: 'Library levy' }, result: { summary: expect.any(String), citations: expect.any(Array) } });
    expect(file.analyses.map((a) => a.document.title)).toContain('Minutes 24');
    expect(res.body).not.toContain('Someone else’s budget');
    expect(res.body).not.toContain('$argon2');
    expect(file.creditHistory.map((e) => e.reason)).toEqual(['signup_grant', 'analysis_debit', 'payment']);
    expect(file.payments).toEqual([expect.objectContaining({ tier: 'patriot', amount: 29, refunded: 0, creditsGranted: 5 })]);
  });
});

describe('DELETE /api/account', () => {
  it('answers 401 Unauthorized when signed out', async () => {
    const res = await call('DELETE', '/api/account', undefined, { password: 'liberty1' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'auth.unauthorized', message: 'Unauthorized' });
  });

  it('refuses a missing or wrong password with 400, keeping the account and its session', async () => {
    const rosa = await signUp();
    const missing = await call('DELETE', '/api/account', rosa.cookie, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ code: 'validation.invalid', message: 'Please enter your current password' });
    const wrong = await call('DELETE', '/api/account', rosa.cookie, { password: 'tyranny1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 'auth.wrong_password', message: 'The password you entered is incorrect.' });
    expect((await call('GET', '/api/user', rosa.cookie)).statusCode).toBe(200);
  });

  it('deletes everything of the account and signs it out; the address registers again and finds nothing of the old account', async () => {
    const email = `rosa-${randomUUID()}@example.org`;
    const rosa = await signUp(email);
    const analysisId = await analyse(rosa, 'Library levy');
    const shared = await call('POST', `/api/analyses/${analysisId}/share`, rosa.cookie);
    expect(shared.statusCode).toBeLessThan(300);
    const { token } = shared.json<{ token: string }>();
    expect((await call('GET', `/api/shared/${token}`)).statusCode).toBe(200);

    const res = await call('DELETE', '/api/account', rosa.cookie, { password: 'liberty1' });
    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((c) => c.name === 'civicwatch.sid')).toMatchObject({ value: '' });

    expect((await call('GET', '/api/user', rosa.cookie)).json()).toEqual({ code: 'auth.unauthorized', message: 'Unauthorized' });
    expect((await call('GET', `/api/shared/${token}`)).statusCode).toBe(404);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: 'liberty1' }, remoteAddress: '10.8.0.1' });
    expect(signIn.statusCode).toBe(401);
    const { messages } = await t.runtime.container.get(ListOutbox).execute({ limit: 200 });
    expect(messages.filter((m) => m.to === email)).toEqual([]);

    const again = await signUp(email);
    expect(again.id).not.toBe(rosa.id);
    expect((await call('GET', '/api/user', again.cookie)).json()).toMatchObject({ email, credits: 1, subscriptionTier: 'citizen' });
    expect((await call('GET', `/api/analyses/${analysisId}`, again.cookie)).statusCode).toBe(404);
    expect((await call('GET', '/api/analyses', again.cookie)).json()).toMatchObject({ items: [], total: 0 });
    expect((await call('GET', '/api/credits/history', again.cookie)).headers['x-total-count']).toBe('1');
  });

  it('ends the subscription and the customer at Stripe at once and keeps the paid invoice with no owner', async () => {
    const rosa = await signUp();
    const { paymentId, subscriptionId } = await subscribe(rosa);
    const customerId = await uow.run(({ billing }) => billing.customerIdOf(rosa.id));

    expect((await call('DELETE', '/api/account', rosa.cookie, { password: 'liberty1' })).statusCode).toBe(204);
    expect(fake.object(subscriptionId)).toMatchObject({ status: 'canceled' });
    expect(fake.object(customerId!)).toMatchObject({ deleted: true });
    expect(await uow.run((r) => r.billing.findPaymentByPaymentId(paymentId))).toMatchObject({ userId: null, tierId: 'patriot', amountCents: 2900, invoiceId: expect.stringMatching(/^in_/) });
  });

  it('answers 409 to an administrator, who must give up the role first', async () => {
    const rosa = await signUp();
    await uow.run(({ users }) => users.setRole(rosa.id, 'admin'));
    const res = await call('DELETE', '/api/account', rosa.cookie, { password: 'liberty1' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'user.protected' });
    expect((await call('GET', '/api/user', rosa.cookie)).statusCode).toBe(200);
  });
});

describe('GET /api/billing and POST /api/billing/portal', () => {
  it('answers 401 Unauthorized when signed out', async () => {
    expect((await call('GET', '/api/billing')).statusCode).toBe(401);
    expect((await call('POST', '/api/billing/portal')).statusCode).toBe(401);
  });

  it('has no portal before the first payment, then opens Stripe\'s, coming back to account settings', async () => {
    const rosa = await signUp();
    expect((await call('GET', '/api/billing', rosa.cookie)).json()).toEqual({ portalAvailable: false });
    const none = await call('POST', '/api/billing/portal', rosa.cookie);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ code: 'billing.no_customer' });

    await subscribe(rosa);
    expect((await call('GET', '/api/billing', rosa.cookie)).json()).toEqual({ portalAvailable: true });
    const portal = await call('POST', '/api/billing/portal', rosa.cookie);
    expect(portal.statusCode).toBe(200);
    expect(portal.json()).toEqual({ url: expect.stringMatching(/^https:\/\/billing\.stripe\.com\/p\/session\//) });
    expect(fake.requests.at(-1)).toMatchObject({ path: '/v1/billing_portal/sessions', params: { return_url: 'http://civicwatch.example/account' } });
  });

  it('answers 503 Payments are not configured on a server without Stripe keys', async () => {
    const rosa = await signUp(undefined, unconfigured);
    expect((await call('GET', '/api/billing', rosa.cookie, undefined, unconfigured)).json()).toEqual({ portalAvailable: false });
    const res = await call('POST', '/api/billing/portal', rosa.cookie, undefined, unconfigured);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: 'payments.not_configured', message: 'Payments are not configured on this server.' });
  });
});
