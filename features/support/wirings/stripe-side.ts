import { randomUUID } from 'node:crypto';
import { paymentIntentIdOf, type FakeStripe, type FakeTestPaymentMethod } from '@civicwatch/adapters/payments/stripe/testing/fake-stripe-server.ts';
import type { PaymentEventOutcome } from '@civicwatch/core';
import type { Outcome } from './accounts.ability.ts';
import type { PaymentServer, Payments, TestCard } from './payments.ability.ts';

type StripeEvent = FakeStripe['events'][number];

const testCards: Record<TestCard, FakeTestPaymentMethod> = { valid: 'pm_card_visa', declined: 'pm_card_chargeDeclined' };

/**
 * Stripe during one scenario. The fake Stripe server outlives scenarios, so this remembers where the
 * scenario began in its event log and which events it delivered: an earlier scenario's events never
 * reach this one's server.
 */
export class StripeScenario {
  private next: number;
  readonly delivered: StripeEvent[] = [];

  constructor(readonly fake: FakeStripe) {
    this.next = fake.events.length;
  }

  /** Events emitted since the last call, oldest first; they count as delivered from now on. */
  takePending(): StripeEvent[] {
    const pending = this.fake.events.slice(this.next);
    this.next += pending.length;
    this.delivered.push(...pending);
    return pending;
  }

  /** The newest event of `type` not yet delivered. */
  peekPending(type: string): StripeEvent | undefined {
    return this.fake.events.slice(this.next).findLast((e) => e.type === type);
  }
}

/**
 * The payments ability: a wiring's PaymentServer plus what happens outside the server, the same for
 * every wiring: Stripe.js in the browser and Stripe itself (cards, renewals, refunds, webhook deliveries).
 */
export function withStripeSide(server: PaymentServer, stripe: StripeScenario): Payments {
  const { fake } = stripe;
  const deliver = (event: StripeEvent, secret?: string) => server.receiveWebhook(fake.signedDelivery(event, secret ? { secret } : {}));
  const pending = (type: string): StripeEvent => {
    const event = stripe.peekPending(type);
    if (!event) throw new Error(`Stripe has no pending ${type} event in this scenario`);
    return event;
  };

  return {
    plans: () => server.plans(),
    paymentsEnabled: () => server.paymentsEnabled(),
    verifiedEmailRequired: () => server.verifiedEmailRequired(),
    startCheckout: (request) => server.startCheckout(request),
    reportPaymentSuccess: (paymentIntentId, details) => server.reportPaymentSuccess(paymentIntentId, details),
    subscription: () => server.subscription(),
    cancelSubscription: () => server.cancelSubscription(),
    receiveWebhook: (delivery) => server.receiveWebhook(delivery),

    payInBrowser(clientSecret, card) {
      const confirmation = fake.confirmPayment(paymentIntentIdOf(clientSecret), testCards[card]);
      return {
        paymentIntentId: confirmation.paymentIntentId,
        succeeded: confirmation.status === 'succeeded',
        errorMessage: confirmation.error?.message ?? null,
        amountCents: Number(fake.object(confirmation.paymentIntentId)?.amount),
      };
    },
    monthPasses(subscriptionId, card) {
      const renewal = fake.renew(subscriptionId, card ? { paymentMethod: testCards[card] } : {});
      const invoice = renewal.invoiceId ? fake.object(renewal.invoiceId) : null;
      return { status: renewal.status, amountCents: invoice ? Number(invoice.amount_due) : 0 };
    },
    async refundAtStripe(paymentIntentId, amountCents) {
      // What the Dashboard does: Stripe's own API with the account's secret key.
      const response = await fetch(`${fake.apiBase}/v1/refunds`, {
        method: 'POST',
        headers: { authorization: `Bearer ${fake.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ payment_intent: paymentIntentId, amount: String(amountCents), reason: 'requested_by_customer' }),
      });
      if (!response.ok) throw new Error(`Stripe refused the refund: ${response.status} ${await response.text()}`);
    },
    refundedAtStripe(paymentIntentId) {
      const chargeId = fake.object(paymentIntentId)?.latest_charge;
      if (typeof chargeId !== 'string') throw new Error(`Stripe has no charge for ${paymentIntentId}`);
      return Number(fake.object(chargeId)?.amount_refunded);
    },
    statusAtStripe(subscriptionId) {
      const subscription = fake.object(subscriptionId);
      return subscription ? String(subscription.status) : null;
    },

    async deliverPendingEvents() {
      const outcomes: Array<{ type: string; outcome: Outcome<PaymentEventOutcome> }> = [];
      for (const event of stripe.takePending()) outcomes.push({ type: event.type, outcome: await deliver(event) });
      return outcomes;
    },
    redeliver(type) {
      const event = stripe.delivered.findLast((e) => e.type === type);
      if (!event) throw new Error(`Stripe has delivered no ${type} event in this scenario`);
      return deliver(event);
    },
    deliverNewEvent(type, object) {
      const event = {
        id: `evt_features_${randomUUID().replaceAll('-', '')}`,
        object: 'event',
        api_version: fake.events[0]?.api_version ?? null,
        created: Math.floor(Date.now() / 1000),
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      } as unknown as StripeEvent;
      return deliver(event);
    },
    deliverAtOnce(type, times) {
      const event = pending(type);
      return Promise.all(Array.from({ length: times }, () => deliver(event)));
    },
    deliverForged(type, forgery) {
      const genuine = pending(type);
      if (forgery === 'unsigned') return server.receiveWebhook({ body: fake.signedDelivery(genuine).body });
      return deliver(genuine, 'whsec_not_stripes_secret_at_all');
    },
  };
}
