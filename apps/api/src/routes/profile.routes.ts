import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { UpdateProfile, errorBodySchema, profileUpdateSchema, userViewSchema } from '@civicwatch/core';
import { sendDomainError } from '../http/domain-error-reply.ts';
import { ownView, signedInUser } from '../plugins/authentication.ts';
import { needsSession } from '../plugins/api-docs.ts';

export async function profileRoutes(app: FastifyInstance) {
  const updateProfile = app.diContainer.get(UpdateProfile);

  app.withTypeProvider<ZodTypeProvider>().patch('/api/profile', {
    schema: {
      operationId: 'updateProfile', tags: ['account'], summary: 'Update the profile', security: needsSession, body: profileUpdateSchema,
      response: { 200: userViewSchema.describe('The updated user'), 400: errorBodySchema, 401: errorBodySchema },
    },
    preValidation: app.requireUser,
  }, async (request, reply) => {
    const result = await updateProfile.execute(signedInUser(request).id, request.body);
    if (!result.ok) return sendDomainError(reply, result.error);
    return ownView(request, result.value);
  });
}
