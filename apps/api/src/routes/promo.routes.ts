import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  RedeemPromo, ValidatePromo, errorBodySchema, promoCodeInputSchema, promoValidationSchema, redeemPromoResponseSchema,
} from '@civicwatch/core';
import { sendDomainError } from '../http/domain-error-reply.ts';
import { signedInUser } from '../plugins/authentication.ts';

const refusals = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 410: errorBodySchema };

/** Spec §7 "validate-promo" and "redeem-promo"; both need a session. Refusals carry the message the page shows. */
export async function promoRoutes(app: FastifyInstance) {
  const validatePromo = app.diContainer.get(ValidatePromo);
  const redeemPromo = app.diContainer.get(RedeemPromo);
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post('/api/validate-promo', {
    schema: { tags: ['promo'], summary: 'What a promo code would give the signed-in user', body: promoCodeInputSchema, response: { 200: promoValidationSchema, ...refusals } },
    preValidation: app.requireUser,
  }, async (request, reply) => {
    const result = await validatePromo.execute(signedInUser(request).id, request.body.code);
    if (!result.ok) return sendDomainError(reply, result.error);
    return result.value;
  });

  typed.post('/api/redeem-promo', {
    schema: { tags: ['promo'], summary: 'Redeem a credits code: answers the credits granted and the new balance', body: promoCodeInputSchema, response: { 200: redeemPromoResponseSchema, ...refusals } },
    preValidation: app.requireUser,
  }, async (request, reply) => {
    const result = await redeemPromo.execute(signedInUser(request).id, request.body.code);
    if (!result.ok) return sendDomainError(reply, result.error);
    return result.value;
  });
}
