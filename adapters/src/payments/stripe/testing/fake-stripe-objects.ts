// Stripe's JSON for each record, in API version 2026-10-28.endive: what the SDK receives. Fields the
// fake has no use for keep Stripe's empty values, so a field name read by the adapter is a real one.
// Expandable fields answer an id unless expanded; includable ones (`invoice.payments`,
// `invoice.confirmation_secret`) appear only when asked for, as on Stripe.
import type Stripe from 'stripe';
import type {
  ChargeRecord,
  CustomerRecord,
  FakeStripeStore,
  InvoicePaymentRecord,
  InvoiceRecord,
  PaymentIntentRecord,
  PaymentMethodRecord,
  PriceRecord,
  RefundRecord,
  SubscriptionRecord,
  CouponRecord,
} from './fake-stripe-store.ts';
import { stripeId } from './fake-stripe-store.ts';
import { onlyExpansions, type ExpandTree, type StripeJson } from './fake-stripe-wire.ts';

/** Checks the field names against the SDK's type of the object; the values are the wire's. */
type WireOf<T> = { [K in keyof T]?: unknown };

const none: ExpandTree = new Map();

function list(data: StripeJson[], url: string): StripeJson {
  return { object: 'list', data, has_more: false, total_count: data.length, url };
}

/** The id, or the object when the caller expanded `key`. */
function expandable(tree: ExpandTree, key: string, id: string | null, render: (subtree: ExpandTree) => StripeJson): string | StripeJson | null {
  const subtree = tree.get(key);
  if (id === null || subtree === undefined) return id;
  return render(subtree);
}

export function renderCustomer(record: CustomerRecord): StripeJson {
  if (record.deleted) return { id: record.id, object: 'customer', deleted: true } satisfies WireOf<Stripe.DeletedCustomer>;
  return {
    id: record.id,
    object: 'customer',
    address: null,
    balance: 0,
    created: record.created,
    currency: null,
    default_source: null,
    delinquent: false,
    description: null,
    email: record.email,
    invoice_prefix: record.id.slice(4, 12).toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: record.metadata,
    name: record.name,
    next_invoice_sequence: 1,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  } satisfies WireOf<Stripe.Customer>;
}

/**
 * A customer-portal session. The fake keeps none: its page does not exist, so its `url` has Stripe's shape and
 * a browser test stops at the request for it.
 */
export function renderBillingPortalSession(session: { customerId: string; returnUrl: string | null; created: number }): StripeJson {
  const id = stripeId('bps');
  return {
    id,
    object: 'billing_portal.session',
    configuration: stripeId('bpc'),
    created: session.created,
    customer: session.customerId,
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: session.returnUrl,
    url: `https://billing.stripe.com/p/session/test_${id.slice(4)}`,
  } satisfies WireOf<Stripe.BillingPortal.Session>;
}

export function renderPrice(record: PriceRecord): StripeJson {
  return {
    id: record.id,
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created: record.created,
    currency: record.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: record.nickname,
    product: record.productId,
    recurring: { interval: 'month', interval_count: 1, meter: null, trial_period_days: null, usage_type: 'licensed' },
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: 'recurring',
    unit_amount: record.unitAmount,
    unit_amount_decimal: String(record.unitAmount),
  } satisfies WireOf<Stripe.Price>;
}

function renderPlan(record: PriceRecord): StripeJson {
  return {
    id: record.id,
    object: 'plan',
    active: true,
    amount: record.unitAmount,
    amount_decimal: String(record.unitAmount),
    billing_scheme: 'per_unit',
    created: record.created,
    currency: record.currency,
    interval: 'month',
    interval_count: 1,
    livemode: false,
    metadata: {},
    meter: null,
    nickname: record.nickname,
    product: record.productId,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  } satisfies WireOf<Stripe.Plan>;
}

export function renderCoupon(record: CouponRecord): StripeJson {
  return {
    id: record.id,
    object: 'coupon',
    amount_off: record.amountOff,
    created: record.created,
    currency: record.currency,
    duration: record.duration,
    duration_in_months: null,
    livemode: false,
    max_redemptions: record.maxRedemptions,
    metadata: {},
    name: null,
    percent_off: null,
    redeem_by: null,
    times_redeemed: record.timesRedeemed,
    valid: record.maxRedemptions === null || record.timesRedeemed < record.maxRedemptions,
  } satisfies WireOf<Stripe.Coupon>;
}

