import type { z } from 'zod';
import {
  DeleteAccount, ExportAccount, ListCreditHistory, UpdateEmailPreferences,
  creditHistoryQuerySchema, deleteAccountSchema, emailPreferencesSchema, toAccountExport, toCreditHistoryEntry, toUserView,
} from '@civicwatch/core';
import type { Runtime } from '@civicwatch/adapters/container/container.ts';
import type { AccountData } from './account-data.ability.ts';
import type { Outcome } from './accounts.ability.ts';
import type { UseCaseSession } from './use-case-accounts.ts';

const signedOut = { ok: false, code: 'auth.unauthorized', message: 'Unauthorized' } as const;

/** Validates with the contracts the API uses, then calls the use cases as the session's user. */
export function useCaseAccountData(runtime: Runtime, session: UseCaseSession): AccountData {
  /** The parsed input and the signed-in user, or the refusal the API would answer first. */
  const parse = <S extends z.ZodType>(schema: S, input: unknown): Outcome<{ userId: string; input: z.output<S> }> => {
    if (!session.userId) return signedOut;
    const parsed = schema.safeParse(input);
    return parsed.success
      ? { ok: true, value: { userId: session.userId, input: parsed.data } }
      : { ok: false, code: 'validation.invalid', message: parsed.error.issues[0]?.message ?? 'Invalid input' };
  };

  return {
    async updateEmailPreferences(preferences) {
      const parsed = parse(emailPreferencesSchema, preferences);
      if (!parsed.ok) return parsed;
      const result = await runtime.container.get(UpdateEmailPreferences).execute(parsed.value.userId, parsed.value.input);
      return result.ok ? { ok: true, value: toUserView(result.value) } : { ok: false, code: result.error.code, message: result.error.message };
    },
    async creditHistory(page = 1) {
      const parsed = parse(creditHistoryQuerySchema, { page });
      if (!parsed.ok) return parsed;
      const { entries, total } = await runtime.container.get(ListCreditHistory).execute(parsed.value.userId, parsed.value.input);
      return { ok: true, value: { entries: entries.map(toCreditHistoryEntry), total } };
    },
    async exportData() {
      if (!session.userId) return signedOut;
      const result = await runtime.container.get(ExportAccount).execute(session.userId);
      return result.ok
        ? { ok: true, value: toAccountExport(result.value, runtime.config.publicUrl) }
        : { ok: false, code: result.error.code, message: result.error.message };
    },
    async deleteAccount(password) {
      const parsed = parse(deleteAccountSchema, { password });
      if (!parsed.ok) return parsed;
      const result = await runtime.container.get(DeleteAccount).execute(parsed.value.userId, parsed.value.input);
      if (!result.ok) return { ok: false, code: result.error.code, message: result.error.message };
      session.userId = undefined;
      return { ok: true, value: undefined };
    },
  };
}
