// Stripe's objects (API version 2026-10-28.endive) read as the port's records. Where this version keeps
// what older ones had at the top level: an invoice's subscription in `parent.subscription_details`, its
// Price in the line's `pricing.price_details`, its payment in `payments` (an includable list), and a
// subscription's period on its items.
import type Stripe from 'stripe';
import type {
  InvoiceBillingReason,
  InvoiceRecord,
  PaymentEvent,
  PaymentStatus,
  SubscriptionState,
  SubscriptionStatus,
} from '@civicwatch/core';

type Reference = string | { id: string } | null | undefined;

export const idOf = (reference: Reference): string | null => (typeof reference === 'string' ? reference : reference?.id ?? null);

const fromUnix = (seconds: number): Date => new Date(seconds * 1000);

const invoiceStatuses: readonly InvoiceRecord['status'][] = ['draft', 'open', 'paid', 'uncollectible', 'void'];
const billingReasons: readonly InvoiceBillingReason[] = ['subscription_create', 'subscription_cycle', 'subscription_update'];
const subscriptionStatuses: readonly SubscriptionStatus[] = ['incomplete', 'incomplete_expired', 'active', 'trialing', 'past_due', 'unpaid', 'canceled', 'paused'];
const paymentStatuses: readonly PaymentStatus[] = ['succeeded', 'processing', 'requires_payment_method', 'requires_confirmation', 'requires_action', 'requires_capture', 'canceled'];

function known<T extends string>(values: readonly T[], value: string | null, what: string): T {
  if (value !== null && (values as readonly string[]).includes(value)) return value as T;
  // A status this code does not know is a Stripe API change, not a business failure.
  throw new Error(`Stripe answered an unknown ${what}: ${String(value)}`);
}

export const toPaymentStatus = (status: string): PaymentStatus => known(paymentStatuses, status, 'PaymentIntent status');

/**
 * `invoice.payments` is filled only when the call expanded it; a webhook's invoice never has it, so its
 * `paymentId` is null and `getInvoice` tells it.
 */
export function toInvoiceRecord(invoice: Stripe.Invoice): InvoiceRecord {
  const lines = invoice.lines.data;
  const line = lines.find((l) => l.parent?.type === 'subscription_item_details') ?? lines[0] ?? null;
  const paid = invoice.payments?.data.find((p) => p.status === 'paid') ?? null;
  return {
    invoiceId: invoice.id,
    status: known(invoiceStatuses, invoice.status, 'invoice status'),
    // Every invoice of a subscription has a customer; '' (no user of ours) for any other.
    customerId: idOf(invoice.customer) ?? '',
    subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
    priceId: idOf(line?.pricing?.price_details?.price),
    amountDueCents: invoice.amount_due,
    amountPaidCents: invoice.amount_paid,
    billingReason: (billingReasons as readonly string[]).includes(invoice.billing_reason ?? '') ? invoice.billing_reason as InvoiceBillingReason : 'other',
    paymentId: idOf(paid?.payment.payment_intent),
    // The line's period is the one paid for; the invoice's own `period_end` is the previous period's.
    periodEnd: line ? fromUnix(line.period.end) : null,
  };
}

export function toSubscriptionState(subscription: Stripe.Subscription): SubscriptionState {
  const status = known(subscriptionStatuses, subscription.status, 'subscription status');
  const item = subscription.items.data[0];
  const unpaid = status === 'incomplete' || status === 'incomplete_expired';
  return {
    subscriptionId: subscription.id,
    status,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    currentPeriodEnd: unpaid || !item ? null : fromUnix(item.current_period_end),
  };
}

/** The events the domain acts on; every other type is `ignored`, answered 2xx so Stripe stops sending it. */
export function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  const eventId = event.id;
  switch (event.type) {
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return { eventId, kind: event.type, invoice: toInvoiceRecord(event.data.object) };
    case 'charge.refunded': {
      const charge = event.data.object;
      const paymentId = idOf(charge.payment_intent);
      if (!paymentId) return { eventId, kind: 'ignored', providerType: event.type };
      // The charge's refunded total so far, not this refund's amount.
      return { eventId, kind: 'payment.refunded', paymentId, customerId: idOf(charge.customer), amountRefundedCents: charge.amount_refunded };
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      const kind = event.type === 'customer.subscription.updated' ? 'subscription.updated' : 'subscription.deleted';
      return { eventId, kind, customerId: idOf(subscription.customer) ?? '', subscription: toSubscriptionState(subscription) };
    }
    default:
      return { eventId, kind: 'ignored', providerType: event.type };
  }
}
