import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { paymentIntentIdOf, startFakeStripe, type FakeStripe } from './fake-stripe-server.ts';

let fake: FakeStripe;
let stripe: Stripe;

const sdkFor = (server: FakeStripe, secretKey = server.secretKey): Stripe => {
  const url = new URL(server.apiBase);
  return new Stripe(secretKey, { host: url.hostname, port: url.port, protocol: 'http', maxNetworkRetries: 0 });
};

beforeAll(async () => {
  fake = await startFakeStripe();
  stripe = sdkFor(fake);
});
afterAll(() => fake.close());

/** A customer with an incomplete $20 subscription; answers its PaymentIntent's client secret. */
async function openCheckout(server = fake, client = stripe): Promise<{ subscriptionId: string; clientSecret: string; paymentIntentId: string }> {
  const customer = await client.customers.create({ email: 'ada@example.org' });
  const subscription = await client.subscriptions.create({
    customer: customer.id,
    items: [{ price: server.createPrice({ unitAmountCents: 2000, nickname: 'Defender' }) }],
    payment_behavior: 'default_incomplete',
    payment_settings: { save_default_payment_method: 'on_subscription' },
    expand: ['latest_invoice.confirmation_secret'],
  });
  const clientSecret = (subscription.latest_invoice as Stripe.Invoice).confirmation_secret?.client_secret as string;
  return { subscriptionId: subscription.id, clientSecret, paymentIntentId: paymentIntentIdOf(clientSecret) };
}

