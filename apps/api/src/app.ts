import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { SessionStore } from '@fastify/session';
import type { Container } from 'inversify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { PublicConfig } from '@civicwatch/core';
import type { RateLimitBackend } from '@civicwatch/adapters/container/container.ts';
import type { HttpLimits, SignInSlowdown } from '@civicwatch/adapters/config/config.ts';
import { answerFrameworkError, registerErrorHandler } from './plugins/error-handler.ts';
import { registerSameOriginGuard } from './plugins/same-origin.ts';
import { registerSessions } from './plugins/sessions.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerRateLimits } from './plugins/rate-limits.ts';
import { registerAuthentication } from './plugins/authentication.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { registerApiDocs } from './plugins/api-docs.ts';
import { authRoutes } from './routes/auth.routes.ts';
import { accountRecoveryRoutes } from './routes/account-recovery.routes.ts';
import { profileRoutes } from './routes/profile.routes.ts';
import { dashboardRoutes } from './routes/dashboard.routes.ts';
import { publicRoutes } from './routes/public.routes.ts';
import { analyzeRoutes } from './routes/analyze.routes.ts';
import { compareRoutes } from './routes/compare.routes.ts';
import { analysesRoutes } from './routes/analyses.routes.ts';
import { sharedRoutes } from './routes/shared.routes.ts';
import { promoRoutes } from './routes/promo.routes.ts';
import { paymentRoutes } from './routes/payments.routes.ts';
import { unsubscribeRoutes } from './routes/unsubscribe.routes.ts';
import { accountDataRoutes } from './routes/account-data.routes.ts';
import { billingRoutes } from './routes/billing.routes.ts';
import { adminRoutes } from './routes/admin.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    diContainer: Container;
  }
}

export interface AppOptions {
  container: Container;
  sessionSecret: string;
  sessionStore: SessionStore;
  /** Where rate-limit counters live, shared with the other instances. */
  rateLimits: RateLimitBackend;
  /** How sign-ins to an account that keeps failing wait (SIGN_IN_DELAY_MS, SIGN_IN_MAX_DELAY_MS). */
  signInSlowdown: SignInSlowdown;
  publicUrl: string;
  secureCookies: boolean;
  publicConfig: PublicConfig;
  checkDatabase: () => Promise<boolean>;
  /** The built web app; absent in API-only tests. */
  webDistDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** Behind a reverse proxy (TRUST_PROXY): trust X-Forwarded-* from it, so rate limits see the client's address. */
  trustProxy?: boolean;
  /** Timeouts for slow clients and the cap on open connections (HTTP_* variables). */
  httpLimits: HttpLimits;
}

/**
 * Behind a proxy, only the proxy that connects to us is trusted: the client's address is the last
 * X-Forwarded-For entry, the one that proxy wrote. Entries before it are whatever the client sent; trusting
 * them (`trustProxy: true`) would let each request name a new address and so a fresh per-address budget
 * (ADR 0003). Fastify's own hop count (`trustProxy: 1`) trusts nothing at all, by design.
 */
const trustNearestProxy = (_address: string, hop: number) => hop === 0;

/**
 * Node checks the headers and request timeouts of open connections every `connectionsCheckingInterval` (30 s
 * by its default, which would let a slow client stay up to that much longer): a quarter of the headers
 * timeout, within 0.1 to 5 s. The check walks only connections in the middle of receiving a request.
 */
const connectionsCheckingInterval = (limits: HttpLimits) => Math.min(5_000, Math.max(100, Math.floor(limits.headersTimeoutMs / 4)));

/** Builds the HTTP application without listening: the server and the tests (`inject`) share it. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const limits = options.httpLimits;
  const app = Fastify({
    logger: options.logger ?? false,
    // Slow clients (apps/api/src/http-limits.int.test.ts). Fastify's own defaults leave the request timeout off.
    // No socket idle timeout (`connectionTimeout`): POST /api/analyze waits for its analysis, up to 10 minutes,
    // without writing a byte; the request timeout only covers receiving the request, never the response.
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: connectionsCheckingInterval(limits),
    },
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    trustProxy: options.trustProxy ? trustNearestProxy : false,
    bodyLimit: 1024 * 1024,
    // Paths are case-insensitive and ignore a trailing slash (docs/product/screens.md "Routes"), on the API as on the web app.
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    frameworkErrors: answerFrameworkError,
  });
  // Beyond the cap Node closes each new connection as it arrives, so that clients cannot take every file
  // descriptor from the database and the connections already served. At the cap a health check is refused too.
  app.server.maxConnections = limits.maxConnections;
  app.decorate('diContainer', options.container);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  registerSecurityHeaders(app, { secureCookies: options.secureCookies });
  await registerRateLimits(app, options.rateLimits);
  registerSameOriginGuard(app, { publicUrl: options.publicUrl, exemptPrefixes: ['/api/stripe/webhook'] });
  await registerSessions(app, { secret: options.sessionSecret, secure: options.secureCookies, store: options.sessionStore });
  registerAuthentication(app);

  await registerApiDocs(app);

  await app.register(publicRoutes, { publicConfig: options.publicConfig, checkDatabase: options.checkDatabase });
  await app.register(authRoutes, { signInSlowdown: options.signInSlowdown });
  await app.register(accountRecoveryRoutes);
  await app.register(profileRoutes);
  await app.register(dashboardRoutes, { publicUrl: options.publicUrl });
  await app.register(analyzeRoutes);
  await app.register(compareRoutes);
  await app.register(analysesRoutes, { publicUrl: options.publicUrl });
  await app.register(sharedRoutes);
  await app.register(promoRoutes);
  await app.register(paymentRoutes);
  await app.register(unsubscribeRoutes);
  await app.register(accountDataRoutes, { publicUrl: options.publicUrl });
  await app.register(billingRoutes);
  await app.register(adminRoutes);
  await registerWebApp(app, { distDir: options.webDistDir });
  return app;
}
