import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { GetSharedAnalysis, errorBodySchema, sharedAnalysisParamsSchema, sharedAnalysisSchema } from '@civicwatch/core';
import { sendDomainError } from '../http/domain-error-reply.ts';
import { NO_INDEX_HEADER } from '../http/no-index.ts';

/** Per client address: a reader opens a few links; guessing tokens is not worth trying, but never unlimited. */
export const SHARED_VIEWS_PER_MINUTE = 60;

/**
 * The public side of share links (ADR 0010): anyone with a link reads that analysis, signed in or not,
 * without anything of its owner. A revoked or unknown token answers 404 share.not_found.
 */
export async function sharedRoutes(app: FastifyInstance) {
  const getSharedAnalysis = app.diContainer.get(GetSharedAnalysis);

  app.withTypeProvider<ZodTypeProvider>().get('/api/shared/:token', {
    schema: {
      operationId: 'getSharedAnalysis', tags: ['public'], summary: 'A shared analysis, read-only and without personal data',
      params: sharedAnalysisParamsSchema,
      response: {
        200: sharedAnalysisSchema.describe('The shared analysis'),
        404: errorBodySchema.describe('No analysis is shared under this token (any more)'), 429: errorBodySchema,
      },
    },
    config: { rateLimit: { max: SHARED_VIEWS_PER_MINUTE, timeWindow: 60_000 } },
    // On every answer of the route, a 404 or a 429 included.
    onSend: async (_request, reply) => {
      reply.header(NO_INDEX_HEADER.name, NO_INDEX_HEADER.value);
    },
  }, async (request, reply) => {
    const result = await getSharedAnalysis.execute(request.params.token);
    if (!result.ok) return sendDomainError(reply, result.error);
    return result.value;
  });
}
