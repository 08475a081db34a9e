import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreatePromo, DeletePromo, DeleteUser, GetAdminStats, GetAdminTrends, GetPrompts, ListAuditLog, ListOutbox, ListPromos, ListSubscriptionTiers, ListUsers,
  RefundPayment, SetUserTier, UpdatePrompt, UpdateTier, VerifyUserEmail,
  adminStatsSchema, adminTrendsSchema, auditEntryListSchema, createPromoSchema, domainError, errorBodySchema, normalizeTierId, promoCodeViewSchema,
  refundResponseSchema, refundSchema, settingListSchema, settingViewSchema, subscriptionTierListSchema, subscriptionTierSchema,
  toAuditEntryView, toPromoCodeView, toTierView, toUserView, updateSettingSchema, updateTierSchema, updateUserTierSchema,
  userViewSchema, userListQuerySchema, auditListQuerySchema, outboxListQuerySchema, outboxMessageListSchema, toOutboxMessageView,
} from '@civicwatch/core';
import { sendDomainError } from '../http/domain-error-reply.ts';
import { adminActor } from '../plugins/authentication.ts';
import { needsSession } from '../plugins/api-docs.ts';

const refusals = {
  400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema.describe('Signed in, but the account does not have the admin role'),
  404: errorBodySchema, 409: errorBodySchema,
  502: errorBodySchema, 503: errorBodySchema,
};
/** What every operation here shares in the API reference: its tag, and the session of an administrator. */
const adminOnly = { tags: ['admin'], security: needsSession };

// Any string: an id that is not one of ours is unknown (404), whatever its shape.
const idParams = z.object({ id: z.string() });
/** The panel's tier editor: the tier comes from the path, the body holds only the fields to change. */
const tierChangesSchema = updateTierSchema.omit({ tier: true }).meta({ id: 'TierChanges', description: 'The fields of a tier to change' });

/**
 * The admin panel's calls (docs/product/credits-and-tiers.md "What each tier may do", docs/product/api.md "Endpoints"; docs/product/administration.md "Who is an administrator", "Contract details"). Every route here
 * sits behind `requireAdmin` (a plugin-wide hook, so no route can forget it): 401 signed out, 403 for an
 * account without the admin role. Each action is audited by its use case, under the administrator's e-mail.
 */
