import type { z } from 'zod';
import {
  GetCurrentUser, LogIn, RegisterUser, UnitOfWork, UpdateProfile, profileUpdateSchema, registerSchema, signInSchema,
  toUserView, type Result, type User,
} from '@civicwatch/core';
import type { Runtime } from '@civicwatch/adapters/container/container.ts';
import type { Accounts, Outcome } from './accounts.ability.ts';

/** Validates with the same contract the API uses, then calls the use case; the "session" is a user id. */
const parseOr = <S extends z.ZodType>(schema: S, input: unknown): Outcome<z.infer<S>> => {
  const parsed = schema.safeParse(input);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, code: 'validation.invalid', message: parsed.error.issues[0]?.message ?? 'Invalid input' };
};

const toOutcome = (result: Result<User>): Outcome<ReturnType<typeof toUserView>> =>
  result.ok ? { ok: true, value: toUserView(result.value) } : { ok: false, code: result.error.code, message: result.error.message };

/** The signed-in user of the use-case wiring, shared with the other abilities of one scenario. */
export interface UseCaseSession {
  userId?: string;
}

export function useCaseAccounts(runtime: Runtime, session: UseCaseSession = {}): Accounts {
  const get = <T>(token: unknown) => runtime.container.get<T>(token as never);

  return {
    async register(input) {
      const parsed = parseOr(registerSchema, input);
      if (!parsed.ok) return parsed;
      const result = await get<RegisterUser>(RegisterUser).execute(parsed.value);
      if (result.ok) session.userId = result.value.id;
      return toOutcome(result);
    },
    async signIn(email, password) {
      const parsed = parseOr(signInSchema, { email, password });
      if (!parsed.ok) return parsed;
      const result = await get<LogIn>(LogIn).execute(parsed.value);
      if (result.ok) session.userId = result.value.id;
      return toOutcome(result);
    },
    async signOut() {
      session.userId = undefined;
    },
    async currentUser() {
      const result = await get<GetCurrentUser>(GetCurrentUser).execute(session.userId);
      return result.ok ? toUserView(result.value) : null;
    },
    async updateProfile(fields) {
      const parsed = parseOr(profileUpdateSchema, fields);
      if (!parsed.ok) return parsed;
      if (!session.userId) return { ok: false, code: 'auth.unauthorized', message: 'Unauthorized' };
      return toOutcome(await get<UpdateProfile>(UpdateProfile).execute(session.userId, parsed.value));
    },
    creditHistory: (userId) => get<UnitOfWork>(UnitOfWork).run(({ ledger }) => ledger.history(userId)),
  };
}
