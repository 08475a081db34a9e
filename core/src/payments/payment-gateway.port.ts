import type { Result } from '../shared/result.ts';
import type { DomainError } from '../shared/domain-error.ts';

/**
 * The payment provider, seen from the domain (docs/product/payments.md). Amounts are integer cents.
 * Every method that reaches the provider answers `payments.provider_error` when it cannot be reached or
 * refuses the call; the domain never sees the provider's own types.
 */
export interface PaymentGateway {
  /** Creates the provider's customer for this user, or answers the one we already hold when it still exists. */
  ensureCustomer(request: EnsureCustomerRequest): Promise<Result<{ customerId: string }, DomainError>>;
  /**
   * A monthly subscription to `priceId`, left incomplete until its first invoice is paid
   * (`payment_behavior=default_incomplete`). `firstInvoiceDiscountCents` comes off the first invoice only,
   * through a coupon that applies once. When the first invoice costs nothing the provider marks it paid at
   * once and there is no client secret.
   */
  startSubscription(request: StartSubscriptionRequest): Promise<Result<StartedSubscription, DomainError>>;
  /** Ends a subscription now (an abandoned incomplete one, or the old plan after a switch); already ended is fine. */
  cancelSubscriptionNow(subscriptionId: string): Promise<Result<void, DomainError>>;
  /** Cancels at the end of the period already paid for. */
  cancelAtPeriodEnd(subscriptionId: string): Promise<Result<SubscriptionState, DomainError>>;
  /** What the provider says of a payment; `payment.not_found` when it has no such payment. */
  getPayment(paymentId: string): Promise<Result<PaymentRecord, DomainError>>;
  /** What the provider says of an invoice; `payment.not_found` when it has no such invoice. */
  getInvoice(invoiceId: string): Promise<Result<InvoiceRecord, DomainError>>;
  /** Refunds part or all of a payment; the caller checks that it never exceeds what was paid. */
  refund(request: RefundRequest): Promise<Result<{ refundId: string; amountCents: number }, DomainError>>;
  /**
   * A short-lived page of the provider's where the customer sees their invoices and changes their card,
   * coming back to `returnUrl`; `billing.no_customer` when the provider no longer has the customer.
   */
  openBillingPortal(request: { customerId: string; returnUrl: string }): Promise<Result<{ url: string }, DomainError>>;
  /**
   * Removes the customer and its saved cards at the provider, which ends its subscriptions; the invoices stay
   * in the provider's books. Already gone is fine.
   */
  deleteCustomer(customerId: string): Promise<Result<void, DomainError>>;
  /**
   * Checks the signature of a webhook delivery against the raw body and reads it;
   * `webhook.invalid_signature` when it was not signed with our secret.
   */
  readWebhook(rawBody: Buffer, signatureHeader: string | undefined): Result<PaymentEvent, DomainError>;
}
export const PaymentGateway = Symbol('PaymentGateway');

export interface EnsureCustomerRequest {
  userId: string;
  email: string;
  name: string | null;
  existingCustomerId: string | null;
}

export interface StartSubscriptionRequest {
  customerId: string;
  priceId: string;
  /** 0 for none; otherwise the amount a once-only coupon takes off the first invoice. */
  firstInvoiceDiscountCents: number;
  /** Stored on the provider's subscription so a webhook can be traced back without our database. */
  metadata: { userId: string; tierId: string };
  /** The provider's idempotency key for the creating call. */
  idempotencyKey: string;
}

export type SubscriptionStatus = 'incomplete' | 'incomplete_expired' | 'active' | 'trialing' | 'past_due' | 'unpaid' | 'canceled' | 'paused';

export interface SubscriptionState {
  subscriptionId: string;
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  /** End of the period paid for; null while nothing is paid. */
  currentPeriodEnd: Date | null;
}

export interface StartedSubscription extends SubscriptionState {
  customerId: string;
  /** The first invoice. */
  invoice: InvoiceRecord;
  /** For the browser to confirm the first invoice's payment; null when nothing was due. */
  clientSecret: string | null;
}

export type PaymentStatus = 'succeeded' | 'processing' | 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'requires_capture' | 'canceled';

export interface PaymentRecord {
  paymentId: string;
  status: PaymentStatus;
  amountCents: number;
  customerId: string | null;
  /** The invoice this payment paid, when it paid one. */
  invoiceId: string | null;
}

export type InvoiceBillingReason = 'subscription_create' | 'subscription_cycle' | 'subscription_update' | 'other';

export interface InvoiceRecord {
  invoiceId: string;
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';
  customerId: string;
  subscriptionId: string | null;
  /** The Price of the subscription line: tells the tier. */
  priceId: string | null;
  amountDueCents: number;
  amountPaidCents: number;
  billingReason: InvoiceBillingReason;
  /** The payment that paid it, when one did (none for an invoice of 0). */
  paymentId: string | null;
  /** End of the period this invoice pays for. */
  periodEnd: Date | null;
}

export interface RefundRequest {
  paymentId: string;
  amountCents: number;
  reason: string;
  idempotencyKey: string;
}

/** A provider event, reduced to what the domain acts on; `eventId` makes each delivery count once. */
export type PaymentEvent =
  /** The event's copy of the invoice lacks its payment (Stripe sends no `payments`): read it back with getInvoice. */
  | { eventId: string; kind: 'invoice.paid'; invoice: InvoiceRecord }
  | { eventId: string; kind: 'invoice.payment_failed'; invoice: InvoiceRecord }
  /** `amountRefundedCents` is the payment's running total refunded so far, not this refund's amount. */
  | { eventId: string; kind: 'payment.refunded'; paymentId: string; customerId: string | null; amountRefundedCents: number }
  | { eventId: string; kind: 'subscription.updated'; customerId: string; subscription: SubscriptionState }
  | { eventId: string; kind: 'subscription.deleted'; customerId: string; subscription: SubscriptionState }
  | { eventId: string; kind: 'ignored'; providerType: string }
  /**
   * Signed by the provider, so genuine, but not shaped as this code reads that type: acknowledged without
   * effect (a refusal would have it sent again for days) and logged for an operator to look at.
   */
  | { eventId: string; kind: 'unreadable'; providerType: string; problem: string };
