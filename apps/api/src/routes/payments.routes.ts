import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CancelSubscription, ConfirmPayment, GetSubscription, HandlePaymentEvent, StartCheckout,
  createPaymentIntentResponseSchema, createPaymentIntentSchema, createSubscriptionSchema, errorBodySchema,
  paymentSuccessResponseSchema, paymentSuccessSchema, subscriptionViewSchema,
} from '@civicwatch/core';
import { sendDomainError } from '../http/domain-error-reply.ts';
import { signedInUser } from '../plugins/authentication.ts';
import { needsSession } from '../plugins/api-docs.ts';

/** The subscription has started: its first payment waits for the card, unless nothing was due. */
const checkoutStarted = createPaymentIntentResponseSchema.describe('Started: confirm its first payment with `clientSecret`, unless `paid`');

const refusals = {
  400: errorBodySchema, 401: errorBodySchema, 402: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema,
  410: errorBodySchema, 502: errorBodySchema, 503: errorBodySchema,
};

/**
 * Monthly subscriptions (docs/product/api.md "Endpoints", docs/product/payments.md): start a checkout, confirm its payment, follow
 * the provider's webhook, cancel at the period end. Every route but the webhook needs a session; the
 * webhook is authenticated by its signature instead.
 */
export async function paymentRoutes(app: FastifyInstance) {
  const startCheckout = app.diContainer.get(StartCheckout);
  const confirmPayment = app.diContainer.get(ConfirmPayment);
  const getSubscription = app.diContainer.get(GetSubscription);
  const cancelSubscription = app.diContainer.get(CancelSubscription);
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post('/api/create-payment-intent', {
    schema: {
      operationId: 'createPaymentIntent',
      tags: ['payments'],
      summary: 'Start a monthly subscription to a paid tier: answers the client secret of its first payment',
      security: needsSession,
      body: createPaymentIntentSchema,
      response: { 200: checkoutStarted, ...refusals },
    },
    preValidation: app.requireUser,
  }, async (request, reply) => {
    const result = await startCheckout.execute(signedInUser(request).id, request.body);
    if (!result.ok) return sendDomainError(reply, result.error);
    return result.value;
  });

  typed.post('/api/create-subscription', {
    schema: {
      operationId: 'createSubscription',
      tags: ['payments'],
      summary: 'Start a subscription at full price (the developer pages)',
      security: needsSession,
      body: createSubscriptionSchema,
      response: { 200: checkoutStarted, ...refusals },
    },
    preValidation: app.requireUser,
  }, async (request, reply) => {
    const result = await startCheckout.execute(signedInUser(request).id, { tier: request.body.tier });
    if (!result.ok) return sendDomainError(reply, result.error);
    return result.value;
  });

  typed.post('/api/payment-success', {
    schema: {
      operationId: 'confirmPayment',
      tags: ['payments'],
      summary: 'Report a confirmed payment: verified with Stripe, granted once; answers the new balance',
      security: needsSession,
      body: paymentSuccessSchema,
      response: { 200: paymentSuccessResponseSchema.describe('Verified and granted (once): the new balance'), ...refusals },
    },
    preValidation: app.requireUser,
  }, async (request, reply) => {
    const result = await confirmPayment.execute(signedInUser(request).id, request.body.payment_intent_id);
    if (!result.ok) return sendDomainError(reply, result.error);
    return result.value;
  });

  typed.get('/api/subscription', {
    schema: {
      operationId: 'getSubscription', tags: ['payments'], summary: 'The signed-in user\'s paid plan, or null', security: needsSession,
      response: { 200: subscriptionViewSchema.describe('The paid plan, or null on the free tier'), 401: errorBodySchema },
    },
    preValidation: app.requireUser,
  }, async (request) => getSubscription.execute(signedInUser(request).id));

  typed.post('/api/cancel-subscription', {
    schema: {
      operationId: 'cancelSubscription',
      tags: ['payments'],
      summary: 'Cancel the paid plan at the end of the period already paid for',
      security: needsSession,
      response: { 200: subscriptionViewSchema.unwrap().describe('The plan, ending with the period paid for'), ...refusals },
    },
    preValidation: app.requireUser,
  }, async (request, reply) => {
    const result = await cancelSubscription.execute(signedInUser(request).id);
    if (!result.ok) return sendDomainError(reply, result.error);
    return result.value;
  });

  await app.register(stripeWebhookRoute);
}

/**
 * The signature covers the exact bytes Stripe sent, so this route alone reads its body as a Buffer
 * (an encapsulated plugin: every other route keeps parsing JSON).
 */
async function stripeWebhookRoute(app: FastifyInstance) {
  const handleEvent = app.diContainer.get(HandlePaymentEvent);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.withTypeProvider<ZodTypeProvider>().post('/api/stripe/webhook', {
    schema: {
      operationId: 'receiveStripeEvent',
      tags: ['payments'],
      summary: 'Stripe events (renewals, failed payments, refunds, cancellations), verified by signature, each handled once',
      response: {
        200: z.object({ received: z.literal(true), outcome: z.enum(['processed', 'duplicate', 'ignored', 'unreadable']) })
          .describe('Received; `outcome` says what became of it'),
        400: errorBodySchema.describe('The Stripe-Signature header does not match the body'), 502: errorBodySchema, 503: errorBodySchema,
      },
    },
  }, async (request, reply) => {
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const signature = request.headers['stripe-signature'];
    const result = await handleEvent.execute(body, typeof signature === 'string' ? signature : undefined);
    if (!result.ok) return sendDomainError(reply, result.error);
    if (result.value === 'unreadable') {
      request.log.error({ stripeEvent: eventNameOf(body) }, 'a Stripe event signed with our secret is not shaped as CivicWatch reads it: acknowledged without effect');
    }
    return { received: true as const, outcome: result.value };
  });
}

/** The id and type of an event's body, for the log, whatever else it holds. */
function eventNameOf(body: Buffer): { id: unknown; type: unknown } {
  try {
    const event = JSON.parse(body.toString('utf8')) as { id?: unknown; type?: unknown } | null;
    return { id: event?.id, type: event?.type };
  } catch {
    return { id: undefined, type: undefined };
  }
}
