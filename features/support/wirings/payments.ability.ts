import type {
  CreatePaymentIntentResponse, PaymentEventOutcome, PaymentSuccessResponse, SubscriptionTierView, SubscriptionView,
} from '@civicwatch/core';
import type { Outcome } from './accounts.ability.ts';

/** What the checkout page sends to `create-payment-intent` (docs/product/payments.md "Checkout"): whole dollars. */
export interface CheckoutRequest {
  tier: string;
  amount: number;
  originalAmount?: number;
  promoCode?: string;
}

/** One webhook delivery as it reaches the server: the exact body and its `Stripe-Signature` header. */
export interface WebhookDelivery {
  body: string;
  signature?: string;
}

/**
 * The server's part of payments, reached one way or another: the only part that differs between the
 * wirings (use cases directly, or the API over HTTP).
 */
export interface PaymentServer {
  /** The plans of the subscribe page, in display order. */
  plans(): Promise<SubscriptionTierView[]>;
  /** Whether this server takes payments at all (`GET /api/config`). */
  paymentsEnabled(): Promise<boolean>;
  /** Whether checkout asks for a verified e-mail address (`GET /api/config`): only where e-mail is sent. */
  verifiedEmailRequired(): Promise<boolean>;
  startCheckout(request: CheckoutRequest): Promise<Outcome<CreatePaymentIntentResponse>>;
  /** The checkout page's `payment-success` after the browser confirmed the card payment. */
  reportPaymentSuccess(paymentIntentId: string, details?: { tier?: string; promoCode?: string }): Promise<Outcome<PaymentSuccessResponse>>;
  subscription(): Promise<Outcome<SubscriptionView>>;
  cancelSubscription(): Promise<Outcome<NonNullable<SubscriptionView>>>;
  /** A POST to the webhook: anyone may send one; only Stripe can sign it. */
  receiveWebhook(delivery: WebhookDelivery): Promise<Outcome<PaymentEventOutcome>>;
}

/** Stripe's test cards, by what they do. */
export type TestCard = 'valid' | 'declined';

export interface CardPayment {
  paymentIntentId: string;
  succeeded: boolean;
  /** What Stripe.js shows when the card is refused. */
  errorMessage: string | null;
  /** What the PaymentIntent charges, in cents. */
  amountCents: number;
}

export interface Renewal {
  /** `ended` when the subscription was set to cancel at the end of the period: nothing is charged. */
  status: 'paid' | 'payment_failed' | 'ended';
  /** What the renewal invoice asked, in cents; 0 when it ended. */
  amountCents: number;
}

/**
 * Payments, whichever way the server is reached: the citizen at checkout, her browser confirming the card
 * with Stripe.js, and what happens on Stripe's side (a month passing, a refund, webhook deliveries). The
 * Stripe side is one fake Stripe server per run, shared by every citizen of a scenario.
 */
export interface Payments extends PaymentServer {
  /** The browser's part: Stripe.js confirms the payment of a checkout's client secret with a test card. */
  payInBrowser(clientSecret: string, card: TestCard): CardPayment;
  /** The subscription's period ends: Stripe renews it (or ends it), charging the saved card or `card`. */
  monthPasses(subscriptionId: string, card?: TestCard): Renewal;
  /** A refund made on Stripe's side (the Dashboard), for part or all of a payment. */
  refundAtStripe(paymentIntentId: string, amountCents: number): Promise<void>;
  /** Stripe's status of a subscription. */
  statusAtStripe(subscriptionId: string): string | null;
  /** How much of a payment Stripe has refunded so far, in cents. */
  refundedAtStripe(paymentIntentId: string): number;
  /** Delivers, signed and in order, every Stripe event not yet delivered in this scenario; answers their types and outcomes. */
  deliverPendingEvents(): Promise<Array<{ type: string; outcome: Outcome<PaymentEventOutcome> }>>;
  /** Delivers again, signed, the latest already delivered event of this type (Stripe delivers at least once). */
  redeliver(type: string): Promise<Outcome<PaymentEventOutcome>>;
  /** Stripe sends, signed, an event it made up just now: of this type, about this object. */
  deliverNewEvent(type: string, object: Record<string, unknown>): Promise<Outcome<PaymentEventOutcome>>;
  /**
   * Delivers the newest pending event of this type `times` times at once, signed: Stripe retrying while
   * its first delivery is still being handled.
   */
  deliverAtOnce(type: string, times: number): Promise<Array<Outcome<PaymentEventOutcome>>>;
  /**
   * Posts a copy of the latest pending event of this type that Stripe did not sign: signed with another
   * secret, or not signed at all. The genuine event stays pending.
   */
  deliverForged(type: string, forgery: 'signed with another secret' | 'unsigned'): Promise<Outcome<PaymentEventOutcome>>;
}
