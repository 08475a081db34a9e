import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DeleteAccount, ExportAccount, ListCreditHistory, UpdateEmailPreferences,
  accountExportSchema, creditHistoryQuerySchema, creditHistorySchema, deleteAccountSchema, emailPreferencesSchema, errorBodySchema,
  toAccountExport, toCreditHistoryEntry, userViewSchema,
} from '@civicwatch/core';
import { sendDomainError } from '../http/domain-error-reply.ts';
import { AUTH_ATTEMPTS_PER_MINUTE } from '../plugins/auth-rate-limit.ts';
import { ownView, signedInUser } from '../plugins/authentication.ts';
import { needsSession } from '../plugins/api-docs.ts';
import { SESSION_COOKIE } from '../plugins/sessions.ts';

/** The export's file name: the product and the day it was taken, `civicwatch-export-2026-03-15.json`. */
const exportFileName = (exportedAt: string) => `civicwatch-export-${exportedAt.slice(0, 10)}.json`;

/**
 * What account settings shows and does with the signed-in user's own data (ADR 0009): e-mail preferences,
 * the credit history, the data export and deleting the account. `publicUrl` is where the export's share
 * links point.
 */
export async function accountDataRoutes(app: FastifyInstance, options: { publicUrl: string }) {
  const updateEmailPreferences = app.diContainer.get(UpdateEmailPreferences);
  const listCreditHistory = app.diContainer.get(ListCreditHistory);
  const exportAccount = app.diContainer.get(ExportAccount);
  const deleteAccount = app.diContainer.get(DeleteAccount);
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.put('/api/account/email-preferences', {
    schema: {
      operationId: 'updateEmailPreferences',
      tags: ['account'],
      summary: 'Choose the optional e-mail: product news, analysis-complete notices, payment receipts; answers the updated user',
      security: needsSession,
      body: emailPreferencesSchema, response: { 200: userViewSchema.describe('The updated user'), 400: errorBodySchema, 401: errorBodySchema },
    },
    preValidation: app.requireUser,
  }, async (request, reply) => {
    const result = await updateEmailPreferences.execute(signedInUser(request).id, request.body);
    if (!result.ok) return sendDomainError(reply, result.error);
    return ownView(request, result.value);
  });

  typed.get('/api/credits/history', {
    schema: {
      operationId: 'listCreditHistory',
      tags: ['account'],
      summary: 'Every change of the credit balance, newest first, with its reason and the balance after it; the total is in X-Total-Count',
      security: needsSession,
      querystring: creditHistoryQuerySchema,
      response: { 200: creditHistorySchema.describe('A page of the credit history'), 400: errorBodySchema, 401: errorBodySchema },
    },
    preValidation: app.requireUser,
  }, async (request, reply) => {
    const { entries, total } = await listCreditHistory.execute(signedInUser(request).id, request.query);
    void reply.header('X-Total-Count', String(total));
    return entries.map(toCreditHistoryEntry);
  });

  typed.get('/api/account/export', {
    schema: {
      operationId: 'exportAccount',
      tags: ['account'],
      summary: 'Download everything held about the account as a JSON file: profile, every analysis, credit history, payments, promo codes',
      security: needsSession,
      response: { 200: accountExportSchema.describe('The export, as a file to save (Content-Disposition: attachment)'), 401: errorBodySchema },
    },
    preValidation: app.requireUser,
  }, async (request, reply) => {
    const result = await exportAccount.execute(signedInUser(request).id);
    if (!result.ok) return sendDomainError(reply, result.error);
    const file = toAccountExport(result.value, options.publicUrl);
    return reply
      .header('Content-Disposition', `attachment; filename="${exportFileName(file.exportedAt)}"`)
      // Personal data: never kept by a browser or a proxy on the way.
      .header('Cache-Control', 'no-store')
      .send(file);
  });

  typed.delete('/api/account', {
    schema: {
      operationId: 'deleteAccount',
      tags: ['account'],
      summary: 'Delete the account after its password: ends any subscription, removes its analyses, sessions and personal data, '
        + 'keeps only its paid invoices, anonymised; signs out',
      security: needsSession,
      body: deleteAccountSchema,
      response: {
        204: z.null().describe('Deleted and signed out: the session cookie is cleared'),
        400: errorBodySchema, 401: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema,
        502: errorBodySchema, 503: errorBodySchema,
      },
    },
    // The password is checked here as at sign-in: guessing it is limited alike.
    config: { rateLimit: { max: AUTH_ATTEMPTS_PER_MINUTE, timeWindow: 60_000 } },
    preValidation: app.requireUser,
  }, async (request, reply) => {
    const result = await deleteAccount.execute(signedInUser(request).id, request.body);
    if (!result.ok) return sendDomainError(reply, result.error);
    // The account's sessions went with it; this one's cookie goes too.
    await request.session.destroy();
    return reply.clearCookie(SESSION_COOKIE, { path: '/' }).code(204).send(null);
  });
}
