import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import {
  CancelSubscription, ConfirmPayment, CreatePromo, GetSubscription, HandlePaymentEvent, PAYMENTS_NOT_CONFIGURED_MESSAGE,
  RedeemPromo, RegisterUser, SetTierPriceIds, StartCheckout, createPromoSchema, promoMessages, registerSchema, type StartCheckoutInput,
} from '@civicwatch/core';
import { FixedClock, SequentialIds, plainTextHasher, testMessages, testAccountLinks, InMemoryUnitOfWork } from '@civicwatch/core/testing';
import { StripePaymentGateway } from './stripe/stripe-payment-gateway.ts';
import { paymentIntentIdOf, startFakeStripe, type FakeStripe, type FakeTestPaymentMethod } from './stripe/testing/fake-stripe-server.ts';

// core's payment use cases on the real Stripe adapter and SDK, against the local fake Stripe server (ADR 0006):
// the fake is the only stand-in, behind the port; the rest is the in-memory unit of work.
let fake: FakeStripe;
let gateway: StripePaymentGateway;
let prices: { patriot: string; defender: string };
beforeAll(async () => {
  fake = await startFakeStripe();
  prices = { patriot: fake.createPrice({ unitAmountCents: 2900, nickname: 'Patriot' }), defender: fake.createPrice({ unitAmountCents: 9900, nickname: 'Defender' }) };
  gateway = new StripePaymentGateway({ secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, apiBase: fake.apiBase, maxNetworkRetries: 0 });
});
afterAll(async () => {
  await fake?.close();
});

let uow: InMemoryUnitOfWork;
let clock: FixedClock;
// One sequence for the whole file: the fake Stripe server outlives each test, and honours idempotency keys.
const ids = new SequentialIds();
let checkout: StartCheckout;
let confirm: ConfirmPayment;
let webhook: HandlePaymentEvent;
let n = 0;

beforeEach(async () => {
  clock = new FixedClock(new Date('2026-03-15T12:00:00Z'));
  uow = new InMemoryUnitOfWork({ clock });
  // A server that delivers e-mail (SMTP_URL set): checkout asks for a verified address.
  checkout = new StartCheckout(uow, gateway, clock, ids, testMessages(clock), { verifiedEmailRequired: true });
  confirm = new ConfirmPayment(uow, gateway, clock, testMessages(clock));
  webhook = new HandlePaymentEvent(uow, gateway, clock, testMessages(clock));
  await new SetTierPriceIds(uow).execute(prices);
});

/** A new account whose owner has opened the verification link (checkout requires it), unless `verified` is false. */
const registerUser = async (name = 'Rosa', { verified = true } = {}) => {
  n += 1;
  const result = await new RegisterUser(uow, plainTextHasher, clock, ids, testMessages(clock), testAccountLinks(clock))
    .execute(registerSchema.parse({ firstName: name, email: `${name.toLowerCase()}-${n}@example.test`, password: 'liberty1' }));
  if (!result.ok) throw new Error(result.error.message);
  if (verified) await uow.run(({ users }) => users.markEmailVerified(result.value.id, clock.now()));
  return result.value.id;
};
const userOf = async (id: string) => (await uow.run((r) => r.users.findById(id)))!;
const ledgerOf = async (id: string) => (await uow.run((r) => r.ledger.history(id))).map((row) => [row.reason, row.delta]);
const promo = async (fields: Record<string, unknown>) => {
  const parsed = createPromoSchema.parse({ expiresAt: '2099-01-01', ...fields });
  const created = await new CreatePromo(uow, clock, ids).execute({ userId: null, label: 'test' }, parsed);
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
};

/** The browser's part: confirm the first payment with a test card; answers the payment id. */
const payInBrowser = (clientSecret: string | undefined, card: FakeTestPaymentMethod = 'pm_card_visa') => {
  if (!clientSecret) throw new Error('no client secret to confirm');
  const confirmation = fake.confirmPayment(paymentIntentIdOf(clientSecret), card);
  return { paymentId: confirmation.paymentIntentId, confirmation };
};

const start = async (userId: string, input: StartCheckoutInput) => {
  const started = await checkout.execute(userId, input);
  if (!started.ok) throw new Error(`${started.error.code}: ${started.error.message}`);
  return started.value;
};

