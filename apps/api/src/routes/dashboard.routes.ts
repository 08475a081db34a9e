import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { GetDashboard, dashboardSchema, errorBodySchema, toAnalysisView, toUserView } from '@civicwatch/core';
import { signedInUser } from '../plugins/authentication.ts';

/** `publicUrl` is where the analyses' share links point. */
export async function dashboardRoutes(app: FastifyInstance, options: { publicUrl: string }) {
  const getDashboard = app.diContainer.get(GetDashboard);

  app.withTypeProvider<ZodTypeProvider>().get('/api/dashboard', {
    schema: { tags: ['account'], summary: 'Credits, the five newest analyses and counts', response: { 200: dashboardSchema, 401: errorBodySchema } },
    preValidation: app.requireUser,
  }, async (request) => {
    const { user, analyses, stats } = await getDashboard.execute(signedInUser(request));
    return {
      user: toUserView(user),
      analyses: analyses.map((analysis) => toAnalysisView(analysis, options.publicUrl)),
      stats,
    };
  });
}
