import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LogIn, RegisterUser, errorBodySchema, registerSchema, signInSchema, userViewSchema } from '@civicwatch/core';
import { sendDomainError } from '../http/domain-error-reply.ts';
import type { SignInSlowdown } from '@civicwatch/adapters/config/config.ts';
import { createAuthRateLimits, createSignInLimits } from '../plugins/auth-rate-limit.ts';
import { SESSION_COOKIE } from '../plugins/sessions.ts';
import { ownView } from '../plugins/authentication.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema };

export async function authRoutes(app: FastifyInstance, options: { signInSlowdown: SignInSlowdown }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const registerUser = app.diContainer.get(RegisterUser);
  const logIn = app.diContainer.get(LogIn);
  const limits = createAuthRateLimits(app);
  const signInLimits = createSignInLimits(app, options.signInSlowdown);

  r.post('/api/register', {
    schema: { tags: ['auth'], summary: 'Create an account on the Citizen tier and sign in', body: registerSchema, response: { 201: userViewSchema, ...errors } },
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
    schema: { tags: ['auth'], summary: 'Sign in', body: signInSchema, response: { 200: userViewSchema, ...errors } },
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

  r.post('/api/logout', { schema: { tags: ['auth'], summary: 'Sign out' } }, async (request, reply) => {
    if (request.session.userId) await request.session.destroy();
    return reply.clearCookie(SESSION_COOKIE, { path: '/' }).code(204).send();
  });

  for (const url of ['/api/user', '/api/auth/user']) {
    r.get(url, {
      schema: { tags: ['auth'], summary: 'The signed-in user (401 when signed out)', response: { 200: userViewSchema, 401: errorBodySchema } },
      preValidation: app.requireUser,
    }, async (request) => ownView(request, request.currentUser!));
  }
}
