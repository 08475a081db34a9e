import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { PromoValidation, RedeemPromoResponse } from '@civicwatch/core';
import type { Outcome } from './accounts.ability.ts';
import type { Promos } from './promos.ability.ts';
import type { HttpSession } from './http-accounts.ts';

const outcome = <T>(response: LightMyRequestResponse): Outcome<T> => {
  const body = response.json();
  return response.statusCode < 300 ? { ok: true, value: body as T } : { ok: false, code: body.code, message: body.message };
};

/** Drives the API as the checkout and redeem pages do: JSON `{ code }` with the session cookie. */
export function httpPromos(app: FastifyInstance, session: HttpSession): Promos {
  const post = (url: string, code: string) =>
    app.inject({ method: 'POST', url, payload: { code }, headers: session.cookie ? { cookie: session.cookie } : {} });
  return {
    check: async (code) => outcome<PromoValidation>(await post('/api/validate-promo', code)),
    redeem: async (code) => outcome<RedeemPromoResponse>(await post('/api/redeem-promo', code)),
  };
}
