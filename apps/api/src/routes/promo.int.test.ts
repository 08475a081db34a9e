import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreatePromo, createPromoSchema } from '@civicwatch/core';
import { buildTestApp, sessionCookie, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(async () => { await t?.close(); });

let n = 0;
/** A signed-in Citizen (1 credit); answers the session cookie. */
const signUp = async () => {
  n += 1;
  const res = await t.app.inject({ method: 'POST', url: '/api/register', payload: { firstName: `Voter${n}`, email: `voter${n}@example.org`, password: 'secret1' } });
  expect(res.statusCode).toBe(201);
  return sessionCookie(res);
};

/** Codes are made as `civicwatch promo create` makes them. */
const createCode = async (fields: Record<string, unknown>) => {
  const result = await t.runtime.container.get(CreatePromo).execute({ userId: null, label: 'test' }, createPromoSchema.parse({ expiresAt: '2099-12-31', ...fields }));
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};

const post = (url: string, cookie: string | undefined, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers: cookie ? { cookie } : {} });

describe('POST /api/validate-promo', () => {
  it('answers type, credits and discount for a code typed in lower case', async () => {
    const cookie = await signUp();
    await createCode({ code: 'CIVIC5', credits: 5, maxUses: 10 });
    await createCode({ code: 'HALFOFF', type: 'discount', discountPercent: 50, maxUses: 10 });
    const credits = await post('/api/validate-promo', cookie, { code: ' civic5 ' });
    expect(credits.statusCode).toBe(200);
    expect(credits.json()).toEqual({ type: 'credits', credits: 5, discountPercent: 0 });
    expect((await post('/api/validate-promo', cookie, { code: 'halfoff' })).json()).toEqual({ type: 'discount', credits: 0, discountPercent: 50 });
  });

  it('needs sign-in', async () => {
    const res = await post('/api/validate-promo', undefined, { code: 'CIVIC5' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'auth.unauthorized', message: 'Unauthorized' });
  });

  it('answers 400 "Please enter a promo code" for an empty or missing code', async () => {
    const cookie = await signUp();
    for (const payload of [{ code: '   ' }, {}]) {
      const res = await post('/api/validate-promo', cookie, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'validation.invalid', message: 'Please enter a promo code' });
    }
  });

  it('answers 404 for an unknown code and 410 for an inactive one, with their messages', async () => {
    const cookie = await signUp();
    await createCode({ code: 'SLEEPING', credits: 1, isActive: false });
    const unknown = await post('/api/validate-promo', cookie, { code: 'NOSUCHCODE' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'promo.not_found', message: 'This promo code does not exist' });
    const inactive = await post('/api/validate-promo', cookie, { code: 'SLEEPING' });
    expect(inactive.statusCode).toBe(410);
    expect(inactive.json()).toEqual({ code: 'promo.inactive', message: 'This promo code is no longer active' });
  });
});

describe('POST /api/redeem-promo', () => {
  it('grants the credits and answers them with the new balance, which the current user shows', async () => {
    const cookie = await signUp();
    await createCode({ code: 'WELCOME10', credits: 10, maxUses: 10 });
    const res = await post('/api/redeem-promo', cookie, { code: 'welcome10' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ credits: 10, balance: 11 });
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(me.json().credits).toBe(11);
  });

  it('answers 409 when this account already redeemed the code, granting nothing more', async () => {
    const cookie = await signUp();
    await createCode({ code: 'TWICE', credits: 3, maxUses: 10 });
    expect((await post('/api/redeem-promo', cookie, { code: 'TWICE' })).statusCode).toBe(200);
    const again = await post('/api/redeem-promo', cookie, { code: 'TWICE' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'promo.already_redeemed', message: 'You have already redeemed this promo code' });
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).json().credits).toBe(4);
  });

  it('answers 410 once a code has been used its max number of times', async () => {
    await createCode({ code: 'SOLO', credits: 2 });
    expect((await post('/api/redeem-promo', await signUp(), { code: 'SOLO' })).statusCode).toBe(200);
    const late = await post('/api/redeem-promo', await signUp(), { code: 'SOLO' });
    expect(late.statusCode).toBe(410);
    expect(late.json()).toEqual({ code: 'promo.used_up', message: 'This promo code has reached its usage limit' });
  });

  it('answers 410 for an expired code', async () => {
    const promo = await createCode({ code: 'BYGONE', credits: 2 });
    await t.runtime.database.orm.em.fork().execute("update promo_codes set expires_at = now() - interval '1 day' where id = ?", [promo.id]);
    const res = await post('/api/redeem-promo', await signUp(), { code: 'BYGONE' });
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({ code: 'promo.expired', message: 'This promo code has expired' });
  });

  it('answers 400 for a discount code, which applies at checkout', async () => {
    await createCode({ code: 'TENOFF', type: 'discount', discountPercent: 10 });
    const res = await post('/api/redeem-promo', await signUp(), { code: 'TENOFF' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'promo.checkout_only', message: 'This is a discount code: apply it at checkout when you choose a plan' });
  });

  it('answers 400 for an empty code, 404 for an unknown one and 401 when signed out', async () => {
    const cookie = await signUp();
    expect((await post('/api/redeem-promo', cookie, { code: '' })).json()).toEqual({ code: 'validation.invalid', message: 'Please enter a promo code' });
    expect((await post('/api/redeem-promo', cookie, { code: 'NOSUCHCODE' })).statusCode).toBe(404);
    expect((await post('/api/redeem-promo', undefined, { code: 'WELCOME10' })).statusCode).toBe(401);
  });
});
