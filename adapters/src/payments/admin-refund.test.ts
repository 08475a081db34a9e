import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ConfirmPayment, HandlePaymentEvent, ListAuditLog, PAYMENTS_NOT_CONFIGURED_MESSAGE, RefundPayment, RegisterUser,
  SetTierPriceIds, StartCheckout, adminMessages, refundSchema, registerSchema, type AdminActor, type PaymentGateway,
} from '@civicwatch/core';
import { FixedClock, SequentialIds, plainTextHasher, testMessages, testAccountLinks, InMemoryUnitOfWork } from '@civicwatch/core/testing';
import { StripePaymentGateway } from './stripe/stripe-payment-gateway.ts';
import { paymentIntentIdOf, startFakeStripe, type FakeStripe } from './stripe/testing/fake-stripe-server.ts';

// The administrator's refund (docs/product/credits-and-tiers.md "What each tier may do", docs/product/payments.md "Refunds") on the real Stripe adapter and SDK, against the
// local fake Stripe server: never more than was paid, the reason kept, the credits taken back once.
let fake: FakeStripe;
let gateway: StripePaymentGateway;
let prices: { patriot: string; defender: string };
beforeAll(async () => {
  fake = await startFakeStripe();
  prices = { patriot: fake.createPrice({ unitAmountCents: 2900 }), defender: fake.createPrice({ unitAmountCents: 9900 }) };
  gateway = new StripePaymentGateway({ secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, apiBase: fake.apiBase, maxNetworkRetries: 0 });
});
afterAll(async () => {
  await fake?.close();
});

let uow: InMemoryUnitOfWork;
let clock: FixedClock;
// One sequence for the whole file: the fake Stripe server outlives each test and honours idempotency keys.
const ids = new SequentialIds();
let webhook: HandlePaymentEvent;
let chief: AdminActor;
let n = 0;

const register = async (email: string) => {
  const result = await new RegisterUser(uow, plainTextHasher, clock, ids, testMessages(clock), testAccountLinks(clock))
    .execute(registerSchema.parse({ firstName: 'Rosa', email, password: 'liberty1' }));
  if (!result.ok) throw new Error(result.error.message);
  // Checkout requires a verified address: the user has opened the link of the welcome e-mail.
  await uow.run(({ users }) => users.markEmailVerified(result.value.id, clock.now()));
  return result.value.id;
};

beforeEach(async () => {
  clock = new FixedClock(new Date('2026-03-15T12:00:00Z'));
  uow = new InMemoryUnitOfWork({ clock });
  webhook = new HandlePaymentEvent(uow, gateway, clock, testMessages(clock));
  await new SetTierPriceIds(uow).execute(prices);
  n += 1;
  const email = `chief-${n}@example.test`;
  chief = { userId: await register(email), label: email };
});

const refund = (input: { userId: string; amount: number | string; reason: string }, using: PaymentGateway | null = gateway) =>
  new RefundPayment(uow, using, clock, ids).execute(chief, refundSchema.parse(input));
const userOf = async (id: string) => (await uow.run((r) => r.users.findById(id)))!;
const ledgerOf = async (id: string) => (await uow.run((r) => r.ledger.history(id))).map((row) => [row.reason, row.delta]);
const paymentOf = async (paymentId: string) => (await uow.run((r) => r.billing.findPaymentByPaymentId(paymentId)))!;
const refundRequests = () => fake.requests.filter((r) => r.path === '/v1/refunds');

/** A Patriot who paid $29 for the first month through checkout: 6 credits (1 on sign-up, 5 paid). */
const paidPatriot = async () => {
  n += 1;
  const user = await register(`patriot-${n}@example.test`);
  const started = await new StartCheckout(uow, gateway, clock, ids, testMessages(clock), { verifiedEmailRequired: true }).execute(user, { tier: 'patriot', amount: 29 });
  if (!started.ok || !started.value.clientSecret) throw new Error('checkout did not start');
  const paymentId = fake.confirmPayment(paymentIntentIdOf(started.value.clientSecret), 'pm_card_visa').paymentIntentId;
  const confirmed = await new ConfirmPayment(uow, gateway, clock, testMessages(clock)).execute(user, paymentId);
  if (!confirmed.ok) throw new Error(confirmed.error.message);
  return { user, paymentId, invoiceId: (await paymentOf(paymentId)).invoiceId };
};

/** Delivers the `charge.refunded` events emitted since `from`, signed, as Stripe would. */
const deliverRefundEvents = async (from: number) => {
  const outcomes: string[] = [];
  for (const event of fake.events.slice(from).filter((e) => e.type === 'charge.refunded')) {
    const { body, signature } = fake.signedDelivery(event);
    const handled = await webhook.execute(Buffer.from(body), signature);
    outcomes.push(handled.ok ? handled.value : handled.error.code);
  }
  return outcomes;
};

