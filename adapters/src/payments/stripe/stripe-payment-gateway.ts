// Imported only when the configuration has Stripe keys (the composition root uses `await import()`), so
// the SDK loads only then.
import Stripe from 'stripe';
import {
  paymentMessages,
  paymentNotFound,
  noBillingAccount,
  domainError,
  err,
  ok,
  type DomainError,
  type EnsureCustomerRequest,
  type InvoiceRecord,
  type PaymentEvent,
  type PaymentGateway,
  type PaymentRecord,
  type RefundRequest,
  type Result,
  type StartedSubscription,
  type StartSubscriptionRequest,
  type SubscriptionState,
} from '@civicwatch/core';
import { isResourceMissing, stripeFailure } from './stripe-errors.ts';
import { idOf, toInvoiceRecord, readPaymentEvent, toPaymentStatus, toSubscriptionState } from './stripe-records.ts';

export interface StripePaymentGatewayOptions {
  secretKey: string;
  /** The signing secret of the webhook endpoint (`whsec_…`). */
  webhookSecret: string;
  /** Another API endpoint such as the fake server (`http://127.0.0.1:12345`); Stripe's own when unset. */
  apiBase?: string;
  /** Retries of a call that failed on the network or with a 5xx; the SDK adds idempotency keys to them. */
  maxNetworkRetries?: number;
  timeoutMs?: number;
}

const invoiceNotFound = (): DomainError => domainError('payment.not_found', 'No such invoice was found');
const subscriptionNotFound = (): DomainError => domainError('billing.no_subscription', paymentMessages.noSubscription);

/** The PaymentGateway port on Stripe Billing (docs/product/payments.md): monthly subscriptions, paid by card. */
export class StripePaymentGateway implements PaymentGateway {
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;

  constructor(options: StripePaymentGatewayOptions) {
    this.webhookSecret = options.webhookSecret;
    this.stripe = new Stripe(options.secretKey, {
      // Pinned: the records read fields where this version keeps them (stripe-records.ts).
      apiVersion: Stripe.API_VERSION,
      maxNetworkRetries: options.maxNetworkRetries ?? 2,
      // A checkout waits on these calls; Stripe's default of 80 s is longer than a buyer waits.
      timeout: options.timeoutMs ?? 20_000,
      telemetry: false,
      ...(options.apiBase ? endpointOf(options.apiBase) : {}),
    });
  }

  async ensureCustomer(request: EnsureCustomerRequest): Promise<Result<{ customerId: string }, DomainError>> {
    if (request.existingCustomerId) {
      const existingId = request.existingCustomerId;
      const existing = await this.find(() => this.stripe.customers.retrieve(existingId));
      if (!existing.ok) return existing;
      // A customer deleted in the Dashboard answers `deleted: true`; one from another account, resource_missing.
      if (existing.value && !existing.value.deleted) return ok({ customerId: existing.value.id });
    }
    const created = await this.call(() => this.stripe.customers.create({
      email: request.email,
      ...(request.name ? { name: request.name } : {}),
      metadata: { userId: request.userId },
    }));
    return created.ok ? ok({ customerId: created.value.id }) : created;
  }

  async startSubscription(request: StartSubscriptionRequest): Promise<Result<StartedSubscription, DomainError>> {
    let discounts: Stripe.SubscriptionCreateParams.Discount[] | undefined;
    if (request.firstInvoiceDiscountCents > 0) {
      // Keyed like the subscription, so a retried checkout reuses its coupon instead of making another.
      const coupon = await this.call(() => this.stripe.coupons.create(
        { amount_off: request.firstInvoiceDiscountCents, currency: 'usd', duration: 'once', max_redemptions: 1 },
        { idempotencyKey: `${request.idempotencyKey}:coupon` },
      ));
      if (!coupon.ok) return coupon;
      discounts = [{ coupon: coupon.value.id }];
    }
    const created = await this.call(() => this.stripe.subscriptions.create({
      customer: request.customerId,
      items: [{ price: request.priceId }],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      expand: ['latest_invoice.confirmation_secret', 'latest_invoice.payments'],
      metadata: { ...request.metadata },
      ...(discounts ? { discounts } : {}),
    }, { idempotencyKey: request.idempotencyKey }));
    if (!created.ok) return created;
    const subscription = created.value;
    const invoice = subscription.latest_invoice;
    if (!invoice || typeof invoice === 'string') throw new Error(`Stripe did not expand the first invoice of subscription ${subscription.id}`);
    return ok({
      ...toSubscriptionState(subscription),
      customerId: idOf(subscription.customer) ?? request.customerId,
      invoice: toInvoiceRecord(invoice),
      // Null when the invoice cost nothing and was paid at once.
      clientSecret: invoice.confirmation_secret?.client_secret ?? null,
    });
  }

