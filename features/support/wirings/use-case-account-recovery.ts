import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  ChangePassword, ConfirmEmailChange, GetCurrentUser, LogIn, PASSWORD_RESET_REQUESTED_MESSAGE, RequestEmailChange, RequestPasswordReset,
  ResetPassword, SendEmailVerification, VerifyEmail, accountLinkSchema, changeEmailSchema, changePasswordSchema, forgotPasswordSchema,
  resetPasswordSchema, signInSchema, type DomainError, type Result,
} from '@civicwatch/core';
import type { Runtime } from '@civicwatch/adapters/container/container.ts';
import type { AccountRecovery } from './account-recovery.ability.ts';
import type { Outcome } from './accounts.ability.ts';
import type { UseCaseSession } from './use-case-accounts.ts';

const signedOut = { ok: false, code: 'auth.unauthorized', message: 'Unauthorized' } as const;
const toOutcome = <T>(result: Result<T, DomainError>): Outcome<T> =>
  result.ok ? result : { ok: false, code: result.error.code, message: result.error.message };

/**
 * Validates with the contracts the API uses, then calls the use cases; signed-in actions act as the session's
 * user. This wiring's session is a user id, not a row of the sessions table, so a change of password leaves it
 * alone; another device is a real session row, written as the API's session store writes it at sign-in.
 */
export function useCaseAccountRecovery(runtime: Runtime, session: UseCaseSession): AccountRecovery {
  const get = runtime.container.get.bind(runtime.container);
  const parse = <S extends z.ZodType>(schema: S, input: unknown): Outcome<z.output<S>> => {
    const parsed = schema.safeParse(input);
    return parsed.success
      ? { ok: true, value: parsed.data }
      : { ok: false, code: 'validation.invalid', message: parsed.error.issues[0]?.message ?? 'Invalid input' };
  };

  return {
    async forgotPassword(email) {
      const parsed = parse(forgotPasswordSchema, { email });
      if (!parsed.ok) return parsed;
      await get(RequestPasswordReset).execute(parsed.value);
      return { ok: true, value: { message: PASSWORD_RESET_REQUESTED_MESSAGE } };
    },
    async resetPassword(token, password) {
      const parsed = parse(resetPasswordSchema, { token, password });
      return parsed.ok ? toOutcome(await get(ResetPassword).execute(parsed.value)) : parsed;
    },
    async verifyEmail(token) {
      const parsed = parse(accountLinkSchema, { token });
      return parsed.ok ? toOutcome(await get(VerifyEmail).execute(parsed.value.token)) : parsed;
    },
    async resendVerification() {
      return session.userId ? toOutcome(await get(SendEmailVerification).execute(session.userId)) : signedOut;
    },
    async changePassword(currentPassword, newPassword) {
      if (!session.userId) return signedOut;
      const parsed = parse(changePasswordSchema, { currentPassword, newPassword });
      return parsed.ok ? toOutcome(await get(ChangePassword).execute(session.userId, parsed.value)) : parsed;
    },
    async changeEmail(newEmail, password) {
      if (!session.userId) return signedOut;
      const parsed = parse(changeEmailSchema, { newEmail, password });
      return parsed.ok ? toOutcome(await get(RequestEmailChange).execute(session.userId, parsed.value)) : parsed;
    },
    async confirmEmailChange(token) {
      const parsed = parse(accountLinkSchema, { token });
      return parsed.ok ? toOutcome(await get(ConfirmEmailChange).execute(parsed.value.token)) : parsed;
    },
    async signInOnAnotherDevice(email, password) {
      const signedIn = await get(LogIn).execute(signInSchema.parse({ email, password }));
      if (!signedIn.ok) throw new Error(`signing in on another device: ${signedIn.error.message}`);
      const sid = randomUUID();
      const store = runtime.database.sessionStore;
      await store.save(sid, { cookie: { expires: new Date(Date.now() + 3_600_000) }, userId: signedIn.value.id });
      return {
        isSignedIn: async () => {
          const stored = await store.load(sid);
          return typeof stored?.userId === 'string' && (await get(GetCurrentUser).execute(stored.userId)).ok;
        },
      };
    },
  };
}