describe('RefundPayment on Stripe', () => {
  it('refunds part of the latest payment at Stripe with the reason, keeps the credits, and audits it', async () => {
    const { user, paymentId, invoiceId } = await paidPatriot();
    const result = await refund({ userId: user, amount: 10, reason: 'Billed twice by mistake' });
    expect(result).toEqual({ ok: true, value: { refundId: expect.stringMatching(/^re_/), amount: 10, invoiceId } });
    const refundId = result.ok ? result.value.refundId : '';
    expect(fake.object(refundId)).toMatchObject({ amount: 1000, payment_intent: paymentId, metadata: { reason: 'Billed twice by mistake' } });
    expect((await paymentOf(paymentId)).refundedCents).toBe(1000);
    expect(await userOf(user)).toMatchObject({ tierId: 'patriot', credits: 6 });
    expect(await ledgerOf(user)).toEqual([['signup_grant', 1], ['payment', 5]]);
    const [entry] = (await new ListAuditLog(uow).execute({ page: 1, pageSize: 10 })).entries;
    expect(entry).toMatchObject({
      action: 'user.refund', target: (await userOf(user))?.email, actorLabel: chief.label,
      before: { refundedCents: 0 }, after: { refundedCents: 1000, amountCents: 1000, invoiceId, refundId, reason: 'Billed twice by mistake' },
    });
  });

  it('refuses more than is left of the payment, sending nothing to Stripe', async () => {
    const { user, paymentId } = await paidPatriot();
    expect((await refund({ userId: user, amount: 10, reason: 'Goodwill' })).ok).toBe(true);
    const sent = fake.requests.length;
    for (const amount of [25, 19.01, 29]) {
      expect(await refund({ userId: user, amount, reason: 'Goodwill' })).toEqual({
        ok: false, error: { code: 'validation.invalid', message: adminMessages.refundTooLarge('19.00') },
      });
    }
    expect(fake.requests.length).toBe(sent);
    expect((await paymentOf(paymentId)).refundedCents).toBe(1000);
    expect((await userOf(user)).credits).toBe(6);
  });

  it('refunds the rest, taking back the credits of the payment once, even when Stripe\'s charge.refunded events arrive after', async () => {
    const { user, paymentId } = await paidPatriot();
    const from = fake.events.length;
    expect((await refund({ userId: user, amount: 10, reason: 'Goodwill' })).ok).toBe(true);
    expect(await refund({ userId: user, amount: '19.00', reason: 'Cancelled within 30 days' })).toMatchObject({ ok: true, value: { amount: 19 } });
    expect((await paymentOf(paymentId)).refundedCents).toBe(2900);
    expect(await userOf(user)).toMatchObject({ credits: 1 });
    expect(await ledgerOf(user)).toEqual([['signup_grant', 1], ['payment', 5], ['refund', -5]]);

    expect(await deliverRefundEvents(from)).toEqual(['processed', 'processed']);
    expect((await userOf(user)).credits).toBe(1);
    expect(await ledgerOf(user)).toEqual([['signup_grant', 1], ['payment', 5], ['refund', -5]]);
    expect((await paymentOf(paymentId)).refundedCents).toBe(2900);

    const sent = refundRequests().length;
    expect(await refund({ userId: user, amount: 0.01, reason: 'Again' })).toEqual({ ok: false, error: { code: 'validation.invalid', message: adminMessages.refundTooLarge('0.00') } });
    expect(refundRequests().length).toBe(sent);
  });

  it('takes back only what the balance holds when the paid credits were already spent', async () => {
    const { user } = await paidPatriot();
    await uow.run((r) => r.ledger.post({ userId: user, delta: -4, reason: 'analysis_debit', reference: 'spent' }));
    expect((await refund({ userId: user, amount: 29, reason: 'Full refund' })).ok).toBe(true);
    expect((await userOf(user)).credits).toBe(0);
    expect(await ledgerOf(user)).toEqual([['signup_grant', 1], ['payment', 5], ['analysis_debit', -4], ['refund', -2]]);
  });

  // KNOWN BUG (reported, core is not ours to edit): RefundPayment adds the refund's amount to the total read
  // *after* Stripe answered, so a charge.refunded webhook handled in between (it carries the running total)
  // is counted twice: $10 refunded is recorded as $20, and the credits go back before the payment is refunded
  // in full. Drop `.fails` once RefundPayment records the running total instead.
  it('counts a refund once when Stripe\'s charge.refunded is handled before the refund\'s own bookkeeping', async () => {
    const { user, paymentId } = await paidPatriot();
    // Stripe answers the refund call and sends its webhook at once; the webhook can win the race to the database.
    const racing: PaymentGateway = Object.assign(Object.create(gateway) as StripePaymentGateway, {
      refund: async (request: Parameters<PaymentGateway['refund']>[0]) => {
        const from = fake.events.length;
        const refunded = await gateway.refund(request);
        await deliverRefundEvents(from);
        return refunded;
      },
    });
    expect((await refund({ userId: user, amount: 10, reason: 'Goodwill' }, racing)).ok).toBe(true);
    expect((await paymentOf(paymentId)).refundedCents).toBe(1000);
    expect((await userOf(user)).credits).toBe(6);
    expect((await refund({ userId: user, amount: 19, reason: 'The rest' }, racing)).ok).toBe(true);
    expect((await paymentOf(paymentId)).refundedCents).toBe(2900);
    expect((await userOf(user)).credits).toBe(1);
  });

  it('answers that the user has no payment to refund, sending nothing to Stripe', async () => {
    n += 1;
    const citizen = await register(`citizen-${n}@example.test`);
    const sent = fake.requests.length;
    expect(await refund({ userId: citizen, amount: 1, reason: 'Goodwill' })).toEqual({ ok: false, error: { code: 'validation.invalid', message: adminMessages.noRefundablePayment } });
    expect(await refund({ userId: '00000000-0000-4000-8000-999999999999', amount: 1, reason: 'Goodwill' })).toMatchObject({ ok: false, error: { code: 'user.not_found' } });
    expect(fake.requests.length).toBe(sent);
  });

  it('answers payments.not_configured without Stripe keys', async () => {
    const { user, paymentId } = await paidPatriot();
    const sent = fake.requests.length;
    expect(await refund({ userId: user, amount: 10, reason: 'Goodwill' }, null)).toEqual({ ok: false, error: { code: 'payments.not_configured', message: PAYMENTS_NOT_CONFIGURED_MESSAGE } });
    expect(fake.requests.length).toBe(sent);
    expect((await paymentOf(paymentId)).refundedCents).toBe(0);
  });
});
