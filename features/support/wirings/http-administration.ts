import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { normalizePromoCode, type PromoCodeView, type UserView } from '@civicwatch/core';
import type { Outcome } from './accounts.ability.ts';
import { panelPromoRequest, type Administration, type AuditEntryView } from './administration.ability.ts';
import type { HttpSession } from './http-accounts.ts';

/** A refusal keeps its status: the guard's 401 and 403 are part of the contract (docs/product/api.md "Errors"). */
const outcome = <T>(response: LightMyRequestResponse): Outcome<T> => {
  if (response.statusCode < 300) return { ok: true, value: (response.body ? response.json() : null) as T };
  const body = response.json<{ code: string; message: string }>();
  return { ok: false, code: body.code, message: body.message, status: response.statusCode };
};

const notOffered = (action: string): never => {
  throw new Error(`The admin API has no route for ${action}: tag the scenario @no-api-route`);
};

/** Drives the admin panel's calls (docs/product/api.md "Endpoints", docs/product/api.md "Errors") with the session's cookie. */
export function httpAdministration(app: FastifyInstance, session: HttpSession): Administration {
  const call = async <T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
    outcome<T>(await app.inject({
      method, url, ...(payload ? { payload } : {}),
      headers: session.cookie ? { cookie: session.cookie } : {},
      ...(session.remoteAddress ? { remoteAddress: session.remoteAddress } : {}),
    }));

  return {
    async actorLabel() {
      const me = await call<UserView>('GET', '/api/user');
      if (!me.ok) throw new Error(`nobody is signed in in this session: ${me.message}`);
      return me.value.email;
    },
    prompts: () => call('GET', '/api/admin/settings'),
    savePrompt: (key, value) => call('POST', '/api/admin/settings', { key, value }),
    users: () => call('GET', '/api/admin/users'),
    setPlan: (account, tier, credits) => call('POST', '/api/admin/update-user-tier', { userId: account.id, tier, credits }),
    grantCredits: () => notOffered('granting credits'),
    deleteUser: (account) => call('DELETE', `/api/admin/users/${encodeURIComponent(account.id)}`),
    verifyEmail: (account) => call('POST', `/api/admin/users/${encodeURIComponent(account.id)}/verify-email`),
    refund: (account, dollars, reason) => call('POST', '/api/admin/refund', { userId: account.id, amount: dollars, reason }),
    createPromo: (form) => call('POST', '/api/admin/promo-codes', panelPromoRequest(form)),
    promos: () => call('GET', '/api/admin/promo-codes'),
    async deletePromo(code) {
      // The panel deletes by id, from its list of codes.
      const listed = await call<PromoCodeView[]>('GET', '/api/admin/promo-codes');
      if (!listed.ok) return listed;
      const promo = listed.value.find((p) => p.code === normalizePromoCode(code));
      return call('DELETE', `/api/admin/promo-codes/${encodeURIComponent(promo?.id ?? code)}`);
    },
    stats: () => call('GET', '/api/admin/stats'),
    changeTier: (tier, changes) => call('PATCH', `/api/admin/tiers/${encodeURIComponent(tier)}`, { ...changes }),
    auditLog: () => call<AuditEntryView[]>('GET', '/api/admin/audit'),
    setAdminRole: () => notOffered('granting or revoking the admin role'),
  };
}
