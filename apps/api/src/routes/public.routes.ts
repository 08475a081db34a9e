import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ListSubscriptionTiers, errorBodySchema, healthSchema, publicConfigSchema, subscriptionTierListSchema, toTierView, type PublicConfig } from '@civicwatch/core';

/** Routes anyone may call: the tiers for the pricing cards, what the web app may know, health. */
export async function publicRoutes(app: FastifyInstance, options: { publicConfig: PublicConfig; checkDatabase: () => Promise<boolean> }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const listTiers = app.diContainer.get(ListSubscriptionTiers);

  r.get('/api/subscription-tiers', {
    schema: {
      operationId: 'listSubscriptionTiers', tags: ['public'], summary: 'Active subscription tiers in display order',
      response: { 200: subscriptionTierListSchema.describe('The tiers on offer, in display order') },
    },
  }, async () => (await listTiers.execute()).map(toTierView));

  r.get('/api/config', {
    schema: {
      operationId: 'getConfig', tags: ['public'], summary: 'What the web app may know of the server',
      response: { 200: publicConfigSchema.describe("This server's public settings") },
    },
  }, async () => options.publicConfig);

  r.get('/api/health', {
    schema: {
      operationId: 'getHealth', tags: ['public'], summary: 'Liveness and database reachability',
      response: { 200: healthSchema.describe('Up, and the database answers'), 503: errorBodySchema.describe('The database cannot be reached') },
    },
  }, async (_request, reply) => {
    const healthy = await options.checkDatabase().catch(() => false);
    if (!healthy) return reply.code(503).send({ code: 'database.unavailable', message: 'The database is not reachable' });
    return { status: 'ok' as const, database: 'ok' as const };
  });
}
