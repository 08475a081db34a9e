import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { GetBillingAccount, OpenBillingPortal, billingAccountSchema, billingPortalSchema, errorBodySchema } from '@civicwatch/core';
import { sendDomainError } from '../http/domain-error-reply.ts';
import { signedInUser } from '../plugins/authentication.ts';
import { needsSession } from '../plugins/api-docs.ts';

/**
 * The Billing section of account settings: invoices and the saved card live at the payment provider, whose
 * customer portal the user is sent to (ADR 0009).
 */
export async function billingRoutes(app: FastifyInstance) {
  const getBillingAccount = app.diContainer.get(GetBillingAccount);
  const openBillingPortal = app.diContainer.get(OpenBillingPortal);
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/api/billing', {
    schema: {
      operationId: 'getBilling',
      tags: ['payments'],
      summary: 'Whether the payment provider\'s portal (invoices, card) can be opened for this account',
      security: needsSession,
      response: { 200: billingAccountSchema.describe('Whether the portal can be opened'), 401: errorBodySchema },
    },
    preValidation: app.requireUser,
  }, async (request) => getBillingAccount.execute(signedInUser(request).id));

  typed.post('/api/billing/portal', {
    schema: {
      operationId: 'openBillingPortal',
      tags: ['payments'],
      summary: 'Open a Stripe customer-portal session for the account\'s invoices and card; answers its URL',
      security: needsSession,
      response: {
        200: billingPortalSchema.describe('The portal session, for the browser to open'), 401: errorBodySchema,
        404: errorBodySchema.describe('The account has no customer at the payment provider'), 502: errorBodySchema, 503: errorBodySchema,
      },
    },
    preValidation: app.requireUser,
  }, async (request, reply) => {
    const result = await openBillingPortal.execute(signedInUser(request).id);
    if (!result.ok) return sendDomainError(reply, result.error);
    return result.value;
  });
}
