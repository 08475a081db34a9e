import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateShareLink, DeleteAnalysis, GetAnalysis, ListAnalyses, RevokeShareLink, analysisListQuerySchema, analysisListSchema,
  analysisViewSchema, errorBodySchema, shareLinkSchema, toAnalysisListItem, toAnalysisView, toShareLinkView,
} from '@civicwatch/core';
import { sendDomainError } from '../http/domain-error-reply.ts';
import { signedInUser } from '../plugins/authentication.ts';
import { needsSession } from '../plugins/api-docs.ts';

// Any string: a malformed id is as unknown as another user's, and both answer 404.
const analysisParams = z.object({ id: z.string() });
const noSuchAnalysis = errorBodySchema.describe('The caller has no analysis with this id');

/**
 * The signed-in user's own analyses: history, one analysis, deletion, and its public share link (ADR 0010).
 * Another user's id answers 404, never 403. `publicUrl` is where share links point.
 */
export async function analysesRoutes(app: FastifyInstance, options: { publicUrl: string }) {
  const listAnalyses = app.diContainer.get(ListAnalyses);
  const getAnalysis = app.diContainer.get(GetAnalysis);
  const deleteAnalysis = app.diContainer.get(DeleteAnalysis);
  const createShareLink = app.diContainer.get(CreateShareLink);
  const revokeShareLink = app.diContainer.get(RevokeShareLink);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/analyses', {
    schema: {
      operationId: 'listAnalyses', tags: ['analysis'], summary: 'All analyses, newest first, each with the start of its summary; q searches titles', security: needsSession,
      querystring: analysisListQuerySchema, response: { 200: analysisListSchema.describe('A page of the history'), 400: errorBodySchema, 401: errorBodySchema },
    },
    preValidation: app.requireUser,
  }, async (request) => {
    const page = await listAnalyses.execute(signedInUser(request).id, request.query);
    return { ...page, items: page.items.map((analysis) => toAnalysisListItem(analysis, options.publicUrl)) };
  });

  routes.get('/api/analyses/:id', {
    schema: {
      operationId: 'getAnalysis', tags: ['analysis'], summary: 'One analysis with its full result', security: needsSession,
      params: analysisParams, response: { 200: analysisViewSchema.describe('The analysis'), 401: errorBodySchema, 404: noSuchAnalysis },
    },
    preValidation: app.requireUser,
  }, async (request, reply) => {
    const result = await getAnalysis.execute(signedInUser(request).id, request.params.id);
    if (!result.ok) return sendDomainError(reply, result.error);
    return toAnalysisView(result.value, options.publicUrl);
  });

  routes.delete('/api/analyses/:id', {
    schema: {
      operationId: 'deleteAnalysis', tags: ['analysis'], summary: 'Delete an analysis (its credit is not returned) and its share link',
      security: needsSession,
      params: analysisParams, response: { 204: z.null().describe('Deleted, with its share link'), 401: errorBodySchema, 404: noSuchAnalysis },
    },
    preValidation: app.requireUser,
  }, async (request, reply) => {
    const result = await deleteAnalysis.execute(signedInUser(request).id, request.params.id);
    if (!result.ok) return sendDomainError(reply, result.error);
    return reply.code(204).send(null);
  });

  routes.post('/api/analyses/:id/share', {
    schema: {
      operationId: 'shareAnalysis',
      tags: ['analysis'],
      summary: 'Share an analysis through a public link; an analysis already shared answers its live link',
      security: needsSession,
      params: analysisParams, response: { 200: shareLinkSchema.describe('Its live public link'), 401: errorBodySchema, 404: noSuchAnalysis },
    },
    preValidation: app.requireUser,
  }, async (request, reply) => {
    const result = await createShareLink.execute(signedInUser(request).id, request.params.id);
    if (!result.ok) return sendDomainError(reply, result.error);
    return toShareLinkView(result.value, options.publicUrl);
  });

  routes.delete('/api/analyses/:id/share', {
    schema: {
      operationId: 'stopSharingAnalysis', tags: ['analysis'], summary: 'Stop sharing an analysis: its link no longer opens it (idempotent)',
      security: needsSession,
      params: analysisParams, response: { 204: z.null().describe('Not shared (any more)'), 401: errorBodySchema, 404: noSuchAnalysis },
    },
    preValidation: app.requireUser,
  }, async (request, reply) => {
    const result = await revokeShareLink.execute(signedInUser(request).id, request.params.id);
    if (!result.ok) return sendDomainError(reply, result.error);
    return reply.code(204).send(null);
  });
}
