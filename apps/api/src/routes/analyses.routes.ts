import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DeleteAnalysis, GetAnalysis, ListAnalyses, analysisListQuerySchema, analysisListSchema, dashboardAnalysisSchema,
  errorBodySchema, toAnalysisView,
} from '@civicwatch/core';
import { sendDomainError } from '../http/domain-error-reply.ts';
import { signedInUser } from '../plugins/authentication.ts';

// Any string: a malformed id is as unknown as another user's, and both answer 404.
const analysisParams = z.object({ id: z.string() });

/** The signed-in user's own analyses: history, one analysis, deletion. Another user's id answers 404, never 403. */
export async function analysesRoutes(app: FastifyInstance) {
  const listAnalyses = app.diContainer.get(ListAnalyses);
  const getAnalysis = app.diContainer.get(GetAnalysis);
  const deleteAnalysis = app.diContainer.get(DeleteAnalysis);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/analyses', {
    schema: {
      tags: ['analysis'], summary: 'All analyses, newest first; q searches titles',
      querystring: analysisListQuerySchema, response: { 200: analysisListSchema, 400: errorBodySchema, 401: errorBodySchema },
    },
    preValidation: app.requireUser,
  }, async (request) => {
    const page = await listAnalyses.execute(signedInUser(request).id, request.query);
    return { ...page, items: page.items.map(toAnalysisView) };
  });

  routes.get('/api/analyses/:id', {
    schema: {
      tags: ['analysis'], summary: 'One analysis with its full result',
      params: analysisParams, response: { 200: dashboardAnalysisSchema, 401: errorBodySchema, 404: errorBodySchema },
    },
    preValidation: app.requireUser,
  }, async (request, reply) => {
    const result = await getAnalysis.execute(signedInUser(request).id, request.params.id);
    if (!result.ok) return sendDomainError(reply, result.error);
    return toAnalysisView(result.value);
  });

  routes.delete('/api/analyses/:id', {
    schema: {
      tags: ['analysis'], summary: 'Delete an analysis (its credit is not returned)',
      params: analysisParams, response: { 204: z.null(), 401: errorBodySchema, 404: errorBodySchema },
    },
    preValidation: app.requireUser,
  }, async (request, reply) => {
    const result = await deleteAnalysis.execute(signedInUser(request).id, request.params.id);
    if (!result.ok) return sendDomainError(reply, result.error);
    return reply.code(204).send(null);
  });
}