/** Delivers the events emitted since `from`, signed, in order; answers each outcome. */
const deliverSince = async (from: number, only?: string) => {
  const outcomes: string[] = [];
  for (const event of fake.events.slice(from)) {
    if (only && event.type !== only) continue;
    const { body, signature } = fake.signedDelivery(event);
    const handled = await webhook.execute(Buffer.from(body), signature);
    outcomes.push(handled.ok ? `${event.type}:${handled.value}` : `${event.type}:${handled.error.code}`);
  }
  return outcomes;
};

describe('a first payment', () => {
  it('starts an incomplete subscription, then grants the tier and its credits once the verified payment is reported', async () => {
    const user = await registerUser();
    const started = await start(user, { tier: 'patriot', amount: 29, originalAmount: 29 });
    expect(started).toMatchObject({ amount: 29, paid: false });
    expect(started.clientSecret).toMatch(/^pi_.+_secret_/);
    expect(await userOf(user)).toMatchObject({ tierId: 'citizen', credits: 1 });

    const { paymentId } = payInBrowser(started.clientSecret);
    expect(await confirm.execute(user, paymentId)).toEqual({ ok: true, value: { credits: 6, tier: 'patriot', creditsGranted: 5 } });
    expect(await userOf(user)).toMatchObject({ tierId: 'patriot', credits: 6 });
    expect(await ledgerOf(user)).toEqual([['signup_grant', 1], ['payment', 5]]);
    expect(await new GetSubscription(uow).execute(user)).toMatchObject({ tier: 'patriot', status: 'active', cancelAtPeriodEnd: false });
  });

  it('grants nothing more when payment-success is replayed, or when the webhook reports the same invoice', async () => {
    const user = await registerUser();
    const from = fake.events.length;
    const { paymentId } = payInBrowser((await start(user, { tier: 'defender', amount: 99 })).clientSecret);
    const first = await confirm.execute(user, paymentId);
    const replay = await confirm.execute(user, paymentId);
    expect(first).toEqual({ ok: true, value: { credits: 51, tier: 'defender', creditsGranted: 50 } });
    expect(replay).toEqual({ ok: true, value: { credits: 51, tier: 'defender', creditsGranted: 0 } });
    expect(await deliverSince(from, 'invoice.paid')).toEqual(['invoice.paid:processed']);
    expect((await userOf(user)).credits).toBe(51);
    expect(await ledgerOf(user)).toEqual([['signup_grant', 1], ['payment', 50]]);
  });

  it('is granted by the webhook when the page never reports it, and the late report adds nothing', async () => {
    const user = await registerUser();
    const from = fake.events.length;
    const { paymentId } = payInBrowser((await start(user, { tier: 'patriot', amount: 29 })).clientSecret);
    expect(await deliverSince(from, 'invoice.paid')).toEqual(['invoice.paid:processed']);
    expect(await userOf(user)).toMatchObject({ tierId: 'patriot', credits: 6 });
    expect(await confirm.execute(user, paymentId)).toEqual({ ok: true, value: { credits: 6, tier: 'patriot', creditsGranted: 0 } });
  });

  it('grants nothing for a declined card', async () => {
    const user = await registerUser();
    const { paymentId, confirmation } = payInBrowser((await start(user, { tier: 'patriot', amount: 29 })).clientSecret, 'pm_card_chargeDeclined');
    expect(confirmation.error?.message).toBe('Your card was declined.');
    expect(await confirm.execute(user, paymentId)).toMatchObject({ ok: false, error: { code: 'payment.not_completed' } });
    expect(await userOf(user)).toMatchObject({ tierId: 'citizen', credits: 1 });
    expect(await new GetSubscription(uow).execute(user)).toBeNull();
  });

  it('treats another user\'s payment as not found and grants it to no one', async () => {
    const payer = await registerUser('Payer');
    const other = await registerUser('Other');
    await start(other, { tier: 'patriot', amount: 29 });
    const { paymentId } = payInBrowser((await start(payer, { tier: 'patriot', amount: 29 })).clientSecret);
    expect(await confirm.execute(other, paymentId)).toMatchObject({ ok: false, error: { code: 'payment.not_found' } });
    expect(await userOf(other)).toMatchObject({ tierId: 'citizen', credits: 1 });
    expect(await userOf(payer)).toMatchObject({ tierId: 'citizen', credits: 1 });
  });

  it('treats a made-up payment id as not found', async () => {
    const user = await registerUser();
    await start(user, { tier: 'patriot', amount: 29 });
    expect(await confirm.execute(user, 'pi_doesnotexist')).toMatchObject({ ok: false, error: { code: 'payment.not_found' } });
  });

  it('prices the tier itself and refuses an amount that disagrees, creating nothing', async () => {
    const user = await registerUser();
    const before = fake.requests.length;
    expect(await checkout.execute(user, { tier: 'patriot', amount: 1 })).toMatchObject({ ok: false, error: { code: 'payment.amount_mismatch' } });
    expect(await checkout.execute(user, { tier: 'patriot', amount: 29, originalAmount: 99 })).toMatchObject({ ok: false, error: { code: 'payment.amount_mismatch' } });
    expect(fake.requests.length).toBe(before);
  });

  it('refuses a tier with no Stripe price, and a second subscription to the tier already paid for', async () => {
    const user = await registerUser();
    await uow.run(async ({ tiers }) => tiers.update({ ...(await tiers.get('defender'))!, stripePriceId: null }));
    expect(await checkout.execute(user, { tier: 'defender', amount: 99 })).toMatchObject({ ok: false, error: { code: 'billing.tier_unavailable' } });
    const { paymentId } = payInBrowser((await start(user, { tier: 'patriot', amount: 29 })).clientSecret);
    await confirm.execute(user, paymentId);
    expect(await checkout.execute(user, { tier: 'patriot', amount: 29 })).toMatchObject({
      ok: false, error: { code: 'billing.already_subscribed', message: 'You are already subscribed to the Patriot plan' },
    });
  });

  it('ends an unpaid earlier checkout before starting another', async () => {
    const user = await registerUser();
    const abandoned = await start(user, { tier: 'patriot', amount: 29 });
    await start(user, { tier: 'defender', amount: 99 });
    expect(fake.object(abandoned.subscriptionId)).toMatchObject({ status: 'canceled' });
    expect((await uow.run((r) => r.billing.openSubscriptions(user))).map((s) => s.tierId)).toEqual(['defender']);
  });

  it('refuses an account whose e-mail is not verified, before anything reaches Stripe', async () => {
    const user = await registerUser('Ada', { verified: false });
    const eventsBefore = fake.events.length;
    expect(await checkout.execute(user, { tier: 'patriot', amount: 29 })).toEqual({
      ok: false, error: { code: 'email.unverified', message: 'Please verify your e-mail address before subscribing.' },
    });
    expect(fake.events.length).toBe(eventsBefore);
    expect(await uow.run((r) => r.billing.customerIdOf(user))).toBeNull();
  });

  it('lets an unverified account subscribe where the server sends no e-mail, its link having nowhere to go', async () => {
    const user = await registerUser('Ida', { verified: false });
    const withoutMail = new StartCheckout(uow, gateway, clock, ids, testMessages(clock), { verifiedEmailRequired: false });
    const started = await withoutMail.execute(user, { tier: 'patriot', amount: 29 });
    if (!started.ok) throw new Error(`${started.error.code}: ${started.error.message}`);
    expect(started.value).toMatchObject({ amount: 29, paid: false });
    const { paymentId } = payInBrowser(started.value.clientSecret);
    expect(await confirm.execute(user, paymentId)).toMatchObject({ ok: true, value: { credits: 6 } });
    expect(await userOf(user)).toMatchObject({ tierId: 'patriot', emailVerifiedAt: null });
  });

  it('answers payments.not_configured when the server has no Stripe keys', async () => {
    const user = await registerUser();
    const off = new StartCheckout(uow, null, clock, ids, testMessages(clock), { verifiedEmailRequired: true });
    expect(await off.execute(user, { tier: 'patriot', amount: 29 })).toEqual({
      ok: false, error: { code: 'payments.not_configured', message: PAYMENTS_NOT_CONFIGURED_MESSAGE },
    });
    expect(await new ConfirmPayment(uow, null, clock, testMessages(clock)).execute(user, 'pi_1')).toMatchObject({ ok: false, error: { code: 'payments.not_configured' } });
  });
});

