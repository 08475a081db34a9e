import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreatePromo, PAYMENTS_NOT_CONFIGURED_MESSAGE, SetTierPriceIds, createPromoSchema } from '@civicwatch/core';
import { paymentIntentIdOf, startFakeStripe, stripeEnvironment, type FakeStripe } from '@civicwatch/adapters/payments/stripe/testing/fake-stripe-server.ts';
import { buildTestApp, sessionCookie, verifyEmail, type TestApp } from '../testing/test-app.ts';

// The payment routes on the real wiring: the Stripe adapter and SDK against the local fake Stripe server.
// `t` is configured with a mail server, so checkout asks for a verified address; its delivery is not started,
// and the links are read from the outbox. `unconfigured` has neither Stripe keys nor a mail server.
let fake: FakeStripe;
let t: TestApp;
let unconfigured: TestApp;
beforeAll(async () => {
  fake = await startFakeStripe();
  t = await buildTestApp({
    ...stripeEnvironment(fake),
    SMTP_URL: 'smtp://mailer:secret@mail.example.org:587',
  });
  await t.runtime.container.get(SetTierPriceIds).execute({
    patriot: fake.createPrice({ unitAmountCents: 2900 }),
    defender: fake.createPrice({ unitAmountCents: 9900 }),
  });
  unconfigured = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
  await unconfigured?.close();
  await fake?.close();
});

let n = 0;
/** A new account that has opened its verification link (checkout requires it), unless `verified` is false. */
const signUp = async (app: TestApp = t, { verified = true } = {}) => {
  n += 1;
  const email = `payer${n}@example.org`;
  const res = await app.app.inject({ method: 'POST', url: '/api/register', payload: { firstName: `Payer${n}`, email, password: 'secret1' } });
  expect(res.statusCode).toBe(201);
  if (verified) await verifyEmail(app, email);
  return sessionCookie(res);
};
const post = (url: string, cookie: string | undefined, payload?: unknown, app: TestApp = t) =>
  app.app.inject({ method: 'POST', url, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }), headers: cookie ? { cookie } : {} });
const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const webhook = (body: string, signature?: string) =>
  t.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload: body, headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) } });

describe('GET /api/config', () => {
  it('tells the web app that payments are on, with the publishable key', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json()).toMatchObject({ paymentsEnabled: true, stripePublishableKey: fake.publishableKey });
    expect((await unconfigured.app.inject({ method: 'GET', url: '/api/config' })).json()).toMatchObject({ paymentsEnabled: false, stripePublishableKey: null });
  });

  it('tells the web app whether checkout asks for a verified address: only where e-mail is sent', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json()).toMatchObject({ verifiedEmailRequired: true });
    expect((await unconfigured.app.inject({ method: 'GET', url: '/api/config' })).json()).toMatchObject({ verifiedEmailRequired: false });
  });
});