export function renderSubscription(store: FakeStripeStore, record: SubscriptionRecord, tree: ExpandTree = none): StripeJson {
  onlyExpansions(tree, ['customer', 'latest_invoice', 'default_payment_method']);
  const price = store.prices.get(record.priceId) as PriceRecord;
  const item = {
    id: record.itemId,
    object: 'subscription_item',
    billing_thresholds: null,
    created: record.created,
    current_period_end: record.periodEnd,
    current_period_start: record.periodStart,
    discounts: [],
    metadata: {},
    plan: renderPlan(price),
    price: renderPrice(price),
    quantity: 1,
    subscription: record.id,
    tax_rates: [],
  } satisfies WireOf<Stripe.SubscriptionItem>;
  return {
    id: record.id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: record.created,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: 'classic' },
    billing_thresholds: null,
    cancel_at: record.cancelAtPeriodEnd ? record.periodEnd : null,
    cancel_at_period_end: record.cancelAtPeriodEnd,
    canceled_at: record.canceledAt,
    cancellation_details: { comment: null, feedback: null, reason: record.canceledAt === null ? null : 'cancellation_requested' },
    collection_method: 'charge_automatically',
    created: record.created,
    currency: price.currency,
    customer: expandable(tree, 'customer', record.customerId, () => renderCustomer(store.customers.get(record.customerId) as CustomerRecord)),
    customer_account: null,
    days_until_due: null,
    default_payment_method: expandable(tree, 'default_payment_method', record.defaultPaymentMethodId,
      () => renderPaymentMethod(store.paymentMethods.get(record.defaultPaymentMethodId as string) as PaymentMethodRecord)),
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    ended_at: record.endedAt,
    invoice_settings: { account_tax_ids: null, issuer: { type: 'self' } },
    items: list([item], `/v1/subscription_items?subscription=${record.id}`),
    latest_invoice: expandable(tree, 'latest_invoice', record.latestInvoiceId,
      (subtree) => renderInvoice(store, store.invoices.get(record.latestInvoiceId) as InvoiceRecord, subtree)),
    livemode: false,
    metadata: record.metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: record.saveDefaultPaymentMethod ? 'on_subscription' : 'off',
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: record.created,
    status: record.status,
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
    trial_start: null,
  } satisfies WireOf<Stripe.Subscription>;
}

