import { RedeemPromo, ValidatePromo, promoCodeInputSchema, type DomainError, type Result } from '@civicwatch/core';
import type { Runtime } from '@civicwatch/adapters/container/container.ts';
import type { Outcome } from './accounts.ability.ts';
import type { Promos } from './promos.ability.ts';
import type { UseCaseSession } from './use-case-accounts.ts';

const toOutcome = <T>(result: Result<T, DomainError>): Outcome<T> =>
  result.ok ? result : { ok: false, code: result.error.code, message: result.error.message };

/** Validates with the contract the API uses, then calls the use case as the session's user. */
export function useCasePromos(runtime: Runtime, session: UseCaseSession): Promos {
  const withCode = async <T>(code: string, run: (userId: string, code: string) => Promise<Result<T, DomainError>>): Promise<Outcome<T>> => {
    const parsed = promoCodeInputSchema.safeParse({ code });
    if (!parsed.success) return { ok: false, code: 'validation.invalid', message: parsed.error.issues[0]?.message ?? 'Invalid input' };
    if (!session.userId) return { ok: false, code: 'auth.unauthorized', message: 'Unauthorized' };
    return toOutcome(await run(session.userId, parsed.data.code));
  };
  return {
    check: (code) => withCode(code, (userId, c) => runtime.container.get(ValidatePromo).execute(userId, c)),
    redeem: (code) => withCode(code, (userId, c) => runtime.container.get(RedeemPromo).execute(userId, c)),
  };
}
