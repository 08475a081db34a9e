// Stripe's objects (API version 2026-10-28.endive) read as the port's records. Where this version keeps
// what older ones had at the top level: an invoice's subscription in `parent.subscription_details`, its
// Price in the line's `pricing.price_details`, its payment in `payments` (an includable list), and a
// subscription's period on its items.
import type Stripe from 'stripe';
import { z } from 'zod';
import { MAX_DATABASE_INTEGER } from '@civicwatch/core';
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

const providerId = z.string().min(1).max(255).refine((id) => !id.includes('\u0000'), { message: 'holds a NUL character' });
const cents = z.number().int().min(0).max(MAX_DATABASE_INTEGER);
const moment = z.date().refine((d) => Number.isFinite(d.getTime()) && d.getTime() >= 0 && d.getUTCFullYear() <= 9999, { message: 'is not a date between 1970 and 9999' });
const invoiceRecord = z.object({
  invoiceId: providerId, customerId: z.string().max(255), subscriptionId: providerId.nullable(), priceId: providerId.nullable(),
  amountDueCents: cents, amountPaidCents: cents, paymentId: providerId.nullable(), periodEnd: moment.nullable(),
});
const subscriptionState = z.object({ subscriptionId: providerId, cancelAtPeriodEnd: z.boolean(), currentPeriodEnd: moment.nullable() });
/** What the database will be given from an event, checked: its ids, amounts and dates (the statuses are checked as read). */
const readableEvent = z.discriminatedUnion('kind', [
  z.object({ kind: z.enum(['invoice.paid', 'invoice.payment_failed']), eventId: providerId, invoice: invoiceRecord }),
  z.object({ kind: z.literal('payment.refunded'), eventId: providerId, paymentId: providerId, customerId: z.string().max(255).nullable(), amountRefundedCents: cents }),
  z.object({ kind: z.enum(['subscription.updated', 'subscription.deleted']), eventId: providerId, customerId: z.string().max(255), subscription: subscriptionState }),
  z.object({ kind: z.literal('ignored'), eventId: z.unknown() }),
]);

/**
 * An event whose signature was verified, as the port's record; `unreadable` when it is not shaped as this
 * API version sends that type (a field missing or of another type, an unknown status, an amount or date out
 * of range). Such an event cannot be acted on, and refusing it would only have it sent again.
 */
export function readPaymentEvent(event: Stripe.Event): PaymentEvent {
  const unreadable = (problem: string): PaymentEvent => ({
    eventId: typeof event.id === 'string' ? event.id : '', kind: 'unreadable', providerType: String(event.type), problem,
  });
  let record: PaymentEvent;
  try {
    record = toPaymentEvent(event);
  } catch (error) {
    // Reading a field of something that is not there (a TypeError), or a status this code does not know.
    return unreadable(error instanceof Error ? error.message : String(error));
  }
  const checked = readableEvent.safeParse(record);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    return unreadable(`${issue.path.join('.')} ${issue.message}`);
  }
  return record;
}
