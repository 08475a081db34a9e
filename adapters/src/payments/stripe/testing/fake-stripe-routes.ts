// The endpoints of Stripe's API that StripePaymentGateway and a Stripe.js stand-in call, with their
// parameters checked as Stripe checks them (an unknown parameter or expansion is refused).
import { isTestPaymentMethod, testCardOfPaymentMethodData, testCardOfToken } from './fake-stripe-cards.ts';
import type { FakeStripeBilling } from './fake-stripe-billing.ts';
import {
  renderBillingPortalSession,
  renderCoupon,
  renderCustomer,
  renderInvoice,
  renderInvoicePayment,
  renderPaymentIntent,
  renderPrice,
  renderRefund,
  renderSubscription,
} from './fake-stripe-objects.ts';
import type { EventCause, FakeStripeStore, PaymentIntentRecord } from './fake-stripe-store.ts';
import {
  expandTree,
  FakeStripeError,
  metadataParam,
  onlyExpansions,
  onlyParams,
  optionalArray,
  optionalBoolean,
  optionalInteger,
  optionalObject,
  optionalString,
  requiredString,
  type FormParams,
  type StripeJson,
} from './fake-stripe-wire.ts';

/** Who called: the secret key (a server) or the publishable key (a browser, which must show the client secret). */
export type CallerKind = 'secret' | 'publishable';

export interface RouteContext {
  params: FormParams;
  /** The path's id segment. */
  id: string;
  caller: CallerKind;
  cause: EventCause;
}

export interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  pattern: RegExp;
  /** Whether a browser holding the publishable key may call it. */
  publishable?: boolean;
  handle(context: RouteContext): StripeJson;
}

