import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LogIn, RegisterUser, errorBodySchema, registerSchema, signInSchema, userViewSchema } from '@civicwatch/core';
import { sendDomainError } from '../http/domain-error-reply.ts';
import type { SignInSlowdown } from '@civicwatch/adapters/config/config.ts';
import { createAuthRateLimits, createSignInLimits } from '../plugins/auth-rate-limit.ts';
import { SESSION_COOKIE } from '../plugins/sessions.ts';
import { ownView } from '../plugins/authentication.ts';
import { needsSession } from '../plugins/api-docs.ts';

const signedIn = (what: string) => userViewSchema.describe(`${what}: the answer sets the session cookie; the user`);

export async function authRoutes(app: FastifyInstance, options: { signInSlowdown: SignInSlowdown }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const registerUser = app.diContainer.get(RegisterUser);
  const logIn = app.diContainer.get(LogIn);
  const limits = createAuthRateLimits(app);
  const signInLimits = createSignInLimits(app, options.signInSlowdown);

  r.post('/api/register', {
    schema: {
      operationId: 'register', tags: ['auth'], summary: 'Create an account on the Citizen tier and sign in', body: registerSchema,
      response: {
        201: signedIn('Registered and signed in'),
        400: errorBodySchema, 409: errorBodySchema.describe('An account already has this e-mail address'), 429: errorBodySchema,
      },
    },
    preHandler: limits.checkAndSpendRegister,
  }, async (request, reply) => {
    const result = await registerUser.execute(request.body);
    if (!result.ok) return sendDomainError(reply, result.error);
    await request.session.regenerate();
    request.session.userId = result.value.id;
    request.session.firstVisit = true;
    return reply.code(201).send(ownView(request, result.value));
  });

  r.post('/api/login', {
    schema: {
      operationId: 'signIn', tags: ['auth'], summary: 'Sign in', body: signInSchema,
      response: { 200: signedIn('Signed in'), 400: errorBodySchema, 401: errorBodySchema.describe('Wrong e-mail address or password'), 429: errorBodySchema },
    },
    preHandler: signInLimits.checkLogin,
  }, async (request, reply) => {
    const result = await logIn.execute(request.body);
    if (!result.ok) {
      await signInLimits.recordFailedLogin(request);
      return sendDomainError(reply, result.error);
    }
    // A new session id at sign-in defeats session fixation.
    await request.session.regenerate();
    request.session.userId = result.value.id;
    return ownView(request, result.value);
  });

  r.post('/api/logout', {
    schema: {
      operationId: 'signOut', tags: ['auth'], summary: 'Sign out',
      response: { 204: z.null().describe('Signed out (or already): the session ends and its cookie is cleared') },
    },
  }, async (request, reply) => {
    if (request.session.userId) await request.session.destroy();
    return reply.clearCookie(SESSION_COOKIE, { path: '/' }).code(204).send(null);
  });

  // The spec's client reads either path; each is an operation of its own in the API reference.
  for (const [url, operationId] of [['/api/user', 'getUser'], ['/api/auth/user', 'getAuthUser']] as const) {
    r.get(url, {
      schema: {
        operationId, tags: ['auth'], summary: 'The signed-in user (401 when signed out)', security: needsSession,
        response: { 200: userViewSchema.describe('The signed-in user'), 401: errorBodySchema },
      },
      preValidation: app.requireUser,
    }, async (request) => ownView(request, request.currentUser!));
  }
}