  async cancelSubscriptionNow(subscriptionId: string): Promise<Result<void, DomainError>> {
    // Stripe no longer finds a subscription once it is canceled: already ended is what the caller wants.
    const canceled = await this.find(() => this.stripe.subscriptions.cancel(subscriptionId));
    return canceled.ok ? ok(undefined) : canceled;
  }

  async cancelAtPeriodEnd(subscriptionId: string): Promise<Result<SubscriptionState, DomainError>> {
    const updated = await this.find(() => this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }));
    if (!updated.ok) return updated;
    return updated.value ? ok(toSubscriptionState(updated.value)) : err(subscriptionNotFound());
  }

  async getPayment(paymentId: string): Promise<Result<PaymentRecord, DomainError>> {
    const found = await this.find(() => this.stripe.paymentIntents.retrieve(paymentId));
    if (!found.ok) return found;
    const intent = found.value;
    if (!intent) return err(paymentNotFound());
    // This API version has no `invoice` on a PaymentIntent: the invoice's payments name it.
    const invoicePayments = await this.call(() => this.stripe.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: paymentId } }));
    if (!invoicePayments.ok) return invoicePayments;
    const payments = invoicePayments.value.data;
    const invoicePayment = payments.find((p) => p.status === 'paid') ?? payments[0] ?? null;
    return ok({
      paymentId: intent.id,
      status: toPaymentStatus(intent.status),
      amountCents: intent.amount,
      customerId: idOf(intent.customer),
      invoiceId: idOf(invoicePayment?.invoice),
    });
  }

  async getInvoice(invoiceId: string): Promise<Result<InvoiceRecord, DomainError>> {
    const invoice = await this.find(() => this.stripe.invoices.retrieve(invoiceId, { expand: ['payments'] }));
    if (!invoice.ok) return invoice;
    return invoice.value ? ok(toInvoiceRecord(invoice.value)) : err(invoiceNotFound());
  }

  async refund(request: RefundRequest): Promise<Result<{ refundId: string; amountCents: number }, DomainError>> {
    const refund = await this.find(() => this.stripe.refunds.create(
      { payment_intent: request.paymentId, amount: request.amountCents, metadata: { reason: request.reason } },
      { idempotencyKey: request.idempotencyKey },
    ));
    if (!refund.ok) return refund;
    return refund.value ? ok({ refundId: refund.value.id, amountCents: refund.value.amount }) : err(paymentNotFound());
  }

  async openBillingPortal(request: { customerId: string; returnUrl: string }): Promise<Result<{ url: string }, DomainError>> {
    // Stripe answers resource_missing for a customer deleted in the Dashboard: no invoices to show then.
    const session = await this.find(() => this.stripe.billingPortal.sessions.create({ customer: request.customerId, return_url: request.returnUrl }));
    if (!session.ok) return session;
    return session.value ? ok({ url: session.value.url }) : err(noBillingAccount());
  }

  async deleteCustomer(customerId: string): Promise<Result<void, DomainError>> {
    const deleted = await this.find(() => this.stripe.customers.del(customerId));
    return deleted.ok ? ok(undefined) : deleted;
  }

  readWebhook(rawBody: Buffer, signatureHeader: string | undefined): Result<PaymentEvent, DomainError> {
    let event: Stripe.Event;
    try {
      // The raw bytes as received: a body parsed and serialized again no longer matches its signature.
      event = this.stripe.webhooks.constructEvent(rawBody, signatureHeader ?? '', this.webhookSecret);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
        return err(domainError('webhook.invalid_signature', 'The webhook signature is not valid'));
      }
      throw error;
    }
    return ok(readPaymentEvent(event));
  }

  /** Runs one SDK call; a failure becomes a DomainError (stripe-errors.ts). */
  private async call<T>(run: () => Promise<T>): Promise<Result<T, DomainError>> {
    try {
      return ok(await run());
    } catch (error) {
      return err(stripeFailure(error));
    }
  }

  /** Like `call`, but Stripe's `resource_missing` answers null. */
  private async find<T>(run: () => Promise<T>): Promise<Result<T | null, DomainError>> {
    try {
      return ok(await run());
    } catch (error) {
      return isResourceMissing(error) ? ok(null) : err(stripeFailure(error));
    }
  }
}

/** `http://127.0.0.1:12345` as the SDK's host, port and protocol. */
function endpointOf(apiBase: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : url.protocol === 'https:' ? 'https' : null;
  if (!protocol) throw new Error(`The Stripe API base must be an http(s) URL, not ${apiBase}`);
  return { host: url.hostname.replace(/^\[(.*)\]$/, '$1'), port: Number(url.port || (protocol === 'https' ? 443 : 80)), protocol };
}
