// What Stripe Billing does with the calls the adapter makes: customers, once-only coupons, subscriptions
// left incomplete until their first invoice is paid, card payments, renewals, cancellations and refunds,
// each emitting the events Stripe would send a webhook endpoint.
import type { CardDecline, TestCard } from './fake-stripe-cards.ts';
import {
  oneMonthAfter,
  stripeId,
  type ChargeRecord,
  type CouponRecord,
  type CustomerRecord,
  type EventCause,
  type FakeStripeStore,
  type InvoiceRecord,
  type PaymentIntentRecord,
  type PaymentMethodRecord,
  type PriceRecord,
  type RefundRecord,
  type SubscriptionRecord,
} from './fake-stripe-store.ts';
import { renderCharge, renderInvoice, renderPaymentIntent, renderPaymentMethod, renderSubscription } from './fake-stripe-objects.ts';
import { FakeStripeError } from './fake-stripe-wire.ts';

export class FakeStripeBilling {
  constructor(private readonly store: FakeStripeStore) {}

  createCustomer(input: { email: string | null; name: string | null; metadata: Record<string, string> }): CustomerRecord {
    const customer: CustomerRecord = { id: stripeId('cus', 14), ...input, created: this.store.now(), deleted: false };
    this.store.customers.set(customer.id, customer);
    return customer;
  }

  deleteCustomer(customerId: string): CustomerRecord {
    const customer = this.liveCustomer(customerId, 'id');
    customer.deleted = true;
    for (const subscription of this.store.subscriptions.values()) {
      if (subscription.customerId === customerId && subscription.status !== 'canceled') this.cancel(subscription.id, null);
    }
    return customer;
  }

  createPrice(input: { unitAmount: number; currency: string; nickname: string | null }): PriceRecord {
    if (!Number.isInteger(input.unitAmount) || input.unitAmount < 0) throw new Error(`A price is a whole number of cents, not ${input.unitAmount}`);
    const price: PriceRecord = { id: stripeId('price'), productId: stripeId('prod', 14), created: this.store.now(), ...input };
    this.store.prices.set(price.id, price);
    return price;
  }

  createCoupon(input: { amountOff: number; currency: string; duration: CouponRecord['duration']; maxRedemptions: number | null }): CouponRecord {
    if (input.amountOff <= 0) throw FakeStripeError.invalidRequest('Invalid positive integer', 'amount_off');
    const coupon: CouponRecord = { id: stripeId('', 8).slice(1), timesRedeemed: 0, created: this.store.now(), ...input };
    this.store.coupons.set(coupon.id, coupon);
    return coupon;
  }

  /**
   * `payment_behavior=default_incomplete`: the subscription waits, `incomplete`, for its first invoice to
   * be paid; an invoice that costs nothing is paid at once and the subscription starts `active`.
   */
  createSubscription(input: {
    customerId: string;
    priceId: string;
    couponId: string | null;
    metadata: Record<string, string>;
    saveDefaultPaymentMethod: boolean;
  }, cause: EventCause): SubscriptionRecord {
    const customer = this.liveCustomer(input.customerId, 'customer');
    const price = this.store.prices.get(input.priceId);
    if (!price) throw FakeStripeError.resourceMissing('price', input.priceId, 'items[0][price]');
    const coupon = input.couponId === null ? null : this.store.coupons.get(input.couponId);
    if (coupon === undefined) throw FakeStripeError.resourceMissing('coupon', input.couponId as string, 'discounts[0][coupon]');
    if (coupon && coupon.maxRedemptions !== null && coupon.timesRedeemed >= coupon.maxRedemptions) {
      throw FakeStripeError.invalidRequest(`Coupon ${coupon.id} cannot be redeemed because it has been redeemed the maximum number of times.`, 'discounts[0][coupon]', 'coupon_expired');
    }
    if (coupon && coupon.currency !== price.currency) {
      throw FakeStripeError.invalidRequest(`Coupon ${coupon.id} is in ${coupon.currency}, the price in ${price.currency}.`, 'discounts[0][coupon]');
    }
    const now = this.store.now();
    const subscription: SubscriptionRecord = {
      id: stripeId('sub'),
      itemId: stripeId('si', 14),
      customerId: customer.id,
      priceId: price.id,
      status: 'incomplete',
      metadata: input.metadata,
      created: now,
      periodStart: now,
      periodEnd: oneMonthAfter(now),
      cancelAtPeriodEnd: false,
      canceledAt: null,
      endedAt: null,
      latestInvoiceId: '',
      saveDefaultPaymentMethod: input.saveDefaultPaymentMethod,
      defaultPaymentMethodId: null,
    };
    this.store.subscriptions.set(subscription.id, subscription);
    if (coupon) coupon.timesRedeemed += 1;
    const discountAmount = coupon ? Math.min(coupon.amountOff, price.unitAmount) : 0;
    const invoice = this.openInvoice(subscription, {
      billingReason: 'subscription_create',
      created: now,
      periodStart: now,
      periodEnd: now,
      discount: coupon ? { id: stripeId('di'), couponId: coupon.id, amount: discountAmount } : null,
    });
    if (invoice.total === 0) {
      this.markPaid(invoice, null);
      subscription.status = 'active';
      this.store.emit('invoice.paid', renderInvoice(this.store, invoice), cause);
    }
    return subscription;
  }