describe('promo codes at checkout', () => {
  it('discount the first month once, rounded to whole dollars; the renewal is at full price', async () => {
    const user = await registerUser();
    const code = await promo({ code: 'HALF', type: 'discount', discountPercent: 50, maxUses: 5 });
    const started = await start(user, { tier: 'patriot', amount: 15, originalAmount: 29, promoCode: 'HALF' });
    expect(started.amount).toBe(15);
    const { paymentId } = payInBrowser(started.clientSecret);
    expect(fake.object(paymentId)).toMatchObject({ amount: 1500 });
    await confirm.execute(user, paymentId);
    expect((await uow.run((r) => r.promos.findById(code.id)))?.currentUses).toBe(1);
    expect(await uow.run((r) => r.promos.hasRedeemed(code.id, user))).toBe(true);

    const from = fake.events.length;
    const renewal = fake.renew(started.subscriptionId);
    expect(renewal.status).toBe('paid');
    expect(fake.object(renewal.invoiceId!)).toMatchObject({ amount_paid: 2900 });
    expect(await deliverSince(from, 'invoice.paid')).toEqual(['invoice.paid:processed']);
    expect(await userOf(user)).toMatchObject({ tierId: 'patriot', credits: 11 });
    expect(await ledgerOf(user)).toEqual([['signup_grant', 1], ['payment', 5], ['renewal', 5]]);
  });

  it('refuse an amount that ignores the discount, and a code the user already used', async () => {
    const user = await registerUser();
    await promo({ code: 'TENOFF', type: 'discount', discountPercent: 10, maxUses: 5 });
    expect(await checkout.execute(user, { tier: 'defender', amount: 99, promoCode: 'TENOFF' })).toMatchObject({ ok: false, error: { code: 'payment.amount_mismatch' } });
    const { paymentId } = payInBrowser((await start(user, { tier: 'defender', amount: 89, promoCode: 'tenoff ' })).clientSecret);
    await confirm.execute(user, paymentId);
    expect(await checkout.execute(user, { tier: 'patriot', amount: 26, promoCode: 'TENOFF' })).toEqual({
      ok: false, error: { code: 'promo.already_redeemed', message: promoMessages.alreadyRedeemed },
    });
  });

  it('need no card at 100%: the subscription is paid at once and its credits granted', async () => {
    const user = await registerUser();
    await promo({ code: 'FREEMONTH', type: 'discount', discountPercent: 100 });
    const started = await start(user, { tier: 'defender', amount: 0, promoCode: 'FREEMONTH' });
    expect(started).toMatchObject({ paid: true, amount: 0, credits: 51 });
    expect(started.clientSecret).toBeUndefined();
    expect(await userOf(user)).toMatchObject({ tierId: 'defender', credits: 51 });
  });

  it('add a credits code\'s credits after the payment, once', async () => {
    const user = await registerUser();
    await promo({ code: 'BONUS3', type: 'credits', credits: 3 });
    const { paymentId } = payInBrowser((await start(user, { tier: 'patriot', amount: 29, promoCode: 'BONUS3' })).clientSecret);
    expect(await userOf(user)).toMatchObject({ credits: 1 });
    expect(await confirm.execute(user, paymentId)).toEqual({ ok: true, value: { credits: 9, tier: 'patriot', creditsGranted: 8 } });
    expect(await new RedeemPromo(uow, clock).execute(user, 'BONUS3')).toMatchObject({ ok: false, error: { code: 'promo.already_redeemed' } });
  });
});