describe('checkout, end to end over HTTP', () => {
  it('refuses an account whose e-mail is not verified with 409 email.unverified, keeping the session', async () => {
    const cookie = await signUp(t, { verified: false });
    const res = await post('/api/create-payment-intent', cookie, { amount: 29, tier: 'patriot', originalAmount: 29 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'email.unverified', message: 'Please verify your e-mail address before subscribing.' });
    expect((await get('/api/user', cookie)).statusCode).toBe(200);
  });

  it('subscribes with a card: client secret, browser confirmation, verified payment-success, new tier and credits', async () => {
    const cookie = await signUp();
    const started = await post('/api/create-payment-intent', cookie, { amount: 29, tier: 'Patriot', originalAmount: 29 });
    expect(started.statusCode).toBe(200);
    const { clientSecret } = started.json<{ clientSecret: string }>();
    const paymentId = fake.confirmPayment(paymentIntentIdOf(clientSecret), 'pm_card_visa').paymentIntentId;

    const success = await post('/api/payment-success', cookie, { payment_intent_id: paymentId, tier: 'patriot' });
    expect(success.statusCode).toBe(200);
    expect(success.json()).toEqual({ credits: 6, tier: 'patriot', creditsGranted: 5 });
    expect((await post('/api/payment-success', cookie, { payment_intent_id: paymentId, tier: 'patriot' })).json()).toEqual({ credits: 6, tier: 'patriot', creditsGranted: 0 });
    expect((await get('/api/user', cookie)).json()).toMatchObject({ subscriptionTier: 'patriot', credits: 6 });
    expect((await get('/api/subscription', cookie)).json()).toMatchObject({ tier: 'patriot', status: 'active', cancelAtPeriodEnd: false });

    const cancelled = await post('/api/cancel-subscription', cookie);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ tier: 'patriot', cancelAtPeriodEnd: true });
  });

  it('goes straight to paid with a 100% code: no client secret', async () => {
    const cookie = await signUp();
    const promo = await t.runtime.container.get(CreatePromo).execute({ userId: null, label: 'test' }, createPromoSchema.parse({ code: 'ONUS', type: 'discount', discountPercent: 100, expiresAt: '2099-12-31' }));
    expect(promo.ok).toBe(true);
    const started = await post('/api/create-payment-intent', cookie, { amount: 0, tier: 'defender', promoCode: 'onus', originalAmount: 99 });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toEqual({ subscriptionId: expect.stringMatching(/^sub_/), amount: 0, paid: true, credits: 51 });
  });

  it('answers 400 for an amount the server does not charge, and for the free tier', async () => {
    const cookie = await signUp();
    const wrong = await post('/api/create-payment-intent', cookie, { amount: 5, tier: 'patriot' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'payment.amount_mismatch' });
    const free = await post('/api/create-payment-intent', cookie, { amount: 0, tier: 'citizen' });
    expect(free.statusCode).toBe(400);
    expect(free.json()).toEqual({ code: 'validation.invalid', message: 'Choose a paid plan: Patriot or Defender' });
  });

  it('answers 402 for a declined card and 404 for another user\'s payment', async () => {
    const payer = await signUp();
    const other = await signUp();
    const declined = (await post('/api/create-payment-intent', payer, { amount: 29, tier: 'patriot' })).json<{ clientSecret: string }>();
    const declinedId = fake.confirmPayment(paymentIntentIdOf(declined.clientSecret), 'pm_card_chargeDeclined').paymentIntentId;
    const refused = await post('/api/payment-success', payer, { payment_intent_id: declinedId, tier: 'patriot' });
    expect(refused.statusCode).toBe(402);
    await post('/api/create-payment-intent', other, { amount: 29, tier: 'patriot' });
    const paid = (await post('/api/create-payment-intent', payer, { amount: 29, tier: 'patriot' })).json<{ clientSecret: string }>();
    const paidId = fake.confirmPayment(paymentIntentIdOf(paid.clientSecret), 'pm_card_visa').paymentIntentId;
    const stolen = await post('/api/payment-success', other, { payment_intent_id: paidId, tier: 'patriot' });
    expect(stolen.statusCode).toBe(404);
    expect((await get('/api/user', other)).json()).toMatchObject({ subscriptionTier: 'citizen', credits: 1 });
  });

  it('needs a session for every route but the webhook', async () => {
    for (const url of ['/api/create-payment-intent', '/api/create-subscription', '/api/payment-success', '/api/cancel-subscription']) {
      expect((await post(url, undefined, {})).statusCode).toBe(401);
    }
  });

  it('says plainly that payments are not configured on a server without Stripe keys', async () => {
    const cookie = await signUp(unconfigured);
    for (const [url, payload] of [['/api/create-payment-intent', { amount: 29, tier: 'patriot' }], ['/api/create-subscription', { tier: 'patriot' }], ['/api/cancel-subscription', undefined]] as const) {
      const res = await post(url, cookie, payload, unconfigured);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ code: 'payments.not_configured', message: PAYMENTS_NOT_CONFIGURED_MESSAGE });
    }
  });
});

describe('POST /api/stripe/webhook', () => {
  it('takes a renewal signed by Stripe once, and refuses a forged one', async () => {
    const cookie = await signUp();
    const started = (await post('/api/create-subscription', cookie, { tier: 'patriot' })).json<{ clientSecret: string; subscriptionId: string }>();
    await post('/api/payment-success', cookie, { payment_intent_id: fake.confirmPayment(paymentIntentIdOf(started.clientSecret), 'pm_card_visa').paymentIntentId });
    const from = fake.events.length;
    fake.renew(started.subscriptionId);
    const renewal = fake.events.slice(from).find((e) => e.type === 'invoice.paid')!;

    const forged = fake.signedDelivery(renewal, { secret: 'whsec_not_ours' });
    const refused = await webhook(forged.body, forged.signature);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'webhook.invalid_signature' });
    expect((await webhook(forged.body)).statusCode).toBe(400);

    const genuine = fake.signedDelivery(renewal);
    expect((await webhook(genuine.body, genuine.signature)).json()).toEqual({ received: true, outcome: 'processed' });
    expect((await webhook(genuine.body, genuine.signature)).json()).toEqual({ received: true, outcome: 'duplicate' });
    expect((await get('/api/user', cookie)).json()).toMatchObject({ credits: 11 });
  });

  it('is delivered by the fake Stripe to a listening server, as Stripe would', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const cookie = await signUp();
      const started = (await post('/api/create-payment-intent', cookie, { amount: 99, tier: 'defender' })).json<{ clientSecret: string }>();
      fake.confirmPayment(paymentIntentIdOf(started.clientSecret), 'pm_card_visa');
      const deliveries = await fake.deliverTo(`${address}/api/stripe/webhook`);
      expect(deliveries.length).toBeGreaterThan(0);
      expect(deliveries.every((d) => d.status === 200)).toBe(true);
      expect((await get('/api/user', cookie)).json()).toMatchObject({ subscriptionTier: 'defender', credits: 51 });
    } finally {
      await t.app.close();
    }
  });
});