  /**
   * Confirms a PaymentIntent with a card. A declined card leaves it `requires_payment_method`, counts an
   * attempt on its invoice (`invoice.payment_failed`) and is answered as Stripe's 402 card error.
   */
  confirm(paymentIntentId: string, source: TestCard | string, cause: EventCause): PaymentIntentRecord {
    const intent = this.paymentIntent(paymentIntentId);
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      const reason = intent.status === 'succeeded' ? 'it has already succeeded after being previously confirmed' : 'it has a status of canceled';
      throw new FakeStripeError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `You cannot confirm this PaymentIntent because ${reason}.`,
        payment_intent: renderPaymentIntent(this.store, intent),
      });
    }
    const method = typeof source === 'string' ? this.store.paymentMethods.get(source) : this.savePaymentMethod(source, intent.customerId);
    if (!method) throw FakeStripeError.resourceMissing('PaymentMethod', source as string, 'payment_method');
    const decline = this.charge(intent, method, cause);
    if (decline) {
      throw new FakeStripeError(402, {
        ...(intent.lastPaymentError as { type: 'card_error'; message: string }),
        payment_intent: renderPaymentIntent(this.store, intent),
      });
    }
    return intent;
  }

  /**
   * The next billing cycle of a subscription, as Stripe's billing run does it at the period's end: a
   * subscription set to cancel at the period's end ends instead; otherwise the period advances and a
   * `subscription_cycle` invoice at the price's full amount is charged to the saved card (or `card`).
   */
  renew(subscriptionId: string, card: TestCard | null): { status: 'paid' | 'payment_failed' | 'ended'; invoiceId: string | null; paymentIntentId: string | null } {
    const subscription = this.subscription(subscriptionId);
    if (subscription.status !== 'active' && subscription.status !== 'past_due') {
      throw new Error(`The fake Stripe cannot renew subscription ${subscriptionId}: it is ${subscription.status}`);
    }
    if (subscription.cancelAtPeriodEnd) {
      subscription.status = 'canceled';
      subscription.endedAt = subscription.periodEnd;
      this.store.emit('customer.subscription.deleted', renderSubscription(this.store, subscription), null);
      return { status: 'ended', invoiceId: null, paymentIntentId: null };
    }
    const previous = { start: subscription.periodStart, end: subscription.periodEnd, invoice: subscription.latestInvoiceId };
    subscription.periodStart = previous.end;
    subscription.periodEnd = oneMonthAfter(previous.end);
    const invoice = this.openInvoice(subscription, {
      billingReason: 'subscription_cycle',
      created: previous.end,
      periodStart: previous.start,
      periodEnd: previous.end,
      discount: null,
    });
    this.store.emit('customer.subscription.updated', renderSubscription(this.store, subscription), null, {
      items: { data: [{ current_period_end: previous.end, current_period_start: previous.start }] },
      latest_invoice: previous.invoice,
    });
    const invoicePayment = invoice.invoicePaymentId ? this.store.invoicePayments.get(invoice.invoicePaymentId) : undefined;
    if (!invoicePayment) {
      this.markPaid(invoice, null);
      this.store.emit('invoice.paid', renderInvoice(this.store, invoice), null);
      return { status: 'paid', invoiceId: invoice.id, paymentIntentId: null };
    }
    const intent = this.store.paymentIntents.get(invoicePayment.paymentIntentId) as PaymentIntentRecord;
    const savedMethod = subscription.defaultPaymentMethodId ? this.store.paymentMethods.get(subscription.defaultPaymentMethodId) ?? null : null;
    const method = card ? this.savePaymentMethod(card, subscription.customerId) : savedMethod;
    const missingMethod: CardDecline = { code: 'payment_intent_unexpected_state', message: 'The customer has no default payment method.' };
    const decline = method
      ? this.charge(intent, method, null)
      : this.failWithoutCharge(intent, invoice, missingMethod);
    return { status: decline ? 'payment_failed' : 'paid', invoiceId: invoice.id, paymentIntentId: intent.id };
  }

  /** Ends a subscription now. A canceled one is gone for this call, as on Stripe: `resource_missing`. */
  cancel(subscriptionId: string, cause: EventCause | null): SubscriptionRecord {
    const subscription = this.store.subscriptions.get(subscriptionId);
    if (!subscription || subscription.status === 'canceled' || subscription.status === 'incomplete_expired') {
      throw FakeStripeError.resourceMissing('subscription', subscriptionId);
    }
    const now = this.store.now();
    subscription.status = 'canceled';
    subscription.canceledAt = now;
    subscription.endedAt = now;
    const invoice = this.store.invoices.get(subscription.latestInvoiceId) as InvoiceRecord;
    if (invoice.status === 'open') this.voidInvoice(invoice);
    this.store.emit('customer.subscription.deleted', renderSubscription(this.store, subscription), cause);
    return subscription;
  }

  setCancelAtPeriodEnd(subscriptionId: string, cancelAtPeriodEnd: boolean, cause: EventCause): SubscriptionRecord {
    const subscription = this.subscription(subscriptionId);
    if (subscription.status === 'canceled') {
      throw FakeStripeError.invalidRequest('A canceled subscription can only update its cancellation_details and metadata.');
    }
    if (subscription.cancelAtPeriodEnd === cancelAtPeriodEnd) return subscription;
    const previous = { cancel_at: subscription.cancelAtPeriodEnd ? subscription.periodEnd : null, cancel_at_period_end: subscription.cancelAtPeriodEnd, canceled_at: subscription.canceledAt };
    subscription.cancelAtPeriodEnd = cancelAtPeriodEnd;
    subscription.canceledAt = cancelAtPeriodEnd ? this.store.now() : null;
    this.store.emit('customer.subscription.updated', renderSubscription(this.store, subscription), cause, previous);
    return subscription;
  }

  /** Refunds part or all of a PaymentIntent's charge; `charge.refunded` carries the charge's refunded total. */
  refund(input: { paymentIntentId: string; amount: number | undefined; metadata: Record<string, string>; reason: string | null }, cause: EventCause): RefundRecord {
    const intent = this.store.paymentIntents.get(input.paymentIntentId);
    if (!intent) throw FakeStripeError.resourceMissing('payment_intent', input.paymentIntentId, 'payment_intent');
    const charge = intent.latestChargeId ? this.store.charges.get(intent.latestChargeId) : undefined;
    if (intent.status !== 'succeeded' || !charge || charge.status !== 'succeeded') {
      throw FakeStripeError.invalidRequest(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, 'payment_intent');
    }
    const refundable = charge.amount - charge.amountRefunded;
    if (refundable === 0) throw FakeStripeError.invalidRequest(`Charge ${charge.id} has already been refunded.`, undefined, 'charge_already_refunded');
    const amount = input.amount ?? refundable;
    if (amount <= 0) throw FakeStripeError.invalidRequest('Invalid positive integer', 'amount', 'parameter_invalid_integer');
    if (amount > refundable) {
      throw FakeStripeError.invalidRequest(`Refund amount ($${dollars(amount)}) is greater than unrefunded amount on charge ($${dollars(refundable)})`, 'amount', 'amount_too_large');
    }
    const refund: RefundRecord = { id: stripeId('re'), chargeId: charge.id, paymentIntentId: intent.id, amount, metadata: input.metadata, reason: input.reason, created: this.store.now() };
    this.store.refunds.set(refund.id, refund);
    const previous = { amount_refunded: charge.amountRefunded, refunded: false };
    charge.amountRefunded += amount;
    this.store.emit('charge.refunded', renderCharge(this.store, charge), cause, previous);
    return refund;
  }

  liveCustomer(customerId: string, param: string): CustomerRecord {
    const customer = this.store.customers.get(customerId);
    if (!customer || customer.deleted) throw FakeStripeError.resourceMissing('customer', customerId, param);
    return customer;
  }

  subscription(subscriptionId: string): SubscriptionRecord {
    const subscription = this.store.subscriptions.get(subscriptionId);
    if (!subscription) throw FakeStripeError.resourceMissing('subscription', subscriptionId);
    return subscription;
  }

  paymentIntent(paymentIntentId: string): PaymentIntentRecord {
    const intent = this.store.paymentIntents.get(paymentIntentId);
    if (!intent) throw FakeStripeError.resourceMissing('payment_intent', paymentIntentId, 'intent');
    return intent;
  }

  /** A finalized invoice for the subscription's current period, with a PaymentIntent when something is due. */
  private openInvoice(subscription: SubscriptionRecord, input: Pick<InvoiceRecord, 'billingReason' | 'created' | 'periodStart' | 'periodEnd' | 'discount'>): InvoiceRecord {
    const price = this.store.prices.get(subscription.priceId) as PriceRecord;
    const total = price.unitAmount - (input.discount?.amount ?? 0);
    const invoice: InvoiceRecord = {
      id: stripeId('in'),
      customerId: subscription.customerId,
      subscriptionId: subscription.id,
      status: 'open',
      subtotal: price.unitAmount,
      total,
      amountPaid: 0,
      attemptCount: 0,
      line: { id: stripeId('il'), priceId: price.id, amount: price.unitAmount, periodStart: subscription.periodStart, periodEnd: subscription.periodEnd },
      paidAt: null,
      voidedAt: null,
      invoicePaymentId: null,
      ...input,
    };
    this.store.invoices.set(invoice.id, invoice);
    subscription.latestInvoiceId = invoice.id;
    if (total > 0) {
      const intentId = stripeId('pi');
      const intent: PaymentIntentRecord = {
        id: intentId,
        clientSecret: `${intentId}_secret_${stripeId('', 25).slice(1)}`,
        amount: total,
        currency: price.currency,
        customerId: subscription.customerId,
        status: 'requires_payment_method',
        description: input.billingReason === 'subscription_create' ? 'Subscription creation' : 'Subscription update',
        created: input.created,
        canceledAt: null,
        paymentMethodId: null,
        latestChargeId: null,
        lastPaymentError: null,
        setupFutureUsage: subscription.saveDefaultPaymentMethod ? 'off_session' : null,
        invoiceId: invoice.id,
      };
      this.store.paymentIntents.set(intent.id, intent);
      const invoicePayment = { id: stripeId('inpay'), invoiceId: invoice.id, paymentIntentId: intent.id, amountRequested: total, amountPaid: null, status: 'open' as const, created: input.created, paidAt: null, canceledAt: null };
      this.store.invoicePayments.set(invoicePayment.id, invoicePayment);
      invoice.invoicePaymentId = invoicePayment.id;
    }
    return invoice;
  }

  /** Charges the card; answers the decline, or null when the payment went through. */
  private charge(intent: PaymentIntentRecord, method: PaymentMethodRecord, cause: EventCause | null): CardDecline | null {
    const decline = method.decline;
    const charge: ChargeRecord = {
      id: stripeId('ch'),
      paymentIntentId: intent.id,
      customerId: intent.customerId,
      paymentMethodId: method.id,
      amount: intent.amount,
      amountRefunded: 0,
      status: decline ? 'failed' : 'succeeded',
      failure: decline ? { code: decline.code, message: decline.message } : null,
      created: this.store.now(),
    };
    this.store.charges.set(charge.id, charge);
    intent.latestChargeId = charge.id;
    const invoice = intent.invoiceId ? this.store.invoices.get(intent.invoiceId) ?? null : null;
    if (decline) {
      intent.status = 'requires_payment_method';
      intent.paymentMethodId = null;
      intent.lastPaymentError = {
        type: 'card_error',
        code: decline.code,
        ...(decline.declineCode ? { decline_code: decline.declineCode } : {}),
        message: decline.message,
        charge: charge.id,
        doc_url: `https://stripe.com/docs/error-codes/${decline.code.replaceAll('_', '-')}`,
        payment_method: renderPaymentMethod(method),
      };
      if (invoice) this.recordFailedAttempt(invoice, cause);
      return decline;
    }
    intent.status = 'succeeded';
    intent.paymentMethodId = method.id;
    intent.lastPaymentError = null;
    if (invoice) this.settle(invoice, intent, method, cause);
    return null;
  }

  private failWithoutCharge(intent: PaymentIntentRecord, invoice: InvoiceRecord, decline: CardDecline): CardDecline {
    intent.lastPaymentError = { type: 'invalid_request_error', code: decline.code, message: decline.message };
    this.recordFailedAttempt(invoice, null);
    return decline;
  }

  private recordFailedAttempt(invoice: InvoiceRecord, cause: EventCause | null): void {
    invoice.attemptCount += 1;
    this.store.emit('invoice.payment_failed', renderInvoice(this.store, invoice), cause);
    const subscription = this.store.subscriptions.get(invoice.subscriptionId) as SubscriptionRecord;
    if (subscription.status === 'active') {
      subscription.status = 'past_due';
      this.store.emit('customer.subscription.updated', renderSubscription(this.store, subscription), cause, { status: 'active' });
    }
  }

  private settle(invoice: InvoiceRecord, intent: PaymentIntentRecord, method: PaymentMethodRecord, cause: EventCause | null): void {
    invoice.attemptCount += 1;
    this.markPaid(invoice, intent);
    this.store.emit('invoice.paid', renderInvoice(this.store, invoice), cause);
    const subscription = this.store.subscriptions.get(invoice.subscriptionId) as SubscriptionRecord;
    const previous: Record<string, unknown> = {};
    if (subscription.status !== 'active') {
      previous.status = subscription.status;
      subscription.status = 'active';
    }
    if (subscription.saveDefaultPaymentMethod && subscription.defaultPaymentMethodId !== method.id) {
      previous.default_payment_method = subscription.defaultPaymentMethodId;
      subscription.defaultPaymentMethodId = method.id;
    }
    if (Object.keys(previous).length > 0) {
      this.store.emit('customer.subscription.updated', renderSubscription(this.store, subscription), cause, previous);
    }
  }

  private markPaid(invoice: InvoiceRecord, intent: PaymentIntentRecord | null): void {
    const now = this.store.now();
    invoice.status = 'paid';
    invoice.amountPaid = invoice.total;
    invoice.paidAt = now;
    const invoicePayment = invoice.invoicePaymentId ? this.store.invoicePayments.get(invoice.invoicePaymentId) : undefined;
    if (invoicePayment && intent) {
      invoicePayment.status = 'paid';
      invoicePayment.amountPaid = intent.amount;
      invoicePayment.paidAt = now;
    }
  }

  private voidInvoice(invoice: InvoiceRecord): void {
    const now = this.store.now();
    invoice.status = 'void';
    invoice.voidedAt = now;
    const invoicePayment = invoice.invoicePaymentId ? this.store.invoicePayments.get(invoice.invoicePaymentId) : undefined;
    if (!invoicePayment) return;
    invoicePayment.status = 'canceled';
    invoicePayment.canceledAt = now;
    const intent = this.store.paymentIntents.get(invoicePayment.paymentIntentId) as PaymentIntentRecord;
    intent.status = 'canceled';
    intent.canceledAt = now;
  }

  private savePaymentMethod(card: TestCard, customerId: string | null): PaymentMethodRecord {
    const method: PaymentMethodRecord = { id: stripeId('pm'), brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear, customerId, created: this.store.now(), decline: card.decline };
    this.store.paymentMethods.set(method.id, method);
    return method;
  }
}

function dollars(cents: number): string {
  return (cents / 100).toFixed(2);
}
