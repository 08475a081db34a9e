import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ShareLinkView, SharedAnalysis } from '@civicwatch/core';
import type { Outcome } from './accounts.ability.ts';
import type { HttpSession } from './http-accounts.ts';
import type { Sharing } from './sharing.ability.ts';

const outcome = <T>(response: LightMyRequestResponse): Outcome<T> => {
  if (response.statusCode < 300) return { ok: true, value: (response.body ? response.json() : null) as T };
  const body = response.json();
  return { ok: false, code: body.code, message: body.message };
};

/** Drives the API as the Share Analysis dialog and the /shared page do. */
export function httpSharing(app: FastifyInstance, session: HttpSession): Sharing {
  const headers = () => (session.cookie ? { cookie: session.cookie } : {});
  const sharePath = (id: string) => `/api/analyses/${encodeURIComponent(id)}/share`;

  return {
    share: async (id) => outcome<ShareLinkView>(await app.inject({ method: 'POST', url: sharePath(id), headers: headers() })),
    unshare: async (id) => outcome<null>(await app.inject({ method: 'DELETE', url: sharePath(id), headers: headers() })),
    openShared: async (token) =>
      outcome<SharedAnalysis>(await app.inject({ method: 'GET', url: `/api/shared/${encodeURIComponent(token)}`, headers: headers() })),
  };
}
