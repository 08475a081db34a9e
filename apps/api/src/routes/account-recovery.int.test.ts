import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListOutbox, type OutboxMessage } from '@civicwatch/core';
import { accountLinkToken, buildTestApp, sessionCookie, type TestApp } from '../testing/test-app.ts';
import { RESET_EMAILS_PER_HOUR } from '../plugins/auth-rate-limit.ts';
import { VERIFICATION_EMAILS_PER_HOUR } from './account-recovery.routes.ts';

let t: TestApp;
beforeAll(async () => {
  // Plain http: the injected requests are, and the session cookie is Secure only behind https.
  t = await buildTestApp({ PUBLIC_URL: 'http://civicwatch.example' });
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
/** Each person signs up from an address of their own, so the per-address budgets are theirs alone. */
const signUp = async () => {
  n += 1;
  const email = `citizen${n}@example.org`;
  const remoteAddress = `10.7.${n}.1`;
  const res = await t.app.inject({ method: 'POST', url: '/api/register', payload: { firstName: `Citizen${n}`, email, password: 'secret1' }, remoteAddress });
  expect(res.statusCode).toBe(201);
  return { email, remoteAddress, cookie: sessionCookie(res) };
};
type Person = Awaited<ReturnType<typeof signUp>>;
const post = (url: string, payload: Record<string, unknown> | undefined, options: { cookie?: string; remoteAddress?: string } = {}) =>
  t.app.inject({
    method: 'POST', url, ...(payload ? { payload } : {}),
    headers: options.cookie ? { cookie: options.cookie } : {}, ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
const signIn = (person: Person, password: string) => post('/api/login', { email: person.email, password }, { remoteAddress: person.remoteAddress });
const currentUser = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
const mailTo = async (email: string): Promise<OutboxMessage[]> =>
  (await t.runtime.container.get(ListOutbox).execute({ limit: 100 })).messages.filter((m) => m.to === email);
const forgot = (person: Person) => post('/api/password/forgot', { email: person.email }, { remoteAddress: person.remoteAddress });
const resetToken = (person: Person) => accountLinkToken(t, person.email, '/reset-password');

describe('POST /api/password/forgot', () => {
  const answer = {
    message: 'If an account uses this e-mail address, we have sent it a link to choose a new password. The link works for one hour.',
  };

  it('answers 202 and e-mails a reset link to the public address, storing only the hash of its token', async () => {
    const rosa = await signUp();
    const res = await forgot(rosa);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual(answer);
    const [mail] = (await mailTo(rosa.email)).filter((m) => m.kind === 'password_reset');
    expect(mail?.text).toMatch(/http:\/\/civicwatch\.example\/reset-password\?token=[A-Za-z0-9_-]{32}\n/);
    const token = await resetToken(rosa);
    const [row] = await t.runtime.database.orm.em.fork().execute<Array<{ token_hash: string }>>(
      `select token_hash from account_tokens where purpose = 'password_reset' and user_id = (select id from users where email = ?)`, [rosa.email]);
    expect(row?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.token_hash).not.toContain(token);
  });

  it('answers an unknown address exactly as a known one, and e-mails nobody', async () => {
    const before = (await t.runtime.container.get(ListOutbox).execute({ limit: 1 })).total;
    const res = await post('/api/password/forgot', { email: 'Nobody@Example.org' }, { remoteAddress: '10.8.0.1' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual(answer);
    expect((await t.runtime.container.get(ListOutbox).execute({ limit: 1 })).total).toBe(before);
  });

  it('refuses a malformed address with its message', async () => {
    const res = await post('/api/password/forgot', { email: 'not-an-address' }, { remoteAddress: '10.8.0.2' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'validation.invalid', message: 'Please enter a valid email address' });
  });

  it(`sends one address at most ${RESET_EMAILS_PER_HOUR} reset e-mails an hour, whoever asks`, async () => {
    const rosa = await signUp();
    for (let i = 0; i < RESET_EMAILS_PER_HOUR; i++) {
      expect((await post('/api/password/forgot', { email: rosa.email }, { remoteAddress: `10.9.${n}.${i + 1}` })).statusCode).toBe(202);
    }
    const refused = await post('/api/password/forgot', { email: rosa.email }, { remoteAddress: `10.9.${n}.99` });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate.limited' });
    expect((await mailTo(rosa.email)).filter((m) => m.kind === 'password_reset')).toHaveLength(RESET_EMAILS_PER_HOUR);
  });
});

describe('POST /api/password/reset', () => {
  it('sets the password, signs out every other session, and the link works only once', async () => {
    const rosa = await signUp();
    const elsewhere = sessionCookie(await signIn(rosa, 'secret1'));
    await forgot(rosa);
    const token = await resetToken(rosa);

    const res = await post('/api/password/reset', { token, password: 'freedom22' }, { remoteAddress: rosa.remoteAddress });
    expect(res.statusCode).toBe(204);
    expect((await currentUser(elsewhere)).statusCode).toBe(401);
    expect((await currentUser(rosa.cookie)).statusCode).toBe(401);
    expect((await signIn(rosa, 'secret1')).statusCode).toBe(401);
    const signedIn = await signIn(rosa, 'freedom22');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ emailVerified: true });
    expect((await mailTo(rosa.email)).map((m) => m.kind)).toContain('password_changed');

    const again = await post('/api/password/reset', { token, password: 'takeover9' }, { remoteAddress: rosa.remoteAddress });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual({
      code: 'token.used',
      message: 'This password reset link has already been used. Please ask for a new one with "Forgot password?" on the sign-in page.',
    });
    expect((await signIn(rosa, 'freedom22')).statusCode).toBe(200);
  });

  it('keeps the session that made the reset when it is the same user', async () => {
    const rosa = await signUp();
    await forgot(rosa);
    const res = await post('/api/password/reset', { token: await resetToken(rosa), password: 'freedom22' }, { cookie: rosa.cookie, remoteAddress: rosa.remoteAddress });
    expect(res.statusCode).toBe(204);
    expect((await currentUser(rosa.cookie)).statusCode).toBe(200);
  });

  it('refuses an expired link with 410 and a made-up one with 400, changing nothing', async () => {
    const rosa = await signUp();
    await forgot(rosa);
    const token = await resetToken(rosa);
    await t.runtime.database.orm.em.fork().execute(
      `update account_tokens set expires_at = now() - interval '1 second' where user_id = (select id from users where email = ?)`, [rosa.email]);
    const expired = await post('/api/password/reset', { token, password: 'freedom22' }, { remoteAddress: rosa.remoteAddress });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ code: 'token.expired' });
    const madeUp = await post('/api/password/reset', { token: 'x'.repeat(32), password: 'freedom22' }, { remoteAddress: rosa.remoteAddress });
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json()).toMatchObject({ code: 'token.invalid' });
    expect((await signIn(rosa, 'secret1')).statusCode).toBe(200);
  });

  it('checks the new password with the sign-up rules', async () => {
    const res = await post('/api/password/reset', { token: 'whatever', password: 'short' }, { remoteAddress: '10.8.1.1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'validation.invalid', message: 'Password must be at least 6 characters' });
  });
});

describe('e-mail verification', () => {
  it('starts unverified; the link of the welcome e-mail verifies the address without a session, and again answers the same', async () => {
    const rosa = await signUp();
    expect((await currentUser(rosa.cookie)).json()).toMatchObject({ emailVerified: false });
    const token = await accountLinkToken(t, rosa.email, '/verify-email');
    const message = { message: 'Thank you: your e-mail address is verified.' };
    for (let i = 0; i < 2; i++) {
      const res = await post('/api/email/verify', { token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(message);
    }
    expect((await currentUser(rosa.cookie)).json()).toMatchObject({ emailVerified: true });
  });

  it('resends a link to the signed-in user, refuses once verified, and needs a session', async () => {
    const rosa = await signUp();
    const first = await accountLinkToken(t, rosa.email, '/verify-email');
    const res = await post('/api/email/verification', undefined, { cookie: rosa.cookie });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: `We have sent a new verification link to ${rosa.email}. It works for 24 hours.` });
    const second = await accountLinkToken(t, rosa.email, '/verify-email');
    expect(second).not.toBe(first);
    expect((await post('/api/email/verify', { token: first })).json()).toMatchObject({ code: 'token.invalid' });
    expect((await post('/api/email/verify', { token: second })).statusCode).toBe(200);

    const verified = await post('/api/email/verification', undefined, { cookie: rosa.cookie });
    expect(verified.statusCode).toBe(409);
    expect(verified.json()).toEqual({ code: 'email.already_verified', message: 'Your e-mail address is already verified.' });
    expect((await post('/api/email/verification', undefined)).statusCode).toBe(401);
  });

  it(`sends one account at most ${VERIFICATION_EMAILS_PER_HOUR} verification e-mails an hour`, async () => {
    const rosa = await signUp();
    for (let i = 0; i < VERIFICATION_EMAILS_PER_HOUR; i++) {
      expect((await post('/api/email/verification', undefined, { cookie: rosa.cookie, remoteAddress: `10.10.${n}.${i + 1}` })).statusCode).toBe(202);
    }
    const refused = await post('/api/email/verification', undefined, { cookie: rosa.cookie, remoteAddress: `10.10.${n}.99` });
    expect(refused.statusCode).toBe(429);
  });

  it('refuses an expired link with 410', async () => {
    const rosa = await signUp();
    const token = await accountLinkToken(t, rosa.email, '/verify-email');
    await t.runtime.database.orm.em.fork().execute(
      `update account_tokens set expires_at = now() - interval '1 second' where user_id = (select id from users where email = ?)`, [rosa.email]);
    const res = await post('/api/email/verify', { token });
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({ code: 'token.expired', message: 'This verification link has expired. Please sign in and send yourself a new one.' });
  });
});

describe('POST /api/account/password', () => {
  it('refuses a wrong current password with 400, keeping the session', async () => {
    const rosa = await signUp();
    const res = await post('/api/account/password', { currentPassword: 'wrong-one', newPassword: 'freedom22' }, { cookie: rosa.cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'auth.wrong_password', message: 'The password you entered is incorrect.' });
    expect((await currentUser(rosa.cookie)).statusCode).toBe(200);
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const rosa = await signUp();
    const elsewhere = sessionCookie(await signIn(rosa, 'secret1'));
    const res = await post('/api/account/password', { currentPassword: 'secret1', newPassword: 'freedom22' }, { cookie: rosa.cookie });
    expect(res.statusCode).toBe(204);
    expect((await currentUser(rosa.cookie)).statusCode).toBe(200);
    expect((await currentUser(elsewhere)).statusCode).toBe(401);
    expect((await signIn(rosa, 'secret1')).statusCode).toBe(401);
    expect((await signIn(rosa, 'freedom22')).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    expect((await post('/api/account/password', { currentPassword: 'secret1', newPassword: 'freedom22' })).statusCode).toBe(401);
  });
});

describe('changing the e-mail address', () => {
  it('sends a link to the new address and a notice to the old; the link moves the account, verified', async () => {
    const rosa = await signUp();
    const newEmail = `moved${n}@example.org`;
    const res = await post('/api/account/email', { newEmail: newEmail.toUpperCase(), password: 'secret1' }, { cookie: rosa.cookie });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: `We have sent a confirmation link to ${newEmail}. Your address changes when you open it; the link works for 24 hours.` });
    expect((await mailTo(rosa.email)).map((m) => m.kind)).toContain('email_change_notice');
    expect((await currentUser(rosa.cookie)).json()).toMatchObject({ email: rosa.email });

    const token = await accountLinkToken(t, newEmail, '/confirm-email');
    const confirmed = await post('/api/account/email/confirm', { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: `Your e-mail address is now ${newEmail}.` });
    expect((await currentUser(rosa.cookie)).json()).toMatchObject({ email: newEmail, emailVerified: true });
    expect((await post('/api/login', { email: newEmail, password: 'secret1' }, { remoteAddress: rosa.remoteAddress })).statusCode).toBe(200);
    expect((await signIn(rosa, 'secret1')).statusCode).toBe(401);
  });

  // Anyone can ask for a change to any address, with a name of their choosing: that mail must not carry it.
  it('sends the new address a confirmation that names neither the account nor its address, whatever the name', async () => {
    n += 1;
    const registered = await t.app.inject({
      method: 'POST', url: '/api/register', remoteAddress: `10.7.${n}.1`,
      payload: { firstName: 'Unlock at http://evil.example/x', email: `lure${n}@example.org`, password: 'secret1' },
    });
    const cookie = sessionCookie(registered);
    expect((await t.app.inject({ method: 'PATCH', url: '/api/profile', payload: { lastName: 'CivicWatch Security' }, headers: { cookie } })).statusCode).toBe(200);
    const target = `target${n}@example.org`;
    expect((await post('/api/account/email', { newEmail: target, password: 'secret1' }, { cookie })).statusCode).toBe(202);
    const [confirmation] = await mailTo(target);
    expect(confirmation).toMatchObject({ kind: 'email_change_confirmation', subject: 'Confirm your new e-mail address for CivicWatch' });
    expect(confirmation!.text).toMatch(/^Hello,\n/);
    for (const told of ['evil.example', 'CivicWatch Security', `lure${n}@example.org`, '/unsubscribe']) expect(confirmation!.text).not.toContain(told);
  });

  it('refuses a wrong password, an address in use, and a confirmation for an address taken meanwhile', async () => {
    const rosa = await signUp();
    const ada = await signUp();
    const wrong = await post('/api/account/email', { newEmail: `x${n}@example.org`, password: 'nope-nope' }, { cookie: rosa.cookie });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'auth.wrong_password' });
    const taken = await post('/api/account/email', { newEmail: ada.email, password: 'secret1' }, { cookie: rosa.cookie });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ code: 'auth.email_taken', message: 'An account with this email already exists' });

    const wanted = `wanted${n}@example.org`;
    await post('/api/account/email', { newEmail: wanted, password: 'secret1' }, { cookie: rosa.cookie });
    const token = await accountLinkToken(t, wanted, '/confirm-email');
    expect((await t.app.inject({ method: 'POST', url: '/api/register', payload: { firstName: 'Quick', email: wanted, password: 'secret1' }, remoteAddress: '10.11.0.1' })).statusCode).toBe(201);
    const late = await post('/api/account/email/confirm', { token });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'auth.email_taken' });
    expect((await currentUser(rosa.cookie)).json()).toMatchObject({ email: rosa.email });
  });
});