/** What Stripe.js sends to confirm a card payment from a page: a form with the publishable key and client secret. */
function confirmFromBrowser(paymentIntentId: string, fields: Record<string, string>): Promise<Response> {
  return fetch(`${fake.apiBase}/v1/payment_intents/${paymentIntentId}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:5173' },
    body: new URLSearchParams({ key: fake.publishableKey, _stripe_version: Stripe.API_VERSION, ...fields }).toString(),
  });
}

const cardFields = (number: string) => ({
  'payment_method_data[type]': 'card',
  'payment_method_data[card][number]': number,
  'payment_method_data[card][exp_month]': '12',
  'payment_method_data[card][exp_year]': '34',
  'payment_method_data[card][cvc]': '123',
});

describe('the fake Stripe server', () => {
  describe('for a browser (a Stripe.js stand-in)', () => {
    it('confirms a card payment sent with the publishable key and the client secret, with CORS headers', async () => {
      const { clientSecret, paymentIntentId, subscriptionId } = await openCheckout();

      const answer = await confirmFromBrowser(paymentIntentId, { client_secret: clientSecret, ...cardFields('4242 4242 4242 4242') });

      expect(answer.status).toBe(200);
      expect(answer.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
      expect(await answer.json()).toMatchObject({ id: paymentIntentId, object: 'payment_intent', status: 'succeeded', amount: 2000 });
      expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('active');
    });

    it('declines card 4000000000000002 with Stripe\'s card error, and pm_card_chargeDeclined likewise', async () => {
      const { clientSecret, paymentIntentId } = await openCheckout();

      const byNumber = await confirmFromBrowser(paymentIntentId, { client_secret: clientSecret, ...cardFields('4000000000000002') });
      expect(byNumber.status).toBe(402);
      expect(await byNumber.json()).toMatchObject({
        error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.', payment_intent: { id: paymentIntentId, status: 'requires_payment_method' } },
      });
      const byToken = await confirmFromBrowser(paymentIntentId, { client_secret: clientSecret, payment_method: 'pm_card_chargeDeclined' });
      expect(byToken.status).toBe(402);
      const wrongNumber = await confirmFromBrowser(paymentIntentId, { client_secret: clientSecret, ...cardFields('4242424242424241') });
      expect(await wrongNumber.json()).toMatchObject({ error: { type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.' } });
    });

    it('refuses a wrong client secret, and every other endpoint to the publishable key', async () => {
      const { paymentIntentId, subscriptionId } = await openCheckout();

      const wrongSecret = await confirmFromBrowser(paymentIntentId, { client_secret: `${paymentIntentId}_secret_guess`, payment_method: 'pm_card_visa' });
      expect(wrongSecret.status).toBe(400);
      expect(await wrongSecret.json()).toMatchObject({ error: { type: 'invalid_request_error', param: 'client_secret' } });
      const secretOnly = await fetch(`${fake.apiBase}/v1/subscriptions/${subscriptionId}`, { headers: { authorization: `Bearer ${fake.publishableKey}` } });
      expect(secretOnly.status).toBe(401);
    });

    it('answers a CORS preflight', async () => {
      const answer = await fetch(`${fake.apiBase}/v1/payment_intents/pi_1/confirm`, {
        method: 'OPTIONS',
        headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
      expect(answer.status).toBe(204);
      expect(answer.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
      expect(answer.headers.get('access-control-allow-methods')).toContain('POST');
    });
  });

  describe('for the SDK', () => {
    it('refuses a key it does not know with 401', async () => {
      const stranger = sdkFor(fake, 'sk_test_stranger');
      await expect(stranger.customers.create({ email: 'a@example.org' })).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    });

    it('refuses, as Stripe does, an unknown parameter and an expansion this API version does not have', async () => {
      const customer = await stripe.customers.create({ email: 'a@example.org' });
      const price = fake.createPrice({ unitAmountCents: 1000 });
      const create = (extra: object) => stripe.subscriptions.create({ customer: customer.id, items: [{ price }], payment_behavior: 'default_incomplete', ...extra });

      await expect(create({ expand: ['latest_invoice.payment_intent'] })).rejects.toMatchObject({ type: 'StripeInvalidRequestError', message: 'This property cannot be expanded (payment_intent).' });
      await expect(create({ coupon: 'OLD' })).rejects.toMatchObject({ type: 'StripeInvalidRequestError', code: 'parameter_unknown' });
      await expect(stripe.invoices.retrieve('in_missing')).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing', message: "No such invoice: 'in_missing'" });
    });

    it('replays the first answer for a repeated Idempotency-Key, and refuses the key with other parameters', async () => {
      const key = `test-${Date.now()}`;
      const first = await stripe.customers.create({ email: 'one@example.org' }, { idempotencyKey: key });
      const again = await stripe.customers.create({ email: 'one@example.org' }, { idempotencyKey: key });

      expect(again.id).toBe(first.id);
      expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
      await expect(stripe.customers.create({ email: 'two@example.org' }, { idempotencyKey: key })).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    });

    it('applies a once-only coupon to one subscription\'s first invoice only', async () => {
      const coupon = await stripe.coupons.create({ amount_off: 2500, currency: 'usd', duration: 'once', max_redemptions: 1 });
      const customer = await stripe.customers.create({ email: 'a@example.org' });
      const price = fake.createPrice({ unitAmountCents: 2000 });
      const subscribe = () => stripe.subscriptions.create({
        customer: customer.id, items: [{ price }], payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' }, discounts: [{ coupon: coupon.id }],
        expand: ['latest_invoice.confirmation_secret'],
      });

      const free = await subscribe();
      // More off than the price: the invoice costs nothing, is paid at once and asks for no card.
      expect(free.status).toBe('active');
      expect(free.latest_invoice).toMatchObject({ status: 'paid', amount_due: 0, total: 0, subtotal: 2000, confirmation_secret: null });
      await expect(subscribe()).rejects.toMatchObject({ code: 'coupon_expired' });
      expect(fake.object(coupon.id)).toMatchObject({ times_redeemed: 1, valid: false });
    });
  });

  describe('webhook deliveries', () => {
    it('POSTs each event signed with the webhook secret, in order, and resends only what was not acknowledged', async () => {
      const own = await startFakeStripe({ webhookSecret: 'whsec_deliveries' });
      const received: string[] = [];
      let refuseNext = true;
      const endpoint = createServer(async (request: IncomingMessage, response) => {
        const chunks: Buffer[] = [];
        for await (const chunk of request) chunks.push(chunk as Buffer);
        const event = Stripe.webhooks.constructEvent(Buffer.concat(chunks), request.headers['stripe-signature'] as string, 'whsec_deliveries');
        received.push(event.id);
        response.writeHead(refuseNext ? 500 : 200).end();
        refuseNext = false;
      });
      await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/api/stripe/webhook`;
      try {
        const client = sdkFor(own);
        const { paymentIntentId } = await openCheckout(own, client);
        own.confirmPayment(paymentIntentId, 'pm_card_visa');
        const [paid, updated] = own.events;
        expect([paid?.type, updated?.type]).toEqual(['invoice.paid', 'customer.subscription.updated']);

        expect(await own.deliverTo(url)).toEqual([
          { eventId: paid?.id, type: 'invoice.paid', status: 500 },
          { eventId: updated?.id, type: 'customer.subscription.updated', status: 200 },
        ]);
        expect(await own.deliverTo(url)).toEqual([{ eventId: paid?.id, type: 'invoice.paid', status: 200 }]);
        expect(await own.deliverTo(url)).toEqual([]);
        expect(received).toEqual([paid?.id, updated?.id, paid?.id]);

        const forwarding = own.forwardTo(url);
        const next = await openCheckout(own, client);
        own.confirmPayment(next.paymentIntentId, 'pm_card_visa');
        own.renew(next.subscriptionId);
        forwarding.stop();
        expect((await forwarding.settled()).map((d) => [d.type, d.status])).toEqual([
          ['invoice.paid', 200], ['customer.subscription.updated', 200], ['customer.subscription.updated', 200], ['invoice.paid', 200],
        ]);
        expect(received.slice(3)).toEqual(own.events.slice(2).map((e) => e.id));
      } finally {
        await new Promise((resolve) => endpoint.close(resolve));
        await own.close();
      }
    });
  });
});