export function renderInvoice(store: FakeStripeStore, record: InvoiceRecord, tree: ExpandTree = none): StripeJson {
  onlyExpansions(tree, ['customer', 'payments', 'confirmation_secret']);
  const customer = store.customers.get(record.customerId) as CustomerRecord;
  const subscription = store.subscriptions.get(record.subscriptionId) as SubscriptionRecord;
  const price = store.prices.get(record.line.priceId) as PriceRecord;
  const invoicePayment = record.invoicePaymentId ? store.invoicePayments.get(record.invoicePaymentId) ?? null : null;
  const paymentIntent = invoicePayment ? store.paymentIntents.get(invoicePayment.paymentIntentId) ?? null : null;
  const discountAmounts = record.discount ? [{ amount: record.discount.amount, discount: record.discount.id }] : [];
  const line = {
    id: record.line.id,
    object: 'line_item',
    amount: record.line.amount,
    currency: price.currency,
    description: `1 × ${price.nickname ?? 'Subscription'} (at $${(price.unitAmount / 100).toFixed(2)} / month)`,
    discount_amounts: discountAmounts,
    discountable: true,
    discounts: [],
    invoice: record.id,
    livemode: false,
    metadata: {},
    parent: {
      type: 'subscription_item_details',
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration: false,
        proration_details: { credited_items: null },
        subscription: record.subscriptionId,
        subscription_item: subscription.itemId,
      },
    },
    period: { end: record.line.periodEnd, start: record.line.periodStart },
    pretax_credit_amounts: [],
    pricing: { type: 'price_details', price_details: { price: price.id, product: price.productId }, unit_amount_decimal: String(price.unitAmount) },
    quantity: 1,
    quantity_decimal: '1',
    subscription: record.subscriptionId,
    subtotal: record.line.amount,
    taxes: [],
  } satisfies WireOf<Stripe.InvoiceLineItem>;

  const includable: StripeJson = {};
  const paymentsTree = tree.get('payments');
  if (paymentsTree) {
    onlyExpansions(paymentsTree, ['data']);
    const payments = invoicePayment ? [renderInvoicePayment(store, invoicePayment, paymentsTree.get('data'))] : [];
    includable.payments = list(payments, `/v1/invoice_payments?invoice=${record.id}`);
  }
  if (tree.has('confirmation_secret')) {
    includable.confirmation_secret = record.status === 'open' && paymentIntent
      ? { client_secret: paymentIntent.clientSecret, type: 'payment_intent' }
      : null;
  }
  const amountDue = record.status === 'void' ? 0 : record.total;
  return {
    id: record.id,
    object: 'invoice',
    account_country: 'US',
    account_name: 'CivicWatch (fake Stripe)',
    account_tax_ids: null,
    amount_due: amountDue,
    amount_overpaid: 0,
    amount_paid: record.amountPaid,
    amount_remaining: record.status === 'open' ? amountDue - record.amountPaid : 0,
    amount_shipping: 0,
    application: null,
    attempt_count: record.attemptCount,
    attempted: record.attemptCount > 0 || record.status === 'paid',
    auto_advance: record.status === 'open',
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: record.billingReason,
    collection_method: 'charge_automatically',
    created: record.created,
    currency: price.currency,
    custom_fields: null,
    customer: expandable(tree, 'customer', record.customerId, () => renderCustomer(customer)),
    customer_account: null,
    customer_address: null,
    customer_email: customer.email,
    customer_name: customer.name,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: record.discount ? [record.discount.id] : [],
    due_date: null,
    effective_at: record.created,
    ending_balance: 0,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: `https://invoice.stripe.com/i/fake/${record.id}`,
    invoice_pdf: `https://pay.stripe.com/invoice/fake/${record.id}/pdf`,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: list([line], `/v1/invoices/${record.id}/lines`),
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: `${record.id.slice(3, 11).toUpperCase()}-0001`,
    on_behalf_of: null,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { metadata: subscription.metadata, subscription: record.subscriptionId },
    },
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: record.periodEnd,
    period_start: record.periodStart,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: record.status,
    status_transitions: {
      finalized_at: record.created,
      marked_uncollectible_at: null,
      paid_at: record.paidAt,
      voided_at: record.voidedAt,
    },
    subtotal: record.subtotal,
    subtotal_excluding_tax: record.subtotal,
    test_clock: null,
    total: record.total,
    total_discount_amounts: discountAmounts,
    total_excluding_tax: record.total,
    total_pretax_credit_amounts: discountAmounts.map((d) => ({ ...d, type: 'discount' })),
    total_taxes: [],
    webhooks_delivered_at: record.created,
    ...includable,
  } satisfies WireOf<Stripe.Invoice>;
}

export function renderInvoicePayment(store: FakeStripeStore, record: InvoicePaymentRecord, tree: ExpandTree = none): StripeJson {
  onlyExpansions(tree, ['invoice', 'payment']);
  const paymentTree = tree.get('payment') ?? none;
  onlyExpansions(paymentTree, ['payment_intent']);
  const paymentIntent = store.paymentIntents.get(record.paymentIntentId) as PaymentIntentRecord;
  return {
    id: record.id,
    object: 'invoice_payment',
    amount_paid: record.amountPaid,
    amount_requested: record.amountRequested,
    created: record.created,
    currency: paymentIntent.currency,
    invoice: expandable(tree, 'invoice', record.invoiceId, () => renderInvoice(store, store.invoices.get(record.invoiceId) as InvoiceRecord)),
    is_default: true,
    livemode: false,
    payment: {
      type: 'payment_intent',
      payment_intent: expandable(paymentTree, 'payment_intent', record.paymentIntentId, (subtree) => renderPaymentIntent(store, paymentIntent, subtree)),
    },
    status: record.status,
    status_transitions: { canceled_at: record.canceledAt, paid_at: record.paidAt },
  } satisfies WireOf<Stripe.InvoicePayment>;
}

