import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/**
 * Turns thrown errors into `{ code, message }`. Invalid input is the caller's fault and says which field;
 * everything else is a bug or broken infrastructure: logged in full, answered as a 500 that hides internals.
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
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ code: 'internal', message: 'Something went wrong on our side. Please try again.' });
  });
}
