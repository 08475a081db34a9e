// A local stand-in for the part of Stripe's API CivicWatch uses, on node:http, all in memory. Unit tests,
// Cucumber scenarios and browser tests point StripePaymentGateway (`apiBase`) and a Stripe.js stand-in
// (`POST /v1/payment_intents/:id/confirm` with the publishable key) at it, drive what happens on
// Stripe's side (a card confirmed, a month passing) and receive its events as signed webhook deliveries.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { FakeStripeBilling } from './fake-stripe-billing.ts';
import { isTestPaymentMethod, testCardOfToken, type FakeTestPaymentMethod } from './fake-stripe-cards.ts';
import { renderCharge, renderCoupon, renderCustomer, renderInvoice, renderPaymentIntent, renderPrice, renderRefund, renderSubscription } from './fake-stripe-objects.ts';
import { stripeRoutes, type CallerKind } from './fake-stripe-routes.ts';
import { FakeStripeStore, stripeId } from './fake-stripe-store.ts';
import { FakeStripeError, parseForm, type FormParams, type StripeJson } from './fake-stripe-wire.ts';

export type { FakeTestPaymentMethod } from './fake-stripe-cards.ts';

export interface FakeStripeOptions {
  /** The signing secret of webhook deliveries; a fresh `whsec_…` by default. */
  webhookSecret?: string;
  /** The only secret key the fake accepts (`Authorization: Bearer …`); a fresh `sk_test_…` by default. */
  secretKey?: string;
  /** The only publishable key the fake accepts from a browser; a fresh `pk_test_…` by default. */
  publishableKey?: string;
  /** 127.0.0.1 by default. */
  host?: string;
  /** 0 (any free port) by default. */
  port?: number;
  /** Stripe's clock; the system clock by default. */
  now?: () => Date;
}

export interface FakeConfirmation {
  paymentIntentId: string;
  status: 'succeeded' | 'requires_payment_method';
  /** Stripe's card error when the card was declined. */
  error: { code: string; declineCode: string | null; message: string } | null;
}

export interface FakeRenewal {
  /** `ended` when the subscription was set to cancel at the period's end: no invoice then. */
  status: 'paid' | 'payment_failed' | 'ended';
  invoiceId: string | null;
  paymentIntentId: string | null;
}

export interface FakeDelivery {
  eventId: string;
  type: string;
  /** The endpoint's HTTP status; 0 when it could not be reached. */
  status: number;
}

export interface FakeApiRequest {
  method: string;
  path: string;
  params: FormParams;
  idempotencyKey: string | null;
  caller: CallerKind | null;
  status: number;
}

export interface FakeStripe {
  /** `http://127.0.0.1:<port>`: StripePaymentGateway's `apiBase`. */
  readonly apiBase: string;
  readonly secretKey: string;
  readonly publishableKey: string;
  readonly webhookSecret: string;
  /** Every event the fake emitted, oldest first, as Stripe sends them. */
  readonly events: readonly Stripe.Event[];
  /** Every API call received, oldest first. */
  readonly requests: readonly FakeApiRequest[];
  /** A monthly recurring Price in USD; answers its id. */
  createPrice(input: { unitAmountCents: number; nickname?: string }): string;
  /** What a browser does with Stripe.js: confirms the PaymentIntent with a test card. */
  confirmPayment(paymentIntentId: string, paymentMethod: FakeTestPaymentMethod): FakeConfirmation;
  /** The subscription's period ends (see FakeStripeBilling.renew); `paymentMethod` replaces the saved card. */
  renew(subscriptionId: string, options?: { paymentMethod?: FakeTestPaymentMethod }): FakeRenewal;
  /** Deletes a customer, as from the Dashboard; its subscriptions end. */
  deleteCustomer(customerId: string): void;
  /** Any object the fake holds, as Stripe's JSON (the shape a GET would answer, without expansions). */
  object(id: string): StripeJson | null;
  /**
   * A webhook delivery of `event`: its JSON body and `Stripe-Signature` header, signed with `secret` (ours by
   * default) at `timestamp` (Unix seconds; now by default).
   */
  signedDelivery(event: Stripe.Event, options?: { secret?: string; timestamp?: number }): { body: string; signature: string };
  /** POSTs, one at a time and in order, every event this endpoint has not yet acknowledged with a 2xx. */
  deliverTo(url: string): Promise<FakeDelivery[]>;
  /** From now on, POSTs each new event to `url` as it is emitted; `settled()` waits for those sent so far. */
  forwardTo(url: string): { settled(): Promise<FakeDelivery[]>; stop(): void };
  close(): Promise<void>;
}

/** The server's environment for payments against this fake, as a self-hoster sets it for Stripe (README). */
export function stripeEnvironment(fake: FakeStripe): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_PUBLISHABLE_KEY: fake.publishableKey,
    STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
    STRIPE_API_BASE: fake.apiBase,
  };
}

