import { CreateShareLink, GetSharedAnalysis, RevokeShareLink, toShareLinkView, type DomainError } from '@civicwatch/core';
import type { Runtime } from '@civicwatch/adapters/container/container.ts';
import type { Outcome } from './accounts.ability.ts';
import type { Sharing } from './sharing.ability.ts';
import type { UseCaseSession } from './use-case-accounts.ts';

const refused = (error: DomainError): Outcome<never> => ({ ok: false, code: error.code, message: error.message });
const unauthorized: Outcome<never> = { ok: false, code: 'auth.unauthorized', message: 'Unauthorized' };

/** Calls the sharing use cases as the signed-in user of the session; following a link needs no session. */
export function useCaseSharing(runtime: Runtime, session: UseCaseSession): Sharing {
  const get = <T>(token: unknown) => runtime.container.get<T>(token as never);

  return {
    async share(analysisId) {
      if (!session.userId) return unauthorized;
      const result = await get<CreateShareLink>(CreateShareLink).execute(session.userId, analysisId);
      return result.ok ? { ok: true, value: toShareLinkView(result.value, runtime.config.publicUrl) } : refused(result.error);
    },
    async unshare(analysisId) {
      if (!session.userId) return unauthorized;
      const result = await get<RevokeShareLink>(RevokeShareLink).execute(session.userId, analysisId);
      return result.ok ? { ok: true, value: null } : refused(result.error);
    },
    async openShared(token) {
      const result = await get<GetSharedAnalysis>(GetSharedAnalysis).execute(token);
      return result.ok ? { ok: true, value: result.value } : refused(result.error);
    },
  };
}
