import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Unsubscribe, errorBodySchema, unsubscribeQuerySchema, unsubscribeResponseSchema } from '@civicwatch/core';
import { sendDomainError } from '../http/domain-error-reply.ts';

/** Per client address: following one's own links is a handful of requests; guessing tokens is not. */
export const UNSUBSCRIBE_REQUESTS_PER_MINUTE = 30;

/**
 * docs/product/api.md "Endpoints": the link at the foot of every e-mail, through the /unsubscribe
 * page. Public: the signed token, not a session, says whose e-mail to stop.
 */
export async function unsubscribeRoutes(app: FastifyInstance) {
  const unsubscribe = app.diContainer.get(Unsubscribe);

  app.withTypeProvider<ZodTypeProvider>().get('/api/unsubscribe', {
    schema: {
      operationId: 'unsubscribe',
      tags: ['public'],
      summary: 'Turn off optional e-mail (analysis notices, product news) for the user an unsubscribe link was signed for',
      querystring: unsubscribeQuerySchema,
      response: {
        200: unsubscribeResponseSchema.describe('Optional e-mail is off for that user'),
        400: errorBodySchema.describe('Not a valid unsubscribe link'), 404: errorBodySchema.describe('The account the link was for no longer exists'), 429: errorBodySchema,
      },
    },
    config: { rateLimit: { max: UNSUBSCRIBE_REQUESTS_PER_MINUTE, timeWindow: 60_000 } },
  }, async (request, reply) => {
    const result = await unsubscribe.execute(request.query.token);
    if (!result.ok) return sendDomainError(reply, result.error);
    return result.value;
  });
}
