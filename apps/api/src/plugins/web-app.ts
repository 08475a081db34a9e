import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { NO_INDEX_HEADER, isSharedPagePath } from '../http/no-index.ts';

/**
 * Serves the built web app on the API's port. Any GET outside /api that is not a file answers index.html,
 * so the client router can show the page (or its Page Not Found screen); a shared analysis's page also
 * tells search engines to keep away (ADR 0010).
 */
export async function registerWebApp(app: FastifyInstance, options: { distDir: string | undefined }) {
  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    reply.code(404).send({ code: 'not_found', message: `No route for ${request.method} ${request.url.split('?')[0]}` });
  if (!options.distDir || !existsSync(path.join(options.distDir, 'index.html'))) {
    if (options.distDir) app.log.warn({ distDir: options.distDir }, 'web app not built (run `make build`): serving the API only');
    app.setNotFoundHandler(notFound);
    return;
  }
  await app.register(fastifyStatic, {
    root: options.distDir,
    wildcard: false,
    index: false,
    setHeaders: (res, filePath) => {
      // Vite fingerprints assets, so they never change; index.html must always be revalidated.
      res.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' && !request.url.startsWith('/api/') && request.url !== '/api') {
      if (isSharedPagePath(request.url)) reply.header(NO_INDEX_HEADER.name, NO_INDEX_HEADER.value);
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return notFound(request, reply);
  });
}
