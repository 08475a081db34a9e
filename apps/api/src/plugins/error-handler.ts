import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnreachable } from '@civicwatch/adapters/persistence/database-unreachable.ts';

/** While the database cannot be reached (ADR 0016); the request may be sent again once it is back. */
export const DATABASE_UNREACHABLE_MESSAGE = 'CivicWatch cannot reach its database right now. Please try again in a minute.';

/**
 * Errors Fastify meets before any route or hook runs (its `frameworkErrors` option), answered in the API's
 * own `{ code, message }` instead of Fastify's body: a path whose %-escapes are not UTF-8 (`/api/analyses/%ff`),
 * a path segment over the router's length limit.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return reply.code(400).send({ code: 'validation.invalid', message: 'The address is not valid: it holds an escape (%) that is not UTF-8' });
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return reply.code(400).send({ code: 'validation.invalid', message: 'A part of the address is too long' });
    default:
      return reply.code(error.statusCode && error.statusCode < 500 ? error.statusCode : 500)
        .send({ code: error.statusCode && error.statusCode < 500 ? 'validation.invalid' : 'internal', message: 'The request could not be routed' });
  }
}

/**
 * Turns thrown errors into `{ code, message }`. Invalid input is the caller's fault and says which field; a
 * database that cannot be reached is a 503 that says to try again; everything else is a bug or broken
 * infrastructure: logged in full, answered as a 500 that hides internals.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      return reply.code(400).send({ code: 'validation.invalid', message: first?.message ?? 'Invalid request' });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.code(500).send({ code: 'internal', message: 'Something went wrong on our side. Please try again.' });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.code(429).send({ code: 'rate.limited', message: 'Too many attempts. Please wait a minute and try again.' });
    }
    if (status >= 400 && status < 500) {
      const message = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? 'The request body is not valid JSON'
        : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 'The request body is too large' : error.message;
      return reply.code(status).send({ code: status === 413 ? 'request.too_large' : 'validation.invalid', message });
    }
    if (isDatabaseUnreachable(error)) {
      request.log.error({ err: error }, 'database unreachable');
      // Nothing is saved with this answer: the session plugin's onSend would write the session to the same
      // database, fail again, and turn this answer into Fastify's default error body.
      (request as { session?: unknown }).session = undefined;
      return reply.code(503).header('retry-after', '10').send({ code: 'database.unavailable', message: DATABASE_UNREACHABLE_MESSAGE });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ code: 'internal', message: 'Something went wrong on our side. Please try again.' });
  });
}