export function stripeRoutes(store: FakeStripeStore, billing: FakeStripeBilling): Route[] {
  const clientSecretMatches = (intent: PaymentIntentRecord, context: RouteContext): void => {
    if (context.caller === 'secret') return;
    const clientSecret = optionalString(context.params, 'client_secret');
    if (clientSecret !== intent.clientSecret) {
      throw FakeStripeError.invalidRequest('The client_secret provided does not match the client_secret associated with the PaymentIntent.', 'client_secret');
    }
  };

  return [
    {
      method: 'POST',
      pattern: /^\/v1\/customers$/,
      handle: ({ params }) => {
        onlyParams(params, ['email', 'name', 'metadata', 'description', 'expand']);
        onlyExpansions(expandTree(params), []);
        return renderCustomer(billing.createCustomer({
          email: optionalString(params, 'email') ?? null,
          name: optionalString(params, 'name') || null,
          metadata: metadataParam(params) ?? {},
        }));
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/customers\/([^/]+)$/,
      handle: ({ params, id }) => {
        onlyParams(params, ['expand']);
        const customer = store.customers.get(id);
        if (!customer) throw FakeStripeError.resourceMissing('customer', id);
        return renderCustomer(customer);
      },
    },
    {
      method: 'DELETE',
      pattern: /^\/v1\/customers\/([^/]+)$/,
      handle: ({ params, id }) => {
        onlyParams(params, []);
        return renderCustomer(billing.deleteCustomer(id));
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/billing_portal\/sessions$/,
      handle: ({ params }) => {
        onlyParams(params, ['customer', 'return_url', 'locale', 'expand']);
        onlyExpansions(expandTree(params), []);
        const customer = billing.liveCustomer(requiredString(params, 'customer'), 'customer');
        return renderBillingPortalSession({ customerId: customer.id, returnUrl: optionalString(params, 'return_url') ?? null, created: store.now() });
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/prices\/([^/]+)$/,
      handle: ({ params, id }) => {
        onlyParams(params, ['expand']);
        const price = store.prices.get(id);
        if (!price) throw FakeStripeError.resourceMissing('price', id);
        return renderPrice(price);
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/coupons$/,
      handle: ({ params }) => {
        onlyParams(params, ['amount_off', 'currency', 'duration', 'max_redemptions', 'name', 'metadata', 'expand']);
        const amountOff = optionalInteger(params, 'amount_off');
        if (amountOff === undefined) throw FakeStripeError.invalidRequest('The fake Stripe server only makes amount_off coupons: amount_off is required.', 'amount_off');
        const duration = optionalString(params, 'duration') ?? 'once';
        if (duration !== 'once' && duration !== 'forever' && duration !== 'repeating') throw FakeStripeError.invalidRequest(`Invalid duration: ${duration}`, 'duration');
        return renderCoupon(billing.createCoupon({
          amountOff,
          currency: requiredString(params, 'currency'),
          duration,
          maxRedemptions: optionalInteger(params, 'max_redemptions') ?? null,
        }));
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/subscriptions$/,
      handle: ({ params, cause }) => {
        onlyParams(params, ['customer', 'items', 'payment_behavior', 'payment_settings', 'discounts', 'metadata', 'expand', 'description']);
        const tree = expandTree(params);
        const items = optionalArray(params, 'items') ?? [];
        const item = items[0];
        if (items.length !== 1 || typeof item !== 'object' || Array.isArray(item) || typeof item.price !== 'string') {
          throw FakeStripeError.invalidRequest('The fake Stripe server takes exactly one item with a price.', 'items');
        }
        if (optionalString(params, 'payment_behavior') !== 'default_incomplete') {
          throw FakeStripeError.invalidRequest('The fake Stripe server only starts subscriptions with payment_behavior=default_incomplete.', 'payment_behavior');
        }
        const saving = optionalString(optionalObject(params, 'payment_settings') ?? {}, 'save_default_payment_method') ?? 'off';
        const discounts = optionalArray(params, 'discounts') ?? [];
        const discount = discounts[0];
        if (discounts.length > 1 || (discount !== undefined && (typeof discount !== 'object' || Array.isArray(discount) || typeof discount.coupon !== 'string'))) {
          throw FakeStripeError.invalidRequest('The fake Stripe server takes at most one discount, a coupon.', 'discounts');
        }
        const subscription = billing.createSubscription({
          customerId: requiredString(params, 'customer'),
          priceId: item.price,
          couponId: discount ? (discount as { coupon: string }).coupon : null,
          metadata: metadataParam(params) ?? {},
          saveDefaultPaymentMethod: saving === 'on_subscription',
        }, cause);
        return renderSubscription(store, subscription, tree);
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/subscriptions\/([^/]+)$/,
      handle: ({ params, id }) => {
        onlyParams(params, ['expand']);
        return renderSubscription(store, billing.subscription(id), expandTree(params));
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/subscriptions\/([^/]+)$/,
      handle: ({ params, id, cause }) => {
        onlyParams(params, ['cancel_at_period_end', 'metadata', 'expand']);
        const tree = expandTree(params);
        const cancelAtPeriodEnd = optionalBoolean(params, 'cancel_at_period_end');
        const subscription = cancelAtPeriodEnd === undefined ? billing.subscription(id) : billing.setCancelAtPeriodEnd(id, cancelAtPeriodEnd, cause);
        const metadata = metadataParam(params);
        if (metadata) subscription.metadata = { ...subscription.metadata, ...metadata };
        return renderSubscription(store, subscription, tree);
      },
    },
    {
      method: 'DELETE',
      pattern: /^\/v1\/subscriptions\/([^/]+)$/,
      handle: ({ params, id, cause }) => {
        onlyParams(params, ['invoice_now', 'prorate', 'cancellation_details', 'expand']);
        const tree = expandTree(params);
        return renderSubscription(store, billing.cancel(id, cause), tree);
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/invoices\/([^/]+)$/,
      handle: ({ params, id }) => {
        onlyParams(params, ['expand']);
        const invoice = store.invoices.get(id);
        if (!invoice) throw FakeStripeError.resourceMissing('invoice', id);
        return renderInvoice(store, invoice, expandTree(params));
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/invoice_payments$/,
      handle: ({ params }) => {
        onlyParams(params, ['payment', 'invoice', 'status', 'limit', 'expand']);
        const tree = expandTree(params);
        onlyExpansions(tree, ['data']);
        const payment = optionalObject(params, 'payment');
        if (payment) {
          onlyParams(payment, ['type', 'payment_intent', 'payment_record']);
          if (optionalString(payment, 'type') !== 'payment_intent') throw FakeStripeError.invalidRequest('The fake Stripe server filters payments by payment_intent only.', 'payment[type]');
          requiredString(payment, 'payment_intent');
        }
        const invoiceId = optionalString(params, 'invoice');
        const status = optionalString(params, 'status');
        const limit = optionalInteger(params, 'limit') ?? 10;
        const matching = [...store.invoicePayments.values()]
          .filter((p) => !payment || p.paymentIntentId === payment.payment_intent)
          .filter((p) => invoiceId === undefined || p.invoiceId === invoiceId)
          .filter((p) => status === undefined || p.status === status)
          .sort((a, b) => b.created - a.created);
        return {
          object: 'list',
          data: matching.slice(0, limit).map((p) => renderInvoicePayment(store, p, tree.get('data'))),
          has_more: matching.length > limit,
          url: '/v1/invoice_payments',
        };
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/payment_intents\/([^/]+)$/,
      publishable: true,
      handle: (context) => {
        onlyParams(context.params, ['expand', 'client_secret']);
        const intent = billing.paymentIntent(context.id);
        clientSecretMatches(intent, context);
        return renderPaymentIntent(store, intent, expandTree(context.params));
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/payment_intents\/([^/]+)\/confirm$/,
      publishable: true,
      handle: (context) => {
        const { params } = context;
        // Stripe.js adds telemetry and options of its own; they change nothing here.
        onlyParams(params, [
          'payment_method', 'payment_method_data', 'client_secret', 'expand', 'return_url', 'use_stripe_sdk',
          'expected_payment_method_type', 'mandate_data', 'receipt_email', 'setup_future_usage', 'payment_method_options',
          'off_session', 'save_payment_method',
        ]);
        const tree = expandTree(params);
        const intent = billing.paymentIntent(context.id);
        clientSecretMatches(intent, context);
        const paymentMethod = optionalString(params, 'payment_method');
        const paymentMethodData = params.payment_method_data;
        let source;
        if (paymentMethodData !== undefined) source = testCardOfPaymentMethodData(paymentMethodData);
        else if (paymentMethod !== undefined) source = isTestPaymentMethod(paymentMethod) ? testCardOfToken(paymentMethod) : paymentMethod;
        else {
          throw new FakeStripeError(400, {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent with a customer, provide a payment_method.",
          });
        }
        return renderPaymentIntent(store, billing.confirm(intent.id, source, context.cause), tree);
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/refunds$/,
      handle: ({ params, cause }) => {
        onlyParams(params, ['payment_intent', 'amount', 'metadata', 'reason', 'expand']);
        onlyExpansions(expandTree(params), []);
        const reason = optionalString(params, 'reason') ?? null;
        if (reason !== null && !['duplicate', 'fraudulent', 'requested_by_customer'].includes(reason)) {
          throw FakeStripeError.invalidRequest(`Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer`, 'reason');
        }
        const refund = billing.refund({
          paymentIntentId: requiredString(params, 'payment_intent'),
          amount: optionalInteger(params, 'amount'),
          metadata: metadataParam(params) ?? {},
          reason,
        }, cause);
        return renderRefund(refund, store.charges.get(refund.chargeId)?.customerId ?? null);
      },
    },
  ];
}
