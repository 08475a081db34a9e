import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  RedeemPromo, ValidatePromo, errorBodySchema, promoCodeInputSchema, promoValidationSchema, redeemPromoResponseSchema,
} from '@civicwatch/core';
import { sendDomainError } from '../http/domain-error-reply.ts';
import { spendWithin } from '../plugins/auth-rate-limit.ts';
import { signedInUser } from '../plugins/authentication.ts';
import { needsSession } from '../plugins/api-docs.ts';

/**
 * Promo-code attempts (validate and redeem together) one account may make in a minute: a person types a code
 * or two, a guesser needs thousands. Per account, whichever address it comes from.
 */
export const PROMO_ATTEMPTS_PER_USER_PER_MINUTE = 10;
/** Per client address, whichever accounts it uses: room for a household or an office behind one address. */
export const PROMO_ATTEMPTS_PER_ADDRESS_PER_MINUTE = 30;

const refusals = {
  400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema.describe('No such code'),
  409: errorBodySchema.describe('The caller already redeemed this code'), 410: errorBodySchema.describe('The code is switched off, expired or used up'),
  429: errorBodySchema,
};

/** docs/product/api.md "Endpoints" and "redeem-promo"; both need a session. Refusals carry the message the page shows. */
export async function promoRoutes(app: FastifyInstance) {
  const validatePromo = app.diContainer.get(ValidatePromo);
  const redeemPromo = app.diContainer.get(RedeemPromo);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // One budget for both routes, in the shared store (ADR 0015): a code can be guessed through either.
  const limitAttempts = spendWithin([
    app.createRateLimit({ max: PROMO_ATTEMPTS_PER_ADDRESS_PER_MINUTE, timeWindow: 60_000, keyGenerator: (r) => `promo:ip:${r.ip}` }),
    app.createRateLimit({ max: PROMO_ATTEMPTS_PER_USER_PER_MINUTE, timeWindow: 60_000, keyGenerator: (r) => `promo:user:${signedInUser(r).id}` }),
  ]);

  typed.post('/api/validate-promo', {
    schema: {
      operationId: 'validatePromo', tags: ['promo'], summary: 'What a promo code would give the signed-in user', security: needsSession,
      body: promoCodeInputSchema, response: { 200: promoValidationSchema.describe('What the code gives'), ...refusals },
    },
    preValidation: app.requireUser,
    preHandler: limitAttempts,
  }, async (request, reply) => {
    const result = await validatePromo.execute(signedInUser(request).id, request.body.code);
    if (!result.ok) return sendDomainError(reply, result.error);
    return result.value;
  });

  typed.post('/api/redeem-promo', {
    schema: {
      operationId: 'redeemPromo', tags: ['promo'], summary: 'Redeem a credits code: answers the credits granted and the new balance', security: needsSession,
      body: promoCodeInputSchema, response: { 200: redeemPromoResponseSchema.describe('Redeemed'), ...refusals },
    },
    preValidation: app.requireUser,
    preHandler: limitAttempts,
  }, async (request, reply) => {
    const result = await redeemPromo.execute(signedInUser(request).id, request.body.code);
    if (!result.ok) return sendDomainError(reply, result.error);
    return result.value;
  });
}
