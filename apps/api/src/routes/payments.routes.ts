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

const refusals = {
  400: errorBodySchema, 401: errorBodySchema, 402: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema,
  410: errorBodySchema, 502: errorBodySchema, 503: errorBodySchema,
};

/**
 * Monthly subscriptions (spec §7, DECISIONS "Payments"): start a checkout, confirm its payment, follow
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
      tags: ['payments'],
      summary: 'Start a monthly subscription to a paid tier: answers the client secret of its first payment',
      body: createPaymentIntentSchema,
      response: { 200: createPaymentIntentResponseSchema, ...refusals },
    },
    preValidation: app.requireUser,
  }, async (request, reply) => {
    const result = await startCheckout.execute(signedInUser(request).id, request.body);
    if (!result.ok) return sendDomainError(reply, result.error);
    return result.value;
  });

  typed.post('/api/create-subscription', {
    schema: {
      tags: ['payments'],
      summary: 'Start a subscription at full price (the developer pages)',
      body: createSubscriptionSchema,
      response: { 200: createPaymentIntentResponseSchema, ...refusals },
    },
    preValidation: app.requireUser,
  }, async (request, reply) => {
    const result = await startCheckout.execute(signedInUser(request).id, { tier: request.body.tier });
    if (!result.ok) return sendDomainError(reply, result.error);
    return result.value;
  });

  typed.post('/api/payment-success', {
    schema: {
      tags: ['payments'],
      summary: 'Report a confirmed payment: verified with Stripe, granted once; answers the new balance',
      body: paymentSuccessSchema,
      response: { 200: paymentSuccessResponseSchema, ...refusals },
    },
    preValidation: app.requireUser,
  }, async (request, reply) => {
    const result = await confirmPayment.execute(signedInUser(request).id, request.body.payment_intent_id);
    if (!result.ok) return sendDomainError(reply, result.error);
    return result.value;
  });

  typed.get('/api/subscription', {
    schema: { tags: ['payments'], summary: 'The signed-in user\'s paid plan, or null', response: { 200: subscriptionViewSchema, 401: errorBodySchema } },
    preValidation: app.requireUser,
  }, async (request) => getSubscription.execute(signedInUser(request).id));

  typed.post('/api/cancel-subscription', {
    schema: {
      tags: ['payments'],
      summary: 'Cancel the paid plan at the end of the period already paid for',
      response: { 200: subscriptionViewSchema.unwrap(), ...refusals },
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
      tags: ['payments'],
      summary: 'Stripe events (renewals, failed payments, refunds, cancellations), verified by signature, each handled once',
      response: { 200: z.object({ received: z.literal(true), outcome: z.enum(['processed', 'duplicate', 'ignored', 'unreadable']) }), 400: errorBodySchema, 502: errorBodySchema, 503: errorBodySchema },
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
