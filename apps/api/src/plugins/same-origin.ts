import type { FastifyInstance, FastifyRequest } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests that a browser sent from another site (CSRF). Browsers always label
 * cross-site requests with Origin or Sec-Fetch-Site; clients that send neither (curl, the CLI) carry no
 * ambient cookie of a victim, so they pass. Webhooks authenticate by signature and are exempted by prefix.
 */
export function registerSameOriginGuard(app: FastifyInstance, options: { publicUrl: string; exemptPrefixes?: string[] }) {
  const publicOrigin = new URL(options.publicUrl).origin;
  const exempt = options.exemptPrefixes ?? [];

  const isSameOrigin = (request: FastifyRequest): boolean => {
    const site = request.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
    const origin = request.headers.origin;
    if (origin === undefined) return true;
    const host = request.headers.host;
    const requestOrigin = host ? `${request.protocol}://${host}` : null;
    return origin === publicOrigin || origin === requestOrigin;
  };

  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (exempt.some((prefix) => request.url.startsWith(prefix))) return;
    if (!isSameOrigin(request)) {
      return reply.code(403).send({ code: 'auth.forbidden', message: 'Cross-site requests are not allowed' });
    }
  });
}
