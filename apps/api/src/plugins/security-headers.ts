import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Helmet's headers on every answer, the content security policy among them. The middleware is built once:
 * `@fastify/helmet` built it anew for every request, parsing the policy each time (2% of the API's time under
 * the dashboard's load, ADR 0017).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { secureCookies: boolean }): void {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://js.stripe.com'],
        frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
        connectSrc: ["'self'", 'https://api.stripe.com'],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        upgradeInsecureRequests: options.secureCookies ? [] : null,
      },
    },
    strictTransportSecurity: options.secureCookies,
  });
  app.addHook('onRequest', (request, reply, done) => setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)));
}
