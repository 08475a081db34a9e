import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { AccountExport, CreditHistoryEntry, UserView } from '@civicwatch/core';
import type { AccountData } from './account-data.ability.ts';
import type { Outcome } from './accounts.ability.ts';
import type { HttpSession } from './http-accounts.ts';

const refusal = (response: LightMyRequestResponse): Outcome<never> => {
  const body = response.json<{ code: string; message: string }>();
  return { ok: false, code: body.code, message: body.message, status: response.statusCode };
};
const outcome = <T>(response: LightMyRequestResponse): Outcome<T> =>
  (response.statusCode < 300 ? { ok: true, value: response.json<T>() } : refusal(response));

/** Drives the API as the account settings page does: JSON bodies, the session cookie carried between calls. */
export function httpAccountData(app: FastifyInstance, session: HttpSession): AccountData {
  const call = async (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) => {
    const response = await app.inject({
      method, url, ...(payload ? { payload } : {}), headers: session.cookie ? { cookie: session.cookie } : {},
      ...(session.remoteAddress ? { remoteAddress: session.remoteAddress } : {}),
    });
    // Deleting the account clears the cookie, as the browser then forgets it.
    const set = response.cookies.find((c) => c.name === 'civicwatch.sid');
    if (set) session.cookie = set.value ? `${set.name}=${set.value}` : undefined;
    return response;
  };

  return {
    updateEmailPreferences: async (preferences) => outcome<UserView>(await call('PUT', '/api/account/email-preferences', preferences)),
    creditHistory: async (page = 1) => {
      const response = await call('GET', `/api/credits/history?page=${page}`);
      if (response.statusCode >= 300) return refusal(response);
      return { ok: true, value: { entries: response.json<CreditHistoryEntry[]>(), total: Number(response.headers['x-total-count']) } };
    },
    exportData: async () => outcome<AccountExport>(await call('GET', '/api/account/export')),
    deleteAccount: async (password) => {
      const response = await call('DELETE', '/api/account', { password });
      return response.statusCode === 204 ? { ok: true, value: undefined } : refusal(response);
    },
  };
}
