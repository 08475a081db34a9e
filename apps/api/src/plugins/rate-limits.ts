import type { FastifyInstance } from 'fastify';
import fastifyRateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { RateLimitBackend } from '@civicwatch/adapters/container/container.ts';

/**
 * @fastify/rate-limit with its counters where every instance sees them (ADR 0015): the database, or Redis
 * with REDIS_URL. Limits are opted into per route (`config.rateLimit`) or made with `createRateLimit`.
 */
export async function registerRateLimits(app: FastifyInstance, backend: RateLimitBackend): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    ...(backend.kind === 'redis'
      ? { redis: backend.client, nameSpace: 'civicwatch:rate-limit:' }
      // The plugin's types say `child` receives the route's options; it receives the limiter's merged
      // options (with `routeInfo`), which is what the store reads.
      : { store: backend.store as unknown as FastifyRateLimitStoreCtor }),
  });
}