export async function adminRoutes(app: FastifyInstance) {
  const getPrompts = app.diContainer.get(GetPrompts);
  const updatePrompt = app.diContainer.get(UpdatePrompt);
  const listUsers = app.diContainer.get(ListUsers);
  const deleteUser = app.diContainer.get(DeleteUser);
  const setUserTier = app.diContainer.get(SetUserTier);
  const verifyUserEmail = app.diContainer.get(VerifyUserEmail);
  const refundPayment = app.diContainer.get(RefundPayment);
  const listPromos = app.diContainer.get(ListPromos);
  const createPromo = app.diContainer.get(CreatePromo);
  const deletePromo = app.diContainer.get(DeletePromo);
  const getStats = app.diContainer.get(GetAdminStats);
  const getTrends = app.diContainer.get(GetAdminTrends);
  const listTiers = app.diContainer.get(ListSubscriptionTiers);
  const updateTier = app.diContainer.get(UpdateTier);
  const listAuditLog = app.diContainer.get(ListAuditLog);
  const listOutbox = app.diContainer.get(ListOutbox);
  const typed = app.withTypeProvider<ZodTypeProvider>();

  app.addHook('preValidation', app.requireAdmin);

  typed.get('/api/admin/settings', {
    schema: { ...adminOnly, operationId: 'listPrompts', summary: 'The three AI prompts (free, paid, summary)', response: { 200: settingListSchema.describe('The three prompts'), ...refusals } },
  }, async () => getPrompts.execute());

  typed.post('/api/admin/settings', {
    schema: {
      ...adminOnly, operationId: 'updatePrompt',
      summary: 'Save one prompt (the panel sends one call per prompt); the paid prompt must keep {{STATE}} and {{COUNTRY}}',
      body: updateSettingSchema, response: { 200: settingViewSchema.describe('The prompt as saved'), ...refusals },
    },
  }, async (request, reply) => {
    const result = await updatePrompt.execute(adminActor(request), request.body);
    if (!result.ok) return sendDomainError(reply, result.error);
    return result.value;
  });

  typed.get('/api/admin/users', {
    schema: {
      ...adminOnly, operationId: 'listUsers',
      summary: 'Users, newest first, as a plain array; q searches e-mail and name; the total is in X-Total-Count',
      querystring: userListQuerySchema, response: { 200: z.array(userViewSchema).describe('A page of users; the total in X-Total-Count'), ...refusals },
    },
  }, async (request, reply) => {
    const { users, total } = await listUsers.execute({ search: request.query.q, page: request.query.page, pageSize: request.query.pageSize });
    void reply.header('X-Total-Count', String(total));
    return users.map(toUserView);
  });

  typed.delete('/api/admin/users/:id', {
    schema: {
      ...adminOnly, operationId: 'deleteUser',
      summary: 'Delete an account with its analyses, credits and personal data, keeping its paid invoices anonymised; never an administrator',
      params: idParams, response: { 204: z.null().describe('The account is deleted'), ...refusals },
    },
  }, async (request, reply) => {
    const result = await deleteUser.execute(adminActor(request), request.params.id);
    if (!result.ok) return sendDomainError(reply, result.error);
    return reply.code(204).send(null);
  });

  typed.post('/api/admin/users/:id/verify-email', {
    schema: {
      ...adminOnly, operationId: 'verifyUserEmail',
      summary: 'Mark the account\'s e-mail address verified, as its e-mail link does (an address ADMIN_EMAILS names becomes an administrator); answers the user',
      params: idParams, response: { 200: userViewSchema.describe('The user, verified'), ...refusals },
    },
  }, async (request, reply) => {
    const result = await verifyUserEmail.execute(adminActor(request), request.params.id);
    if (!result.ok) return sendDomainError(reply, result.error);
    return toUserView(result.value);
  });

  typed.post('/api/admin/update-user-tier', {
    schema: {
      ...adminOnly, operationId: 'setUserTier',
      summary: 'Move a user to a tier and set their credits (through the ledger); answers the updated user',
      body: updateUserTierSchema, response: { 200: userViewSchema.describe('The updated user'), ...refusals },
    },
  }, async (request, reply) => {
    const result = await setUserTier.execute(adminActor(request), request.body);
    if (!result.ok) return sendDomainError(reply, result.error);
    return toUserView(result.value);
  });

  typed.post('/api/admin/refund', {
    schema: {
      ...adminOnly, operationId: 'refundPayment',
      summary: 'Refund part or all of the user\'s latest payment through Stripe, never more than was paid',
      body: refundSchema, response: { 200: refundResponseSchema.describe('Refunded through Stripe'), ...refusals },
    },
  }, async (request, reply) => {
    const result = await refundPayment.execute(adminActor(request), request.body);
    if (!result.ok) return sendDomainError(reply, result.error);
    return result.value;
  });

  typed.get('/api/admin/promo-codes', {
    schema: { ...adminOnly, operationId: 'listPromoCodes', summary: 'Every promo code, newest first', response: { 200: z.array(promoCodeViewSchema).describe('Every promo code'), ...refusals } },
  }, async () => (await listPromos.execute()).map(toPromoCodeView));

  typed.post('/api/admin/promo-codes', {
    schema: {
      ...adminOnly, operationId: 'createPromoCode',
      summary: 'Create a promo code (credits, or a first-month discount)',
      body: createPromoSchema, response: { 201: promoCodeViewSchema.describe('The new code'), ...refusals },
    },
  }, async (request, reply) => {
    const result = await createPromo.execute(adminActor(request), request.body);
    if (!result.ok) return sendDomainError(reply, result.error);
    return reply.code(201).send(toPromoCodeView(result.value));
  });

  typed.delete('/api/admin/promo-codes/:id', {
    schema: {
      ...adminOnly, operationId: 'deletePromoCode',
      summary: 'Delete a promo code; credits it already granted stay',
      params: idParams, response: { 204: z.null().describe('The code is deleted'), ...refusals },
    },
  }, async (request, reply) => {
    const result = await deletePromo.execute(adminActor(request), request.params.id);
    if (!result.ok) return sendDomainError(reply, result.error);
    return reply.code(204).send(null);
  });

  typed.get('/api/admin/stats', {
    schema: { ...adminOnly, operationId: 'getAdminStats', summary: 'Users by tier, administrators, analyses and credits spent', response: { 200: adminStatsSchema.describe('The figures'), ...refusals } },
  }, async () => getStats.execute());

  // A route of its own, not more fields on /api/admin/stats: that answer stays the spec's figures (and what
  // `civicwatch stats --json` prints), and the panel shows them while the heavier per-day series load.
  typed.get('/api/admin/stats/trends', {
    schema: {
      ...adminOnly, operationId: 'getAdminTrends',
      summary: 'Analyses stored, accounts created and revenue (payments less refunds, in cents) on each of the last 30 UTC days, today included',
      response: { 200: adminTrendsSchema.describe('One entry per day, oldest first'), ...refusals },
    },
  }, async () => getTrends.execute());

  typed.get('/api/admin/tiers', {
    schema: { ...adminOnly, operationId: 'listAllTiers', summary: 'The subscription tiers, with their limits and Stripe price ids', response: { 200: subscriptionTierListSchema.describe('Every tier, switched off ones too'), ...refusals } },
  }, async () => (await listTiers.execute({ includeInactive: true })).map(toTierView));

  typed.patch('/api/admin/tiers/:id', {
    schema: {
      ...adminOnly, operationId: 'updateTier',
      summary: 'Change a tier: price (whole dollars), credits, page and character limits, features, Stripe price id, active',
      params: idParams, body: tierChangesSchema, response: { 200: subscriptionTierSchema.describe('The tier as changed'), ...refusals },
    },
  }, async (request, reply) => {
    const tier = normalizeTierId(request.params.id);
    if (!tier) return sendDomainError(reply, domainError('not_found', 'No such tier'));
    const result = await updateTier.execute(adminActor(request), { ...request.body, tier });
    if (!result.ok) return sendDomainError(reply, result.error);
    return toTierView(result.value);
  });

  typed.get('/api/admin/audit', {
    schema: {
      ...adminOnly, operationId: 'listAuditLog',
      summary: 'The audit log, newest first; the total is in X-Total-Count',
      querystring: auditListQuerySchema, response: { 200: auditEntryListSchema.describe('A page of the log; the total in X-Total-Count'), ...refusals },
    },
  }, async (request, reply) => {
    const { entries, total } = await listAuditLog.execute(request.query);
    void reply.header('X-Total-Count', String(total));
    return entries.map(toAuditEntryView);
  });

  typed.get('/api/admin/outbox', {
    schema: {
      ...adminOnly, operationId: 'listOutbox',
      summary: 'The e-mail outbox, newest first: each message whole, pending, sent or failed, with its attempts and last error; '
        + 'the total is in X-Total-Count',
      querystring: outboxListQuerySchema, response: { 200: outboxMessageListSchema.describe('A page of the outbox; the total in X-Total-Count'), ...refusals },
    },
  }, async (request, reply) => {
    const { page, pageSize } = request.query;
    const { messages, total } = await listOutbox.execute({ offset: (page - 1) * pageSize, limit: pageSize });
    void reply.header('X-Total-Count', String(total));
    return messages.map(toOutboxMessageView);
  });
}
