// The fake's memory: one record per Stripe object, held as the fake needs it; fake-stripe-objects.ts turns
// them into Stripe's JSON.
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { CardDecline } from './fake-stripe-cards.ts';
import type { StripeJson } from './fake-stripe-wire.ts';

/** Unix seconds, Stripe's unit of time. */
export type Seconds = number;

export interface CustomerRecord {
  id: string;
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
  created: Seconds;
  deleted: boolean;
}

export interface PriceRecord {
  id: string;
  productId: string;
  unitAmount: number;
  currency: string;
  nickname: string | null;
  created: Seconds;
}

export interface CouponRecord {
  id: string;
  amountOff: number;
  currency: string;
  duration: 'once' | 'forever' | 'repeating';
  maxRedemptions: number | null;
  timesRedeemed: number;
  created: Seconds;
}

export type SubscriptionStatus = 'incomplete' | 'incomplete_expired' | 'active' | 'past_due' | 'canceled';

export interface SubscriptionRecord {
  id: string;
  itemId: string;
  customerId: string;
  priceId: string;
  status: SubscriptionStatus;
  metadata: Record<string, string>;
  created: Seconds;
  periodStart: Seconds;
  periodEnd: Seconds;
  cancelAtPeriodEnd: boolean;
  canceledAt: Seconds | null;
  endedAt: Seconds | null;
  latestInvoiceId: string;
  saveDefaultPaymentMethod: boolean;
  defaultPaymentMethodId: string | null;
}

export interface InvoiceRecord {
  id: string;
  customerId: string;
  subscriptionId: string;
  billingReason: 'subscription_create' | 'subscription_cycle';
  status: 'open' | 'paid' | 'void';
  subtotal: number;
  /** What the once-only coupon took off, 0 for none. */
  discount: { id: string; couponId: string; amount: number } | null;
  total: number;
  amountPaid: number;
  attemptCount: number;
  created: Seconds;
  /** The invoice's own period: for a subscription, the one before the line's (Stripe's convention). */
  periodStart: Seconds;
  periodEnd: Seconds;
  line: { id: string; priceId: string; amount: number; periodStart: Seconds; periodEnd: Seconds };
  paidAt: Seconds | null;
  voidedAt: Seconds | null;
  invoicePaymentId: string | null;
}

export interface InvoicePaymentRecord {
  id: string;
  invoiceId: string;
  paymentIntentId: string;
  amountRequested: number;
  amountPaid: number | null;
  status: 'open' | 'paid' | 'canceled';
  created: Seconds;
  paidAt: Seconds | null;
  canceledAt: Seconds | null;
}

export type PaymentIntentStatus = 'requires_payment_method' | 'requires_confirmation' | 'succeeded' | 'canceled';

export interface PaymentIntentRecord {
  id: string;
  clientSecret: string;
  amount: number;
  currency: string;
  customerId: string | null;
  status: PaymentIntentStatus;
  description: string;
  created: Seconds;
  canceledAt: Seconds | null;
  paymentMethodId: string | null;
  latestChargeId: string | null;
  lastPaymentError: StripeJson | null;
  setupFutureUsage: 'off_session' | null;
  /** Known to the fake only: Stripe no longer answers it on the PaymentIntent (see InvoicePayment). */
  invoiceId: string | null;
}

export interface PaymentMethodRecord {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  customerId: string | null;
  created: Seconds;
  /** Known to the fake only: how every charge on this card ends. */
  decline: CardDecline | null;
}

export interface ChargeRecord {
  id: string;
  paymentIntentId: string;
  customerId: string | null;
  paymentMethodId: string;
  amount: number;
  amountRefunded: number;
  status: 'succeeded' | 'failed';
  failure: { code: string; message: string } | null;
  created: Seconds;
}

export interface RefundRecord {
  id: string;
  chargeId: string;
  paymentIntentId: string;
  amount: number;
  metadata: Record<string, string>;
  reason: string | null;
  created: Seconds;
}

/** The request that caused an event, as Stripe reports it; null for the fake's own billing runs. */
export interface EventCause {
  requestId: string;
  idempotencyKey: string | null;
}

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A Stripe-looking id: the object's prefix and random letters. */
export function stripeId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  return `${prefix}_${[...bytes].map((b) => alphabet[b % alphabet.length]).join('')}`;
}

export class FakeStripeStore {
  readonly customers = new Map<string, CustomerRecord>();
  readonly prices = new Map<string, PriceRecord>();
  readonly coupons = new Map<string, CouponRecord>();
  readonly subscriptions = new Map<string, SubscriptionRecord>();
  readonly invoices = new Map<string, InvoiceRecord>();
  readonly invoicePayments = new Map<string, InvoicePaymentRecord>();
  readonly paymentIntents = new Map<string, PaymentIntentRecord>();
  readonly paymentMethods = new Map<string, PaymentMethodRecord>();
  readonly charges = new Map<string, ChargeRecord>();
  readonly refunds = new Map<string, RefundRecord>();
  readonly events: Stripe.Event[] = [];
  private readonly listeners: ((event: Stripe.Event) => void)[] = [];

  constructor(private readonly clock: () => Date) {}

  now(): Seconds {
    return Math.floor(this.clock().getTime() / 1000);
  }

  /** Records an event with a snapshot of the object as it is now. */
  emit(type: Stripe.Event.Type, object: StripeJson, cause: EventCause | null, previousAttributes?: StripeJson): Stripe.Event {
    const event = {
      id: stripeId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: this.now(),
      data: { object: structuredClone(object), ...(previousAttributes ? { previous_attributes: previousAttributes } : {}) },
      livemode: false,
      pending_webhooks: 1,
      request: cause ? { id: cause.requestId, idempotency_key: cause.idempotencyKey } : { id: null, idempotency_key: null },
      type,
    } as unknown as Stripe.Event;
    this.events.push(event);
    for (const listener of this.listeners) listener(event);
    return event;
  }

  onEvent(listener: (event: Stripe.Event) => void): () => void {
    this.listeners.push(listener);
    return () => {
      const index = this.listeners.indexOf(listener);
      if (index >= 0) this.listeners.splice(index, 1);
    };
  }
}

/** One calendar month later, in UTC, as Stripe's monthly billing cycle advances. */
export function oneMonthAfter(time: Seconds): Seconds {
  const date = new Date(time * 1000);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return Math.floor(date.getTime() / 1000);
}