export function renderPaymentMethod(record: PaymentMethodRecord): StripeJson {
  return {
    id: record.id,
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: { address: null, email: null, name: null, phone: null, tax_id: null },
    card: {
      brand: record.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: 'US',
      display_brand: record.brand,
      exp_month: record.expMonth,
      exp_year: record.expYear,
      fingerprint: `fp_${record.last4}${record.brand}`,
      funding: 'credit',
      generated_from: null,
      last4: record.last4,
      networks: { available: [record.brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: record.created,
    customer: record.customerId,
    customer_account: null,
    livemode: false,
    metadata: {},
    type: 'card',
  } satisfies WireOf<Stripe.PaymentMethod>;
}

export function renderPaymentIntent(store: FakeStripeStore, record: PaymentIntentRecord, tree: ExpandTree = none): StripeJson {
  onlyExpansions(tree, ['customer', 'latest_charge', 'payment_method']);
  return {
    id: record.id,
    object: 'payment_intent',
    amount: record.amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: record.status === 'succeeded' ? record.amount : 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: record.canceledAt,
    cancellation_reason: record.status === 'canceled' ? 'void_invoice' : null,
    capture_method: 'automatic',
    client_secret: record.clientSecret,
    confirmation_method: 'automatic',
    created: record.created,
    currency: record.currency,
    customer: expandable(tree, 'customer', record.customerId, () => renderCustomer(store.customers.get(record.customerId as string) as CustomerRecord)),
    customer_account: null,
    description: record.description,
    excluded_payment_method_types: null,
    last_payment_error: record.lastPaymentError,
    latest_charge: expandable(tree, 'latest_charge', record.latestChargeId,
      () => renderCharge(store, store.charges.get(record.latestChargeId as string) as ChargeRecord)),
    livemode: false,
    metadata: {},
    next_action: null,
    on_behalf_of: null,
    payment_method: expandable(tree, 'payment_method', record.paymentMethodId,
      () => renderPaymentMethod(store.paymentMethods.get(record.paymentMethodId as string) as PaymentMethodRecord)),
    payment_method_configuration_details: null,
    payment_method_options: { card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
    payment_method_types: ['card'],
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: record.setupFutureUsage,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: record.status,
    transfer_data: null,
    transfer_group: null,
  } satisfies WireOf<Stripe.PaymentIntent>;
}

export function renderCharge(store: FakeStripeStore, record: ChargeRecord, tree: ExpandTree = none): StripeJson {
  onlyExpansions(tree, ['customer', 'payment_intent']);
  const method = store.paymentMethods.get(record.paymentMethodId) as PaymentMethodRecord;
  const succeeded = record.status === 'succeeded';
  return {
    id: record.id,
    object: 'charge',
    amount: record.amount,
    amount_captured: succeeded ? record.amount : 0,
    amount_refunded: record.amountRefunded,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: succeeded ? `txn_${record.id.slice(3)}` : null,
    billing_details: { address: null, email: null, name: null, phone: null, tax_id: null },
    calculated_statement_descriptor: 'CIVICWATCH',
    captured: succeeded,
    created: record.created,
    currency: 'usd',
    customer: expandable(tree, 'customer', record.customerId, () => renderCustomer(store.customers.get(record.customerId as string) as CustomerRecord)),
    description: 'Subscription creation',
    disputed: false,
    failure_balance_transaction: null,
    failure_code: record.failure?.code ?? null,
    failure_message: record.failure?.message ?? null,
    fraud_details: {},
    livemode: false,
    metadata: {},
    on_behalf_of: null,
    outcome: succeeded
      ? { network_status: 'approved_by_network', reason: null, risk_level: 'normal', seller_message: 'Payment complete.', type: 'authorized' }
      : { network_status: 'declined_by_network', reason: 'generic_decline', risk_level: 'normal', seller_message: 'The bank did not return any further details with this decline.', type: 'issuer_declined' },
    paid: succeeded,
    payment_intent: expandable(tree, 'payment_intent', record.paymentIntentId,
      () => renderPaymentIntent(store, store.paymentIntents.get(record.paymentIntentId) as PaymentIntentRecord)),
    payment_method: record.paymentMethodId,
    payment_method_details: { type: 'card', card: { brand: method.brand, last4: method.last4, exp_month: method.expMonth, exp_year: method.expYear, funding: 'credit', country: 'US' } },
    receipt_email: null,
    receipt_number: null,
    receipt_url: null,
    refunded: record.amountRefunded > 0 && record.amountRefunded === record.amount,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: record.status,
    transfer_data: null,
    transfer_group: null,
  } satisfies WireOf<Stripe.Charge>;
}

export function renderRefund(record: RefundRecord, customerId: string | null): StripeJson {
  return {
    id: record.id,
    object: 'refund',
    amount: record.amount,
    balance_transaction: `txn_${record.id.slice(3)}`,
    charge: record.chargeId,
    created: record.created,
    currency: 'usd',
    customer: customerId,
    customer_account: null,
    destination_details: { type: 'card', card: { reference_status: 'pending', reference_type: 'acquirer_reference_number', type: 'refund' } },
    metadata: record.metadata,
    payment_intent: record.paymentIntentId,
    payment_method: null,
    reason: record.reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  } satisfies WireOf<Stripe.Refund>;
}
