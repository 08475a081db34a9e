import type { TierId } from '../contracts/tiers.contract.ts';
import type { InvoiceBillingReason, SubscriptionStatus } from './payment-gateway.port.ts';

/** A subscription at the payment provider, as we last heard of it. */
export interface StoredSubscription {
  /** The provider's id. */
  id: string;
  userId: string;
  customerId: string;
  tierId: TierId;
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
  /** The promo code applied at checkout; it counts as used when the first invoice is paid. */
  promoId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A paid invoice: the first month or a renewal. Its credits were granted exactly once, when it was recorded. */
export interface StoredPayment {
  invoiceId: string;
  /**
   * Null once the account was deleted: the invoice stays, as payment law requires, with no link to a person
   * (ADR 0009).
   */
  userId: string | null;
  subscriptionId: string | null;
  /** The provider's payment; null for an invoice of 0 (a 100% code). */
  paymentId: string | null;
  tierId: TierId;
  amountCents: number;
  refundedCents: number;
  creditsGranted: number;
  billingReason: InvoiceBillingReason;
  paidAt: Date;
}

/** A paid invoice as it is recorded: always an account's. */
export type NewPayment = StoredPayment & { userId: string };

/** Subscriptions still running or waiting for their first payment. */
export const openSubscriptionStatuses: readonly SubscriptionStatus[] = ['incomplete', 'active', 'trialing', 'past_due', 'unpaid', 'paused'];
/** Subscriptions that give their tier: paid for and not ended. */
export const payingSubscriptionStatuses: readonly SubscriptionStatus[] = ['active', 'trialing', 'past_due'];

export interface BillingRepository {
  customerIdOf(userId: string): Promise<string | null>;
  userIdOfCustomer(customerId: string): Promise<string | null>;
  /** Links the user to their provider customer (replacing a customer the provider no longer has). */
  saveCustomer(userId: string, customerId: string): Promise<void>;
  findSubscription(id: string): Promise<StoredSubscription | null>;
  /** Inserts or replaces by id. */
  saveSubscription(subscription: StoredSubscription): Promise<void>;
  /** The user's subscriptions in an open status, newest first. */
  openSubscriptions(userId: string): Promise<StoredSubscription[]>;
  /** Records a paid invoice; false when it was recorded before (a replay, or the webhook and the page both reporting it). */
  recordPayment(payment: NewPayment): Promise<boolean>;
  findPaymentByPaymentId(paymentId: string): Promise<StoredPayment | null>;
  /** Newest first. */
  listPayments(userId: string): Promise<StoredPayment[]>;
  /** Sets the total refunded of a paid invoice. */
  setRefunded(invoiceId: string, refundedCents: number): Promise<void>;
  /** Marks a provider event as handled; false when it already was, so each event counts once. */
  markEventProcessed(eventId: string, type: string, at: Date): Promise<boolean>;
}
