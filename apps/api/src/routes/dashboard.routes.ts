import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { GetDashboard, dashboardSchema, errorBodySchema, toAnalysisListItem, toUserView } from '@civicwatch/core';
import { signedInUser } from '../plugins/authentication.ts';
import { needsSession } from '../plugins/api-docs.ts';

/** `publicUrl` is where the analyses' share links point. */
export async function dashboardRoutes(app: FastifyInstance, options: { publicUrl: string }) {
  const getDashboard = app.diContainer.get(GetDashboard);

  app.withTypeProvider<ZodTypeProvider>().get('/api/dashboard', {
    schema: {
      operationId: 'getDashboard', tags: ['account'], summary: 'Credits, the five newest analyses and counts', security: needsSession,
      response: { 200: dashboardSchema.describe("The signed-in user's home"), 401: errorBodySchema },
    },
    preValidation: app.requireUser,
  }, async (request) => {
    const { user, analyses, stats } = await getDashboard.execute(signedInUser(request));
    return {
      user: toUserView(user),
      analyses: analyses.map((analysis) => toAnalysisListItem(analysis, options.publicUrl)),
      stats,
    };
  });
}
