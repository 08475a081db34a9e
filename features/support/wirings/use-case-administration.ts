import type { z } from 'zod';
import {
  CreatePromo, DeletePromo, DeleteUser, GetAdminStats, GetCurrentUser, GetPrompts, GrantCredits, ListAuditLog, ListPromos, ListUsers,
  RefundPayment, SetAdminRole, SetUserTier, UpdatePrompt, UpdateTier, VerifyUserEmail,
  adminEmailSchema, createPromoSchema, grantCreditsSchema, refundSchema, toAuditEntryView, toPromoCodeView, toTierView, toUserView,
  updateSettingSchema, updateTierSchema, updateUserTierSchema,
  type AdminActor, type DomainError, type Result,
} from '@civicwatch/core';
import type { Runtime } from '@civicwatch/adapters/container/container.ts';
import type { Outcome } from './accounts.ability.ts';
import type { Administration } from './administration.ability.ts';
import type { UseCaseSession } from './use-case-accounts.ts';

const refused = (error: DomainError): Outcome<never> => ({ ok: false, code: error.code, message: error.message });
const mapped = <T, V>(result: Result<T, DomainError>, view: (value: T) => V): Outcome<V> =>
  (result.ok ? { ok: true, value: view(result.value) } : refused(result.error));

/** Parses with the contract the API uses; a refusal carries the first message, as the API's 400 does. */
const parse = <S extends z.ZodType>(schema: S, input: unknown): Outcome<z.output<S>> => {
  const parsed = schema.safeParse(input);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, code: 'validation.invalid', message: parsed.error.issues[0]?.message ?? 'Invalid input' };
};

/**
 * Calls the admin use cases with the session's signed-in administrator as the actor, named by e-mail as the
 * API names it. The use cases trust their caller: the role check is the driving adapter's (the API's guard),
 * so this wiring acts only for an administrator and scenarios about the guard run over HTTP alone.
 */
export function useCaseAdministration(runtime: Runtime, session: UseCaseSession): Administration {
  const get = <T>(token: unknown) => runtime.container.get<T>(token as never);
  const actor = async (): Promise<AdminActor> => {
    const me = await get<GetCurrentUser>(GetCurrentUser).execute(session.userId);
    if (!me.ok || me.value.role !== 'admin') {
      throw new Error('The use cases trust their caller to be an administrator: a scenario about who may administer is @http-only');
    }
    return { userId: me.value.id, label: me.value.email };
  };

  return {
    actorLabel: async () => (await actor()).label,
    async prompts() {
      await actor();
      return { ok: true, value: await get<GetPrompts>(GetPrompts).execute() };
    },
    async savePrompt(key, value) {
      const input = parse(updateSettingSchema, { key, value });
      if (!input.ok) return input;
      return mapped(await get<UpdatePrompt>(UpdatePrompt).execute(await actor(), input.value), (saved) => saved);
    },
    async users() {
      await actor();
      const { users } = await get<ListUsers>(ListUsers).execute({ page: 1, pageSize: 50 });
      return { ok: true, value: users.map(toUserView) };
    },
    async setPlan(account, tier, credits) {
      const input = parse(updateUserTierSchema, { userId: account.id, tier, credits });
      if (!input.ok) return input;
      return mapped(await get<SetUserTier>(SetUserTier).execute(await actor(), input.value), toUserView);
    },
    async grantCredits(account, credits, reason) {
      const input = parse(grantCreditsSchema, { userId: account.id, credits, reason });
      if (!input.ok) return input;
      return mapped(await get<GrantCredits>(GrantCredits).execute(await actor(), input.value), (granted) => granted);
    },
    verifyEmail: async (account) => mapped(await get<VerifyUserEmail>(VerifyUserEmail).execute(await actor(), account.id), toUserView),
    async deleteUser(account) {
      return mapped(await get<DeleteUser>(DeleteUser).execute(await actor(), account.id), () => null);
    },
    async refund(account, dollars, reason) {
      const input = parse(refundSchema, { userId: account.id, amount: dollars, reason });
      if (!input.ok) return input;
      return mapped(await get<RefundPayment>(RefundPayment).execute(await actor(), input.value), (answer) => answer);
    },
    async createPromo(form) {
      // The fields as typed, the date alone included: the contract reads them as the panel and the CLI do.
      const input = parse(createPromoSchema, {
        code: form.code,
        type: form.kind,
        ...(form.kind === 'credits' ? { credits: form.amount } : { discountPercent: form.amount }),
        ...(form.maxUses ? { maxUses: form.maxUses } : {}),
        expiresAt: form.expiryDate,
      });
      if (!input.ok) return input;
      return mapped(await get<CreatePromo>(CreatePromo).execute(await actor(), input.value), toPromoCodeView);
    },
    async promos() {
      await actor();
      return { ok: true, value: (await get<ListPromos>(ListPromos).execute()).map(toPromoCodeView) };
    },
    async deletePromo(code) {
      return mapped(await get<DeletePromo>(DeletePromo).execute(await actor(), code), () => null);
    },
    async stats() {
      await actor();
      return { ok: true, value: await get<GetAdminStats>(GetAdminStats).execute() };
    },
    async changeTier(tier, changes) {
      const input = parse(updateTierSchema, { tier, ...changes });
      if (!input.ok) return input;
      return mapped(await get<UpdateTier>(UpdateTier).execute(await actor(), input.value), toTierView);
    },
    async auditLog() {
      await actor();
      const { entries } = await get<ListAuditLog>(ListAuditLog).execute({ page: 1, pageSize: 50 });
      return { ok: true, value: entries.map(toAuditEntryView) };
    },
    async setAdminRole(email, role) {
      const parsed = parse(adminEmailSchema, email);
      if (!parsed.ok) return parsed;
      return mapped(await get<SetAdminRole>(SetAdminRole).execute(await actor(), parsed.value, role), toUserView);
    },
  };
}