/** The PaymentIntent's id inside its client secret (`pi_…_secret_…`). */
export function paymentIntentIdOf(clientSecret: string): string {
  const id = clientSecret.split('_secret_')[0];
  if (!id?.startsWith('pi_')) throw new Error(`Not a PaymentIntent client secret: ${clientSecret}`);
  return id;
}

interface StoredResponse {
  fingerprint: string;
  status: number;
  body: StripeJson;
}

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? `sk_test_fake${stripeId('', 24)}`;
  const publishableKey = options.publishableKey ?? `pk_test_fake${stripeId('', 24)}`;
  const webhookSecret = options.webhookSecret ?? `whsec_fake${stripeId('', 24)}`;
  const store = new FakeStripeStore(options.now ?? (() => new Date()));
  const billing = new FakeStripeBilling(store);
  const routes = stripeRoutes(store, billing);
  const requests: FakeApiRequest[] = [];
  // Stripe keeps a key's first answer (24 h) and replays it for the same request.
  const idempotent = new Map<string, StoredResponse>();

  const respond = (response: ServerResponse, requestId: string, status: number, body: StripeJson, headers: Record<string, string> = {}): void => {
    response.writeHead(status, {
      'content-type': 'application/json',
      'request-id': requestId,
      'stripe-version': Stripe.API_VERSION,
      ...headers,
    });
    response.end(JSON.stringify(body, null, 2));
  };

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    // Stripe.js calls from the page's origin.
    response.setHeader('access-control-allow-origin', request.headers.origin ?? '*');
    response.setHeader('access-control-allow-credentials', 'true');
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
        'access-control-allow-headers': request.headers['access-control-request-headers'] ?? 'authorization, content-type, idempotency-key, stripe-version',
        'access-control-max-age': '300',
      });
      response.end();
      return;
    }
    const url = new URL(request.url ?? '/', 'http://fake-stripe');
    const rawBody = await readBody(request);
    const requestId = stripeId('req', 14);
    const logged: FakeApiRequest = { method: request.method ?? 'GET', path: url.pathname, params: {}, idempotencyKey: null, caller: null, status: 0 };
    requests.push(logged);
    const send = (status: number, body: StripeJson, headers?: Record<string, string>): void => {
      logged.status = status;
      respond(response, requestId, status, body, headers);
    };
    try {
      const params = { ...parseForm(url.search.slice(1)), ...parseForm(rawBody) };
      const apiKey = bearerKey(request) ?? (typeof params.key === 'string' ? params.key : null);
      delete params.key;
      delete params._stripe_version;
      logged.params = params;
      const caller = callerOf(apiKey, secretKey, publishableKey);
      logged.caller = caller;

      const route = routes.find((r) => r.method === request.method && r.pattern.test(url.pathname));
      if (!route) {
        throw new FakeStripeError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${url.pathname}). The fake Stripe server serves only what CivicWatch uses.` });
      }
      if (caller === 'publishable' && !route.publishable) {
        throw new FakeStripeError(401, { type: 'invalid_request_error', message: 'This API call cannot be made with a publishable API key. Please use a secret API key.' });
      }

      const idempotencyKey = headerValue(request, 'idempotency-key');
      logged.idempotencyKey = idempotencyKey;
      const fingerprint = JSON.stringify([request.method, url.pathname, params]);
      const stored = idempotencyKey && request.method === 'POST' ? idempotent.get(`${apiKey}:${idempotencyKey}`) : undefined;
      if (stored) {
        if (stored.fingerprint !== fingerprint) {
          throw new FakeStripeError(400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          });
        }
        send(stored.status, stored.body, { 'idempotent-replayed': 'true', 'idempotency-key': idempotencyKey as string });
        return;
      }
      const remember = (status: number, body: StripeJson): void => {
        if (idempotencyKey && request.method === 'POST') idempotent.set(`${apiKey}:${idempotencyKey}`, { fingerprint, status, body });
      };

      const id = decodeURIComponent(route.pattern.exec(url.pathname)?.[1] ?? '');
      const cause = { requestId, idempotencyKey };
      try {
        const body = route.handle({ params, id, caller, cause });
        remember(200, body);
        send(200, body, idempotencyKey ? { 'idempotency-key': idempotencyKey } : {});
      } catch (error) {
        // A declined card is an answer the endpoint gave: replayed like a success.
        if (error instanceof FakeStripeError && error.status === 402) remember(402, { error: error.body });
        throw error;
      }
    } catch (error) {
      if (error instanceof FakeStripeError) {
        send(error.status, { error: error.body });
        return;
      }
      // A bug in the fake: told on stderr, since the SDK turns the answer into a generic API error.
      console.error('The fake Stripe server failed:', error);
      const message = error instanceof Error ? error.message : String(error);
      send(500, { error: { type: 'api_error', message: `The fake Stripe server failed: ${message}` } }, { 'stripe-should-retry': 'false' });
    }
  };

  const server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  const signedDelivery = (event: Stripe.Event, signing: { secret?: string; timestamp?: number } = {}): { body: string; signature: string } => {
    const body = JSON.stringify(event, null, 2);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: signing.secret ?? webhookSecret, timestamp: signing.timestamp });
    return { body, signature };
  };
  const post = async (url: string, event: Stripe.Event): Promise<FakeDelivery> => {
    const { body, signature } = signedDelivery(event);
    try {
      const answer = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
        body,
      });
      await answer.arrayBuffer();
      return { eventId: event.id, type: event.type, status: answer.status };
    } catch {
      return { eventId: event.id, type: event.type, status: 0 };
    }
  };
  const acknowledged = new Map<string, Set<string>>();

  return {
    apiBase: `http://${host}:${address.port}`,
    secretKey,
    publishableKey,
    webhookSecret,
    get events() {
      return [...store.events];
    },
    get requests() {
      return [...requests];
    },
    createPrice: ({ unitAmountCents, nickname }) => billing.createPrice({ unitAmount: unitAmountCents, currency: 'usd', nickname: nickname ?? null }).id,
    confirmPayment(paymentIntentId, paymentMethod) {
      if (!isTestPaymentMethod(paymentMethod)) throw new Error(`Not a test payment method the fake knows: ${paymentMethod}`);
      const cause = { requestId: stripeId('req', 14), idempotencyKey: null };
      try {
        billing.confirm(paymentIntentId, testCardOfToken(paymentMethod), cause);
        return { paymentIntentId, status: 'succeeded', error: null };
      } catch (error) {
        if (!(error instanceof FakeStripeError) || error.status !== 402) throw error;
        return { paymentIntentId, status: 'requires_payment_method', error: { code: error.body.code ?? 'card_declined', declineCode: error.body.decline_code ?? null, message: error.body.message } };
      }
    },
    renew(subscriptionId, renewal = {}) {
      return billing.renew(subscriptionId, renewal.paymentMethod ? testCardOfToken(renewal.paymentMethod) : null);
    },
    deleteCustomer(customerId) {
      billing.deleteCustomer(customerId);
    },
    object(id) {
      const customer = store.customers.get(id);
      if (customer) return renderCustomer(customer);
      const price = store.prices.get(id);
      if (price) return renderPrice(price);
      const coupon = store.coupons.get(id);
      if (coupon) return renderCoupon(coupon);
      const subscription = store.subscriptions.get(id);
      if (subscription) return renderSubscription(store, subscription);
      const invoice = store.invoices.get(id);
      if (invoice) return renderInvoice(store, invoice);
      const intent = store.paymentIntents.get(id);
      if (intent) return renderPaymentIntent(store, intent);
      const charge = store.charges.get(id);
      if (charge) return renderCharge(store, charge);
      const refund = store.refunds.get(id);
      return refund ? renderRefund(refund, store.charges.get(refund.chargeId)?.customerId ?? null) : null;
    },
    signedDelivery,
    async deliverTo(url) {
      const done = acknowledged.get(url) ?? new Set<string>();
      acknowledged.set(url, done);
      const deliveries: FakeDelivery[] = [];
      for (const event of store.events) {
        if (done.has(event.id)) continue;
        const delivery = await post(url, event);
        if (delivery.status >= 200 && delivery.status < 300) done.add(event.id);
        deliveries.push(delivery);
      }
      return deliveries;
    },
    forwardTo(url) {
      const deliveries: FakeDelivery[] = [];
      let queue = Promise.resolve();
      const stop = store.onEvent((event) => {
        queue = queue.then(async () => void deliveries.push(await post(url, event)));
      });
      return { settled: async () => { await queue; return [...deliveries]; }, stop };
    },
    close: () => new Promise<void>((resolve, reject) => {
      server.closeAllConnections();
      server.close((error) => (error ? reject(error) : resolve()));
    }),
  };
}

function callerOf(apiKey: string | null, secretKey: string, publishableKey: string): CallerKind {
  if (apiKey === secretKey) return 'secret';
  if (apiKey === publishableKey) return 'publishable';
  const message = apiKey
    ? `Invalid API Key provided: ${apiKey.slice(0, 8)}${'*'.repeat(Math.max(0, apiKey.length - 12))}${apiKey.slice(-4)}`
    : 'You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. \'Authorization: Bearer YOUR_SECRET_KEY\').';
  throw new FakeStripeError(401, { type: 'invalid_request_error', message });
}

function bearerKey(request: IncomingMessage): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

function headerValue(request: IncomingMessage, name: string): string | null {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
