import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChangePassword, ConfirmEmailChange, PASSWORD_RESET_REQUESTED_MESSAGE, RequestEmailChange, RequestPasswordReset, ResetPassword,
  SendEmailVerification, VerifyEmail, accountLinkSchema, changeEmailSchema, changePasswordSchema, errorBodySchema,
  forgotPasswordSchema, messageSchema, resetPasswordSchema,
} from '@civicwatch/core';
import { sendDomainError } from '../http/domain-error-reply.ts';
import { createAuthRateLimits } from '../plugins/auth-rate-limit.ts';
import { signedInUser } from '../plugins/authentication.ts';
import { needsSession } from '../plugins/api-docs.ts';

/** Per client address, for the links' public routes: following one's own links is a handful of requests. */
export const ACCOUNT_LINK_REQUESTS_PER_MINUTE = 30;
/** Verification e-mails one account may ask for in an hour. */
export const VERIFICATION_EMAILS_PER_HOUR = 5;
/** Attempts at a signed-in change that asks for the password, per account: as many as failed sign-ins. */
export const PASSWORD_CONFIRMATIONS_PER_MINUTE = 20;

const linkErrors = { 400: errorBodySchema, 409: errorBodySchema, 410: errorBodySchema, 429: errorBodySchema };
const signedInErrors = { 400: errorBodySchema, 401: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema };

/** The session a signed-in change keeps (the caller's own), when the caller is signed in as that user. */
const ownSession = (request: FastifyRequest): string | undefined => (request.session.userId ? request.session.sessionId : undefined);
/** Budgets of signed-in routes go by account, whichever address the requests come from. */
const byAccount = (scope: string) => (request: FastifyRequest) => `${scope}:user:${request.session.userId ?? `ip:${request.ip}`}`;

/**
 * Account recovery and the credentials of an account (ADR 0008): password reset and e-mail verification
 * through single-use links, and the signed-in changes of password and e-mail address.
 */
export async function accountRecoveryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const requestPasswordReset = app.diContainer.get(RequestPasswordReset);
  const resetPassword = app.diContainer.get(ResetPassword);
  const verifyEmail = app.diContainer.get(VerifyEmail);
  const sendEmailVerification = app.diContainer.get(SendEmailVerification);
  const changePassword = app.diContainer.get(ChangePassword);
  const requestEmailChange = app.diContainer.get(RequestEmailChange);
  const confirmEmailChange = app.diContainer.get(ConfirmEmailChange);
  const limits = createAuthRateLimits(app);
  const linkRateLimit = { rateLimit: { max: ACCOUNT_LINK_REQUESTS_PER_MINUTE, timeWindow: 60_000 } };
  const confirmationRateLimit = (scope: string) => ({
    rateLimit: { max: PASSWORD_CONFIRMATIONS_PER_MINUTE, timeWindow: 60_000, keyGenerator: byAccount(scope) },
  });

  r.post('/api/password/forgot', {
    schema: {
      operationId: 'requestPasswordReset',
      tags: ['account'],
      summary: 'E-mail a one-hour password reset link; the same 202 answer whether or not the address has an account',
      body: forgotPasswordSchema,
      response: { 202: messageSchema.describe('Taken in: a link is on its way if the address has an account'), 400: errorBodySchema, 429: errorBodySchema },
    },
    preHandler: limits.checkAndSpendPasswordReset,
  }, async (request, reply) => {
    await requestPasswordReset.execute(request.body);
    return reply.code(202).send({ message: PASSWORD_RESET_REQUESTED_MESSAGE });
  });

  r.post('/api/password/reset', {
    schema: {
      operationId: 'resetPassword',
      tags: ['account'],
      summary: 'Set a new password with the token of a reset link (single use, one hour); signs out every other session',
      body: resetPasswordSchema,
      response: { 204: z.null().describe('The password is changed and every other session ended'), ...linkErrors },
    },
    preHandler: limits.checkAndSpendNewPassword,
  }, async (request, reply) => {
    const result = await resetPassword.execute(request.body, ownSession(request));
    if (!result.ok) return sendDomainError(reply, result.error);
    return reply.code(204).send(null);
  });

  r.post('/api/email/verify', {
    schema: {
      operationId: 'verifyEmail',
      tags: ['account'],
      summary: 'Verify the address an e-mail verification link was sent to (no session needed)',
      body: accountLinkSchema,
      response: { 200: messageSchema.describe('The address is verified'), ...linkErrors },
    },
    config: linkRateLimit,
  }, async (request, reply) => {
    const result = await verifyEmail.execute(request.body.token);
    if (!result.ok) return sendDomainError(reply, result.error);
    return result.value;
  });

  r.post('/api/email/verification', {
    schema: {
      operationId: 'sendEmailVerification',
      tags: ['account'],
      summary: "E-mail a new verification link to the signed-in user's address",
      security: needsSession,
      response: { 202: messageSchema.describe('A new verification link is on its way'), ...signedInErrors },
    },
    config: { rateLimit: { max: VERIFICATION_EMAILS_PER_HOUR, timeWindow: 3_600_000, keyGenerator: byAccount('verification') } },
    preValidation: app.requireUser,
  }, async (request, reply) => {
    const result = await sendEmailVerification.execute(signedInUser(request).id);
    if (!result.ok) return sendDomainError(reply, result.error);
    return reply.code(202).send(result.value);
  });

  r.post('/api/account/password', {
    schema: {
      operationId: 'changePassword',
      tags: ['account'],
      summary: 'Change the password (the current one is asked again); signs out every other session',
      security: needsSession,
      body: changePasswordSchema,
      response: { 204: z.null().describe('The password is changed and every other session ended'), ...signedInErrors },
    },
    config: confirmationRateLimit('change-password'),
    preValidation: app.requireUser,
  }, async (request, reply) => {
    const result = await changePassword.execute(signedInUser(request).id, request.body, ownSession(request));
    if (!result.ok) return sendDomainError(reply, result.error);
    return reply.code(204).send(null);
  });

  r.post('/api/account/email', {
    schema: {
      operationId: 'requestEmailChange',
      tags: ['account'],
      summary: 'Ask to change the e-mail address (with the password): a confirmation link goes to the new address, a notice to the current one',
      security: needsSession,
      body: changeEmailSchema,
      response: { 202: messageSchema.describe('A confirmation link is on its way to the new address'), ...signedInErrors },
    },
    config: confirmationRateLimit('change-email'),
    preValidation: app.requireUser,
  }, async (request, reply) => {
    const result = await requestEmailChange.execute(signedInUser(request).id, request.body);
    if (!result.ok) return sendDomainError(reply, result.error);
    return reply.code(202).send(result.value);
  });

  r.post('/api/account/email/confirm', {
    schema: {
      operationId: 'confirmEmailChange',
      tags: ['account'],
      summary: 'Move the account to the new address with the token of its confirmation link (no session needed)',
      body: accountLinkSchema,
      response: { 200: messageSchema.describe('The account now uses the new address'), ...linkErrors },
    },
    config: linkRateLimit,
  }, async (request, reply) => {
    const result = await confirmEmailChange.execute(request.body.token);
    if (!result.ok) return sendDomainError(reply, result.error);
    return result.value;
  });
}
