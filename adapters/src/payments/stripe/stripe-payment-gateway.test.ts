import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import type { DomainError, PaymentEvent, Result, SubscriptionState } from '@civicwatch/core';
import { StripePaymentGateway } from './stripe-payment-gateway.ts';
import { stripeFailure } from './stripe-errors.ts';
import { paymentIntentIdOf, startFakeStripe, type FakeStripe } from './testing/fake-stripe-server.ts';

let fake: FakeStripe;
let gateway: StripePaymentGateway;

beforeAll(async () => {
  fake = await startFakeStripe();
  gateway = new StripePaymentGateway({ secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, apiBase: fake.apiBase });
});
afterAll(() => fake.close());

const DAY_MS = 86_400_000;

function value<T>(result: Result<T, DomainError>): T {
  if (!result.ok) throw new Error(`expected success, got ${result.error.code}: ${result.error.message}`);
  return result.value;
}

function failure(result: Result<unknown, DomainError>): DomainError {
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result.value)}`);
  return result.error;
}

/** A new customer subscribing to a new $15 Price, left where the checkout page takes over. */
async function checkout(options: { discountCents?: number; idempotencyKey?: string } = {}) {
  const userId = randomUUID();
  const priceId = fake.createPrice({ unitAmountCents: 1500, nickname: 'Patriot' });
  const { customerId } = value(await gateway.ensureCustomer({ userId, email: 'ada@example.org', name: 'Ada Lovelace', existingCustomerId: null }));
  const started = value(await gateway.startSubscription({
    customerId,
    priceId,
    firstInvoiceDiscountCents: options.discountCents ?? 0,
    metadata: { userId, tierId: 'patriot' },
    idempotencyKey: options.idempotencyKey ?? randomUUID(),
  }));
  return { userId, priceId, customerId, started };
}

/** A checkout whose first invoice was paid with a good card. */
async function paidCheckout(options: { discountCents?: number } = {}) {
  const bought = await checkout(options);
  const paymentId = paymentIntentIdOf(bought.started.clientSecret as string);
  expect(fake.confirmPayment(paymentId, 'pm_card_visa').status).toBe('succeeded');
  return { ...bought, paymentId };
}

/** What the webhook endpoint reads of the events the fake emitted during `act`, delivered signed. */
async function webhookEventsOf(act: () => unknown): Promise<PaymentEvent[]> {
  const before = fake.events.length;
  await act();
  return fake.events.slice(before).map((event) => {
    const { body, signature } = fake.signedDelivery(event);
    return value(gateway.readWebhook(Buffer.from(body), signature));
  });
}

describe('StripePaymentGateway, against the fake Stripe server', () => {
  describe('ensureCustomer', () => {
    it('creates a customer carrying the user id, and answers the same one while it exists', async () => {
      const userId = randomUUID();
      const request = { userId, email: 'grace@example.org', name: 'Grace Hopper', existingCustomerId: null };
      const { customerId } = value(await gateway.ensureCustomer(request));

      expect(customerId).toMatch(/^cus_/);
      expect(fake.object(customerId)).toMatchObject({ email: 'grace@example.org', name: 'Grace Hopper', metadata: { userId } });
      expect(value(await gateway.ensureCustomer({ ...request, existingCustomerId: customerId }))).toEqual({ customerId });
    });

    it('creates a new customer when the one we hold was deleted or is unknown to Stripe', async () => {
      const request = { userId: randomUUID(), email: 'grace@example.org', name: null, existingCustomerId: null };
      const { customerId } = value(await gateway.ensureCustomer(request));
      fake.deleteCustomer(customerId);

      const replacement = value(await gateway.ensureCustomer({ ...request, existingCustomerId: customerId })).customerId;
      expect(replacement).not.toBe(customerId);
      expect(fake.object(customerId)).toMatchObject({ deleted: true });
      expect(fake.object(replacement)).toMatchObject({ object: 'customer', email: 'grace@example.org' });
      expect(fake.object(replacement)).not.toHaveProperty('deleted');
      const fromElsewhere = value(await gateway.ensureCustomer({ ...request, existingCustomerId: 'cus_fromAnotherAccount' })).customerId;
      expect(fromElsewhere).toMatch(/^cus_/);
      expect(fromElsewhere).not.toBe('cus_fromAnotherAccount');
    });
  });

  describe('a first payment', () => {
    it('leaves the subscription incomplete until the card is confirmed, then reads the payment and its invoice as paid', async () => {
      const { customerId, priceId, started } = await checkout();
      expect(started).toMatchObject({ status: 'incomplete', cancelAtPeriodEnd: false, currentPeriodEnd: null, customerId });
      expect(started.clientSecret).toMatch(/^pi_\w+_secret_\w+$/);
      expect(started.invoice).toMatchObject({
        status: 'open', customerId, subscriptionId: started.subscriptionId, priceId,
        amountDueCents: 1500, amountPaidCents: 0, billingReason: 'subscription_create', paymentId: null,
      });

      const paymentId = paymentIntentIdOf(started.clientSecret as string);
      const events = await webhookEventsOf(() => expect(fake.confirmPayment(paymentId, 'pm_card_visa').error).toBeNull());

      expect(value(await gateway.getPayment(paymentId))).toEqual({
        paymentId, status: 'succeeded', amountCents: 1500, customerId, invoiceId: started.invoice.invoiceId,
      });
      const invoice = value(await gateway.getInvoice(started.invoice.invoiceId));
      expect(invoice).toMatchObject({
        invoiceId: started.invoice.invoiceId, status: 'paid', customerId, subscriptionId: started.subscriptionId, priceId,
        amountDueCents: 1500, amountPaidCents: 1500, billingReason: 'subscription_create', paymentId,
      });
      expect(invoice.periodEnd?.getTime()).toBeGreaterThan(Date.now() + 27 * DAY_MS);

      expect(events.map((e) => e.kind)).toEqual(['invoice.paid', 'subscription.updated']);
      // A webhook's invoice does not carry its payments (Stripe does not include them): getInvoice tells the payment.
      expect(events[0]).toMatchObject({ kind: 'invoice.paid', invoice: { invoiceId: started.invoice.invoiceId, status: 'paid', amountPaidCents: 1500, priceId, paymentId: null } });
      expect(events[1]).toMatchObject({
        kind: 'subscription.updated', customerId,
        subscription: { subscriptionId: started.subscriptionId, status: 'active', cancelAtPeriodEnd: false, currentPeriodEnd: invoice.periodEnd },
      });
    });

    it('answers the same subscription for a repeated idempotency key, with one coupon', async () => {
      const idempotencyKey = randomUUID();
      const first = await checkout({ discountCents: 500, idempotencyKey });
      const again = value(await gateway.startSubscription({
        customerId: first.customerId, priceId: first.priceId, firstInvoiceDiscountCents: 500,
        metadata: { userId: first.userId, tierId: 'patriot' }, idempotencyKey,
      }));

      expect(again.subscriptionId).toBe(first.started.subscriptionId);
      expect(again.clientSecret).toBe(first.started.clientSecret);
      const couponCalls = fake.requests.filter((r) => r.path === '/v1/coupons' && r.idempotencyKey?.startsWith(idempotencyKey));
      expect(couponCalls).toHaveLength(2);
      expect(couponCalls[0]?.params).toEqual({ amount_off: '500', currency: 'usd', duration: 'once', max_redemptions: '1' });
    });
  });

  describe('discounts', () => {
    it('takes a discount off the first invoice only: the renewal charges the full price to the saved card', async () => {
      const { started, paymentId, priceId } = await paidCheckout({ discountCents: 500 });
      expect(started.invoice.amountDueCents).toBe(1000);
      const first = value(await gateway.getInvoice(started.invoice.invoiceId));
      expect(first).toMatchObject({ status: 'paid', amountPaidCents: 1000, paymentId });

      const renewal = fake.renew(started.subscriptionId);
      expect(renewal.status).toBe('paid');
      const renewed = value(await gateway.getInvoice(renewal.invoiceId as string));
      expect(renewed).toMatchObject({
        status: 'paid', subscriptionId: started.subscriptionId, priceId, amountDueCents: 1500, amountPaidCents: 1500,
        billingReason: 'subscription_cycle', paymentId: renewal.paymentIntentId,
      });
      expect(renewed.periodEnd?.getTime()).toBeGreaterThan((first.periodEnd?.getTime() ?? Infinity) + 27 * DAY_MS);
      expect(value(await gateway.getPayment(renewal.paymentIntentId as string))).toMatchObject({ status: 'succeeded', amountCents: 1500, invoiceId: renewal.invoiceId });
    });

    it('starts a subscription whose first invoice is fully discounted at once: no client secret, the invoice paid at 0', async () => {
      const { started } = await checkout({ discountCents: 1500 });

      expect(started).toMatchObject({ status: 'active', clientSecret: null });
      expect(started.currentPeriodEnd?.getTime()).toBeGreaterThan(Date.now() + 27 * DAY_MS);
      expect(started.invoice).toMatchObject({ status: 'paid', amountDueCents: 0, amountPaidCents: 0, paymentId: null, billingReason: 'subscription_create' });
      expect(fake.events.at(-1)).toMatchObject({ type: 'invoice.paid', data: { object: { id: started.invoice.invoiceId, amount_paid: 0 } } });
    });
  });

  describe('a declined card', () => {
    it('fails the confirmation with Stripe\'s message; the payment has not succeeded and the invoice stays open', async () => {
      const { started } = await checkout();
      const paymentId = paymentIntentIdOf(started.clientSecret as string);

      let confirmation;
      const events = await webhookEventsOf(() => (confirmation = fake.confirmPayment(paymentId, 'pm_card_chargeDeclined')));

      expect(confirmation).toMatchObject({ status: 'requires_payment_method', error: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' } });
      expect(value(await gateway.getPayment(paymentId))).toMatchObject({ status: 'requires_payment_method', amountCents: 1500, invoiceId: started.invoice.invoiceId });
      expect(value(await gateway.getInvoice(started.invoice.invoiceId))).toMatchObject({ status: 'open', amountPaidCents: 0, paymentId: null });
      expect(events).toMatchObject([{ kind: 'invoice.payment_failed', invoice: { invoiceId: started.invoice.invoiceId, status: 'open' } }]);

      // Another card on the same page goes through.
      expect(fake.confirmPayment(paymentId, 'pm_card_visa').status).toBe('succeeded');
      expect(value(await gateway.getPayment(paymentId)).status).toBe('succeeded');
    });

    it('reads a failed renewal as invoice.payment_failed and the subscription as past due', async () => {
      const { started } = await paidCheckout();
      const events = await webhookEventsOf(() => fake.renew(started.subscriptionId, { paymentMethod: 'pm_card_chargeDeclinedInsufficientFunds' }));

      expect(events.map((e) => e.kind)).toEqual(['subscription.updated', 'invoice.payment_failed', 'subscription.updated']);
      expect(events[1]).toMatchObject({ invoice: { status: 'open', billingReason: 'subscription_cycle', amountDueCents: 1500 } });
      expect(events[2]).toMatchObject({ subscription: { status: 'past_due' } });
    });
  });

  describe('unknown ids', () => {
    it('answers payment.not_found for a payment or an invoice Stripe does not hold', async () => {
      expect(failure(await gateway.getPayment('pi_doesNotExist'))).toEqual({ code: 'payment.not_found', message: expect.any(String) });
      expect(failure(await gateway.getInvoice('in_doesNotExist')).code).toBe('payment.not_found');
      expect(failure(await gateway.refund({ paymentId: 'pi_doesNotExist', amountCents: 100, reason: 'x', idempotencyKey: randomUUID() })).code).toBe('payment.not_found');
      expect(failure(await gateway.cancelAtPeriodEnd('sub_doesNotExist')).code).toBe('billing.no_subscription');
    });
  });

  describe('refunds', () => {
    it('refunds part of a payment, then the rest; charge.refunded carries the refunded total', async () => {
      const { paymentId, customerId } = await paidCheckout();

      let refund;
      const first = await webhookEventsOf(async () => (refund = value(await gateway.refund({ paymentId, amountCents: 500, reason: 'Analysis failed twice', idempotencyKey: randomUUID() }))));
      expect(refund).toEqual({ refundId: expect.stringMatching(/^re_/), amountCents: 500 });
      expect(first).toEqual([{ eventId: expect.any(String), kind: 'payment.refunded', paymentId, customerId, amountRefundedCents: 500 }]);
      expect(fake.requests.at(-1)?.params).toEqual({ payment_intent: paymentId, amount: '500', metadata: { reason: 'Analysis failed twice' } });

      const rest = await webhookEventsOf(async () => value(await gateway.refund({ paymentId, amountCents: 1000, reason: 'Goodwill', idempotencyKey: randomUUID() })));
      expect(rest).toMatchObject([{ kind: 'payment.refunded', amountRefundedCents: 1500 }]);

      const tooMuch = failure(await gateway.refund({ paymentId, amountCents: 1, reason: 'again', idempotencyKey: randomUUID() }));
      expect(tooMuch).toEqual({ code: 'payments.provider_error', message: expect.stringContaining('Stripe') });
    });

    it('refunds once for a repeated idempotency key', async () => {
      const { paymentId } = await paidCheckout();
      const request = { paymentId, amountCents: 300, reason: 'Duplicate charge', idempotencyKey: randomUUID() };

      const events = await webhookEventsOf(async () => {
        const first = value(await gateway.refund(request));
        expect(value(await gateway.refund(request))).toEqual(first);
      });
      expect(events).toHaveLength(1);
    });
  });

  describe('cancellations', () => {
    it('cancels at the period\'s end: the subscription stays active until then, then ends', async () => {
      const { started, customerId } = await paidCheckout();

      let state: SubscriptionState | undefined;
      const updated = await webhookEventsOf(async () => (state = value(await gateway.cancelAtPeriodEnd(started.subscriptionId))));
      expect(state).toMatchObject({ subscriptionId: started.subscriptionId, status: 'active', cancelAtPeriodEnd: true });
      expect(state?.currentPeriodEnd?.getTime()).toBeGreaterThan(Date.now() + 27 * DAY_MS);
      expect(updated).toMatchObject([{ kind: 'subscription.updated', customerId, subscription: { status: 'active', cancelAtPeriodEnd: true } }]);

      const ended = await webhookEventsOf(() => expect(fake.renew(started.subscriptionId).status).toBe('ended'));
      expect(ended).toMatchObject([{ kind: 'subscription.deleted', customerId, subscription: { subscriptionId: started.subscriptionId, status: 'canceled' } }]);
    });

    it('cancels an abandoned checkout now, and takes a second cancel as done; its payment can no longer be made', async () => {
      const { started, customerId } = await checkout();

      const deleted = await webhookEventsOf(async () => value(await gateway.cancelSubscriptionNow(started.subscriptionId)));
      expect(deleted).toMatchObject([{ kind: 'subscription.deleted', customerId, subscription: { subscriptionId: started.subscriptionId, status: 'canceled' } }]);
      expect(await gateway.cancelSubscriptionNow(started.subscriptionId)).toEqual({ ok: true, value: undefined });
      expect(() => fake.confirmPayment(paymentIntentIdOf(started.clientSecret as string), 'pm_card_visa')).toThrow(/status of canceled/);
      expect(value(await gateway.getInvoice(started.invoice.invoiceId)).status).toBe('void');
    });
  });

  describe('billing portal and account deletion', () => {
    it('opens a customer-portal session that comes back to the page given; none for a customer Stripe no longer has', async () => {
      const { customerId } = await paidCheckout();
      const portal = value(await gateway.openBillingPortal({ customerId, returnUrl: 'https://civicwatch.example/account' }));
      expect(portal.url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
      expect(fake.requests.at(-1)).toMatchObject({ path: '/v1/billing_portal/sessions', params: { customer: customerId, return_url: 'https://civicwatch.example/account' }, status: 200 });

      fake.deleteCustomer(customerId);
      expect(failure(await gateway.openBillingPortal({ customerId, returnUrl: 'https://civicwatch.example/account' }))).toMatchObject({ code: 'billing.no_customer' });
    });

    it('deletes a customer, which ends its subscription, and takes a second delete as done; its paid invoice stays', async () => {
      const { started, customerId } = await paidCheckout();
      const events = await webhookEventsOf(async () => value(await gateway.deleteCustomer(customerId)));
      expect(events).toContainEqual(expect.objectContaining({ kind: 'subscription.deleted', subscription: expect.objectContaining({ subscriptionId: started.subscriptionId, status: 'canceled' }) }));
      expect(fake.object(customerId)).toMatchObject({ deleted: true });
      expect(await gateway.deleteCustomer(customerId)).toEqual({ ok: true, value: undefined });
      expect(value(await gateway.getInvoice(started.invoice.invoiceId)).status).toBe('paid');
    });
  });

  describe('webhooks', () => {
    it('refuses a delivery not signed with our secret, a missing signature and a body changed after signing', async () => {
      const { started } = await paidCheckout();
      const event = fake.events.find((e) => e.type === 'invoice.paid' && (e.data.object as { id: string }).id === started.invoice.invoiceId) as Stripe.Event;
      const invalid = { ok: false, error: { code: 'webhook.invalid_signature', message: 'The webhook signature is not valid' } };

      const forged = fake.signedDelivery(event, { secret: 'whsec_someoneElse' });
      expect(gateway.readWebhook(Buffer.from(forged.body), forged.signature)).toEqual(invalid);
      const genuine = fake.signedDelivery(event);
      expect(gateway.readWebhook(Buffer.from(genuine.body), undefined)).toEqual(invalid);
      expect(gateway.readWebhook(Buffer.from(genuine.body.replace('"amount_paid": 1500', '"amount_paid": 150000')), genuine.signature)).toEqual(invalid);
      expect(value(gateway.readWebhook(Buffer.from(genuine.body), genuine.signature))).toMatchObject({ eventId: event.id, kind: 'invoice.paid' });
    });

    it('answers ignored, with Stripe\'s type, for an event the domain does not act on', () => {
      const event = { id: 'evt_customerCreated', object: 'event', type: 'customer.created', data: { object: { id: 'cus_1', object: 'customer' } } } as unknown as Stripe.Event;
      const { body, signature } = fake.signedDelivery(event);
      expect(value(gateway.readWebhook(Buffer.from(body), signature))).toEqual({ eventId: 'evt_customerCreated', kind: 'ignored', providerType: 'customer.created' });
    });

    it('answers unreadable, saying what is wrong, for a signed event not shaped as its type is', () => {
      const read = (type: string, object: unknown) => {
        const { body, signature } = fake.signedDelivery({ id: 'evt_odd', object: 'event', type, data: { object } } as unknown as Stripe.Event);
        return value(gateway.readWebhook(Buffer.from(body), signature));
      };
      expect(read('invoice.paid', undefined)).toMatchObject({ eventId: 'evt_odd', kind: 'unreadable', providerType: 'invoice.paid', problem: expect.stringMatching(/lines/) });
      expect(read('charge.refunded', { payment_intent: 'pi_1', amount_refunded: 'all' })).toMatchObject({ kind: 'unreadable', problem: expect.stringMatching(/^amountRefundedCents/) });
      expect(read('charge.refunded', { payment_intent: 'pi_1', amount_refunded: 2 ** 40 })).toMatchObject({ kind: 'unreadable', problem: expect.stringMatching(/^amountRefundedCents/) });
      expect(read('customer.subscription.updated', { id: 'sub_1', status: 'paused', cancel_at_period_end: false, items: { data: [{ current_period_end: 1e12 }] } }))
        .toMatchObject({ kind: 'unreadable', problem: expect.stringMatching(/^subscription\.currentPeriodEnd/) });
      expect(read('customer.subscription.updated', { id: 'sub_1', status: 'gone' })).toMatchObject({ kind: 'unreadable', problem: expect.stringMatching(/unknown subscription status/) });
    });
  });

  describe('Stripe failing', () => {
    it('answers payments.provider_error, naming Stripe, when Stripe cannot be reached', async () => {
      const gone = await startFakeStripe();
      await gone.close();
      const offline = new StripePaymentGateway({ secretKey: gone.secretKey, webhookSecret: gone.webhookSecret, apiBase: gone.apiBase, maxNetworkRetries: 0 });

      const error = failure(await offline.ensureCustomer({ userId: randomUUID(), email: 'a@example.org', name: null, existingCustomerId: null }));
      expect(error).toEqual({ code: 'payments.provider_error', message: expect.stringContaining('Stripe') });
      expect(error.message).not.toContain(gone.secretKey);
      expect(failure(await offline.getPayment('pi_1')).code).toBe('payments.provider_error');
    });

    it('answers payments.provider_error, without the key, when Stripe refuses the API key', async () => {
      const secretKey = 'sk_test_notTheFakesKey1234567890';
      const refused = new StripePaymentGateway({ secretKey, webhookSecret: fake.webhookSecret, apiBase: fake.apiBase, maxNetworkRetries: 0 });

      const error = failure(await refused.getInvoice('in_1'));
      expect(error.code).toBe('payments.provider_error');
      expect(error.message).toContain('Stripe');
      expect(error.message).not.toContain(secretKey.slice(-4));
    });

    it('answers a card error as payment.not_completed in Stripe\'s words, and throws what is not an SDK error', () => {
      const declined = new Stripe.errors.StripeCardError({ type: 'card_error', code: 'card_declined', message: 'Your card was declined.' });
      expect(stripeFailure(declined)).toEqual({ code: 'payment.not_completed', message: 'Your card was declined.' });
      expect(() => stripeFailure(new TypeError('a bug'))).toThrow('a bug');
    });
  });
});