describe('the webhook', () => {
  const paidPatriot = async () => {
    const user = await registerUser();
    const started = await start(user, { tier: 'patriot', amount: 29 });
    const { paymentId } = payInBrowser(started.clientSecret);
    await confirm.execute(user, paymentId);
    return { user, subscriptionId: started.subscriptionId, paymentId };
  };

  it('refuses a delivery whose signature is not ours, and changes nothing', async () => {
    const { user, subscriptionId } = await paidPatriot();
    const from = fake.events.length;
    fake.renew(subscriptionId);
    const event = fake.events.slice(from).find((e) => e.type === 'invoice.paid') as Stripe.Event;
    const forged = fake.signedDelivery(event, { secret: 'whsec_someone_else' });
    expect(await webhook.execute(Buffer.from(forged.body), forged.signature)).toMatchObject({ ok: false, error: { code: 'webhook.invalid_signature' } });
    expect(await webhook.execute(Buffer.from(forged.body), undefined)).toMatchObject({ ok: false, error: { code: 'webhook.invalid_signature' } });
    const genuine = fake.signedDelivery(event);
    const tampered = genuine.body.replace(/"amount_paid":\s*2900/, '"amount_paid": 1');
    expect(tampered).not.toBe(genuine.body);
    expect(await webhook.execute(Buffer.from(tampered), genuine.signature)).toMatchObject({ ok: false, error: { code: 'webhook.invalid_signature' } });
    expect((await userOf(user)).credits).toBe(6);
  });

  it('handles the same event delivered twice once', async () => {
    const { user, subscriptionId } = await paidPatriot();
    const from = fake.events.length;
    fake.renew(subscriptionId);
    const event = fake.events.slice(from).find((e) => e.type === 'invoice.paid') as Stripe.Event;
    const once = fake.signedDelivery(event);
    const outcomes = await Promise.all([1, 2, 3].map(() => webhook.execute(Buffer.from(once.body), once.signature)));
    expect(outcomes.map((o) => (o.ok ? o.value : o.error.code)).sort()).toEqual(['duplicate', 'duplicate', 'processed']);
    expect((await userOf(user)).credits).toBe(11);
  });

  it('marks a failed renewal past due and grants nothing for it', async () => {
    const { user, subscriptionId } = await paidPatriot();
    const from = fake.events.length;
    expect(fake.renew(subscriptionId, { paymentMethod: 'pm_card_chargeDeclined' }).status).toBe('payment_failed');
    await deliverSince(from);
    expect(await userOf(user)).toMatchObject({ tierId: 'patriot', credits: 6 });
    expect(await new GetSubscription(uow).execute(user)).toMatchObject({ status: 'past_due' });
  });

  it('takes back the credits of a payment refunded in full, as far as the balance allows', async () => {
    const { user, paymentId } = await paidPatriot();
    const from = fake.events.length;
    const refunded = await gateway.refund({ paymentId, amountCents: 2900, reason: 'requested_by_customer', idempotencyKey: 'refund-test-1' });
    expect(refunded).toMatchObject({ ok: true, value: { amountCents: 2900 } });
    expect(await deliverSince(from, 'charge.refunded')).toEqual(['charge.refunded:processed']);
    expect((await userOf(user)).credits).toBe(1);
    expect(await ledgerOf(user)).toEqual([['signup_grant', 1], ['payment', 5], ['refund', -5]]);
    expect((await uow.run((r) => r.billing.findPaymentByPaymentId(paymentId)))?.refundedCents).toBe(2900);
  });

  it('keeps the credits of a partial refund', async () => {
    const { user, paymentId } = await paidPatriot();
    const from = fake.events.length;
    await gateway.refund({ paymentId, amountCents: 1000, reason: 'goodwill', idempotencyKey: 'refund-test-2' });
    await deliverSince(from, 'charge.refunded');
    expect((await userOf(user)).credits).toBe(6);
    expect((await uow.run((r) => r.billing.findPaymentByPaymentId(paymentId)))?.refundedCents).toBe(1000);
  });

  it('follows a cancellation at the period end: the plan stays until Stripe ends it, then the user is a Citizen with their credits', async () => {
    const { user, subscriptionId } = await paidPatriot();
    const from = fake.events.length;
    const cancelled = await new CancelSubscription(uow, gateway, clock).execute(user);
    expect(cancelled).toMatchObject({ ok: true, value: { tier: 'patriot', cancelAtPeriodEnd: true } });
    expect(await deliverSince(from)).toEqual(['customer.subscription.updated:processed']);
    expect(await userOf(user)).toMatchObject({ tierId: 'patriot', credits: 6 });

    const atEnd = fake.events.length;
    expect(fake.renew(subscriptionId).status).toBe('ended');
    expect(await deliverSince(atEnd)).toContain('customer.subscription.deleted:processed');
    expect(await userOf(user)).toMatchObject({ tierId: 'citizen', credits: 6 });
    expect(await new GetSubscription(uow).execute(user)).toBeNull();
    expect(await new CancelSubscription(uow, gateway, clock).execute(user)).toMatchObject({ ok: false, error: { code: 'billing.no_subscription' } });
  });
});

describe('switching plans', () => {
  it('ends the old plan at Stripe once the new one is paid', async () => {
    const user = await registerUser();
    const patriot = await start(user, { tier: 'patriot', amount: 29 });
    await confirm.execute(user, payInBrowser(patriot.clientSecret).paymentId);
    const defender = await start(user, { tier: 'defender', amount: 99 });
    expect(await confirm.execute(user, payInBrowser(defender.clientSecret).paymentId)).toMatchObject({ ok: true, value: { tier: 'defender', credits: 56 } });
    expect(fake.object(patriot.subscriptionId)).toMatchObject({ status: 'canceled' });
    expect(await new GetSubscription(uow).execute(user)).toMatchObject({ tier: 'defender', status: 'active' });
  });
});
