import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { SessionStore } from '@fastify/session';
import { GrantAdminRoles, SetTierPriceIds, ListSubscriptionTiers, type PublicConfig } from '@civicwatch/core';
import type { AppConfig } from '@civicwatch/adapters/config/config.ts';
import { resolveSessionSecret } from '@civicwatch/adapters/config/session-secret.ts';
import { migrateEmbeddedOrRefuseOutdatedSchema, createRuntime, type Runtime } from '@civicwatch/adapters/container/container.ts';
import { buildApp } from './app.ts';

export const webDistDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export const publicConfigOf = (config: AppConfig): PublicConfig => ({
  productName: 'CivicWatch',
  paymentsEnabled: config.stripe !== null,
  stripePublishableKey: config.stripe?.publishableKey ?? null,
  verifiedEmailRequired: config.verifiedEmailRequired,
  devPagesEnabled: config.devPagesEnabled,
  analyzer: config.analyzer.kind,
});

/** The HTTP application wired to a runtime; used by the server and by tests that want the real wiring. */
export async function buildAppFor(runtime: Runtime, options: { logger?: boolean | object; webDistDir?: string } = {}) {
  const { config, database } = runtime;
  return buildApp({
    container: runtime.container,
    sessionSecret: await resolveSessionSecret(config),
    // The store keeps sessions as plain JSON; @fastify/session's Session type adds the methods it re-attaches on load.
    sessionStore: database.sessionStore as unknown as SessionStore,
    rateLimits: await runtime.openRateLimits(),
    signInSlowdown: config.signInSlowdown,
    publicUrl: config.publicUrl,
    secureCookies: config.secureCookies,
    publicConfig: publicConfigOf(config),
    checkDatabase: async () => (await database.health()).ok,
    webDistDir: options.webDistDir,
    logger: options.logger,
    trustProxy: config.trustProxy,
    httpLimits: config.http,
  });
}

/**
 * Owns the process: opens the database, migrates it when embedded (refuses a server's older schema), listens,
 * and closes everything in order on SIGINT/SIGTERM so the embedded database is never left half-written.
 */
export async function startServer(config: AppConfig): Promise<FastifyInstance> {
  const runtime = await createRuntime(config);
  let migrated: string[];
  try {
    migrated = await migrateEmbeddedOrRefuseOutdatedSchema(runtime);
  } catch (error) {
    await runtime.close();
    throw error;
  }
  const admins = await runtime.container.get(GrantAdminRoles).execute();
  const priced = config.stripe ? await runtime.container.get(SetTierPriceIds).execute(config.stripe.prices) : [];
  const unpriced = config.stripe
    ? (await runtime.container.get(ListSubscriptionTiers).execute()).filter((t) => t.priceCents > 0 && !t.stripePriceId).map((t) => t.name)
    : [];
  let app: FastifyInstance;
  try {
    app = await buildAppFor(runtime, {
      // One JSON line per event for log collectors; readable lines when a person watches a terminal.
      logger: process.stdout.isTTY && config.env !== 'production'
        ? { level: config.logLevel, transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
        : { level: config.logLevel },
      webDistDir,
    });
  } catch (error) {
    // A Redis that cannot be reached, say: the embedded database is closed cleanly before the process ends.
    await runtime.close();
    throw error;
  }
  if (migrated.length > 0) app.log.info({ migrations: migrated }, 'applied the committed migrations to the embedded database');
  if (admins.granted > 0) app.log.info({ admins: admins.granted }, 'granted the admin role to the verified accounts named by ADMIN_EMAILS');
  if (admins.revoked.length > 0) {
    app.log.warn({ accounts: admins.revoked },
      'took the admin role from accounts named by ADMIN_EMAILS whose address is not verified: verify each with its e-mail link or `civicwatch users verify EMAIL`');
  }
  if (priced.length > 0) app.log.info({ tiers: priced }, 'set the Stripe Price ids of tiers from STRIPE_PRICE_*');
  if (unpriced.length > 0) app.log.warn({ tiers: unpriced }, 'payments are on, but these paid tiers have no Stripe Price id yet (STRIPE_PRICE_PATRIOT / STRIPE_PRICE_DEFENDER): they cannot be bought');
  // Analyses run as queued jobs (ADR 0012): this instance submits and waits for them, and runs
  // ANALYSIS_WORKERS of them itself (0: the API only, with `civicwatch worker` processes running them).
  // E-mail is delivered by jobs of the same queue (ADR 0028), by this instance when SMTP_URL is set.
  try {
    await runtime.startAnalysisQueue({ workers: config.analysisWorkers, logger: app.log });
    if (await runtime.startMailDelivery(app.log)) app.log.info('delivering e-mail from the outbox through SMTP_URL');
  } catch (error) {
    await app.close();
    await runtime.close({ graceMs: 0 });
    throw error;
  }
  if (config.analysisWorkers > 0) app.log.info({ worker: runtime.workerName, slots: config.analysisWorkers }, 'running analysis jobs in this process');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, graceSeconds: config.shutdownGraceMs / 1000 }, 'shutting down: finishing the requests under way');
    // Requests under way get the grace period. After it, those waiting for an analysis are handed back (they
    // answer analysis.still_running: the job goes on in the queue and settles its credit, ADR 0012), and the
    // connections still open a second later are cut.
    const grace = setTimeout(() => {
      app.log.warn('grace period over: handing back the requests still waiting for an analysis');
      runtime.handBackAnalyses();
      setTimeout(() => app.server.closeAllConnections(), 1_000).unref();
    }, config.shutdownGraceMs);
    grace.unref();
    await app.close();
    clearTimeout(grace);
    // This process's analysis jobs finish within the grace period, or go back to the queue for another worker.
    await runtime.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  runtime.warmDocumentChecks();
  app.log.info(`CivicWatch is serving ${config.publicUrl} (database: ${config.database.kind}, analyzer: ${config.analyzer.kind})`);
  return app;
}
