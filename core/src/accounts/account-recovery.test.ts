import { beforeEach, describe, expect, it } from 'vitest';
import { InMemoryUnitOfWork } from '../testing/in-memory/in-memory-unit-of-work.ts';
import { registerSchema } from '../contracts/auth.contract.ts';
import { FixedClock, SequentialIds, TEST_PUBLIC_URL, plainTextHasher, testAccountLinks, testMessages } from '../testing/fakes.ts';
import type { OutboxMessage } from '../notifications/outbox.port.ts';
import { AdminPolicy } from './admin-policy.ts';
import { RegisterUser } from './register-user/register-user.use-case.ts';
import { LogIn } from './log-in/log-in.use-case.ts';
import { PASSWORD_RESET_REQUESTED_MESSAGE, RequestPasswordReset } from './request-password-reset/request-password-reset.use-case.ts';
import { ResetPassword } from './reset-password/reset-password.use-case.ts';
import { EMAIL_VERIFIED_MESSAGE, VerifyEmail } from './verify-email/verify-email.use-case.ts';
import { SendEmailVerification } from './send-email-verification/send-email-verification.use-case.ts';
import { ChangePassword } from './change-password/change-password.use-case.ts';
import { RequestEmailChange } from './request-email-change/request-email-change.use-case.ts';
import { ConfirmEmailChange } from './confirm-email-change/confirm-email-change.use-case.ts';
import type { User } from './user.ts';

let clock: FixedClock;
let uow: InMemoryUnitOfWork;
let uc: ReturnType<typeof useCases>;

beforeEach(() => {
  clock = new FixedClock(new Date('2026-03-15T12:00:00Z'));
  uow = new InMemoryUnitOfWork({ clock });
  uc = useCases();
});

const later = (ms: number) => clock.set(new Date(clock.now().getTime() + ms));
const HOUR = 3_600_000;

/** The address ADMIN_EMAILS names in these tests. */
const CHIEF = 'chief@civicwatch.test';
const admins = new AdminPolicy([CHIEF]);

const useCases = () => {
  const links = testAccountLinks(clock);
  const messages = testMessages(clock);
  return {
    register: new RegisterUser(uow, plainTextHasher, clock, new SequentialIds(), messages, links),
    logIn: new LogIn(uow, plainTextHasher),
    forgot: new RequestPasswordReset(uow, links, messages),
    reset: new ResetPassword(uow, plainTextHasher, links, clock, messages, admins),
    verify: new VerifyEmail(uow, links, clock, admins),
    resend: new SendEmailVerification(uow, links, messages),
    changePassword: new ChangePassword(uow, plainTextHasher, clock, messages),
    changeEmail: new RequestEmailChange(uow, plainTextHasher, links, messages),
    confirmEmail: new ConfirmEmailChange(uow, links, clock, admins),
  };
};

const registered = async (email = 'rosa@example.org'): Promise<User> => {
  const result = await uc.register.execute(registerSchema.parse({ firstName: 'Rosa', email, password: 'liberty1' }));
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};
const outbox = async (): Promise<OutboxMessage[]> => (await uow.run(({ outbox }) => outbox.list({ offset: 0, limit: 100 }))).messages;
const latest = async (kind: OutboxMessage['kind'], to?: string) => {
  const found = (await outbox()).find((m) => m.kind === kind && (!to || m.to === to));
  if (!found) throw new Error(`no ${kind} e-mail${to ? ` to ${to}` : ''}`);
  return found;
};
/** The token of the account link in a message, by the page it opens. */
const tokenIn = (message: OutboxMessage, path: string): string => {
  const match = new RegExp(`${TEST_PUBLIC_URL}${path}\\?token=([^\\s]+)`).exec(message.text);
  if (!match) throw new Error(`no ${path} link in ${message.kind}`);
  return decodeURIComponent(match[1]!);
};
const userById = (id: string) => uow.run(({ users }) => users.findById(id));
const canSignIn = async (email: string, password: string) => (await uc.logIn.execute({ email, password })).ok;
const sessionsOf = (userId: string) => [...uow.state.sessions].filter(([, owner]) => owner === userId).map(([sid]) => sid);

describe('password reset', () => {
  const askForReset = async (email = 'rosa@example.org') => {
    await uc.forgot.execute({ email });
    return tokenIn(await latest('password_reset'), '/reset-password');
  };

  it('e-mails a one-hour link whose token is stored only as its hash', async () => {
    const rosa = await registered();
    const token = await askForReset();
    const mail = await latest('password_reset');
    expect(mail).toMatchObject({ to: 'rosa@example.org', subject: 'Reset your CivicWatch password', userId: rosa.id });
    expect(mail.text).toContain('The link works once, for one hour.');
    const [stored] = uow.state.accountTokens.filter((t) => t.purpose === 'password_reset');
    expect(stored).toMatchObject({ userId: rosa.id, tokenHash: `hash:${token}`, expiresAt: new Date(clock.now().getTime() + HOUR), usedAt: null });
    expect(JSON.stringify(uow.state.accountTokens)).not.toContain(`"${token}"`);
  });

  it('writes nothing for an address without an account, and answers no differently', async () => {
    await registered();
    const before = (await outbox()).length;
    expect(await uc.forgot.execute({ email: 'nobody@example.org' })).toBeUndefined();
    expect(await outbox()).toHaveLength(before);
    expect(uow.state.accountTokens.filter((t) => t.purpose === 'password_reset')).toEqual([]);
    expect(PASSWORD_RESET_REQUESTED_MESSAGE).toMatch(/^If an account uses this e-mail address/);
  });

  it('sets the new password, ends every other session, verifies the address and tells the account', async () => {
    const rosa = await registered();
    const other = await registered('ada@example.org');
    uow.state.sessions.set('laptop', rosa.id).set('phone', rosa.id).set('ada-laptop', other.id);
    const token = await askForReset();
    later(30 * 60_000);

    expect(await uc.reset.execute({ token, password: 'freedom22' }, 'phone')).toEqual({ ok: true, value: undefined });
    expect(await canSignIn('rosa@example.org', 'freedom22')).toBe(true);
    expect(await canSignIn('rosa@example.org', 'liberty1')).toBe(false);
    expect(sessionsOf(rosa.id)).toEqual(['phone']);
    expect(sessionsOf(other.id)).toEqual(['ada-laptop']);
    expect((await userById(rosa.id))?.emailVerifiedAt).toEqual(clock.now());
    const notice = await latest('password_changed');
    expect(notice).toMatchObject({ to: 'rosa@example.org', subject: 'Your CivicWatch password was changed' });
    expect(notice.text).toContain(`reset your password at once: ${TEST_PUBLIC_URL}/forgot-password`);
  });

  it('works once: the same link again is refused and changes nothing', async () => {
    await registered();
    const token = await askForReset();
    await uc.reset.execute({ token, password: 'freedom22' });
    expect(await uc.reset.execute({ token, password: 'takeover9' })).toEqual({
      ok: false,
      error: { code: 'token.used', message: 'This password reset link has already been used. Please ask for a new one with "Forgot password?" on the sign-in page.' },
    });
    expect(await canSignIn('rosa@example.org', 'freedom22')).toBe(true);
  });

  it('expires after an hour', async () => {
    await registered();
    const token = await askForReset();
    later(HOUR);
    expect(await uc.reset.execute({ token, password: 'freedom22' })).toMatchObject({ ok: false, error: { code: 'token.expired' } });
    expect(await canSignIn('rosa@example.org', 'liberty1')).toBe(true);
  });

  it('refuses a made-up token, a link replaced by a newer one, and a link of another kind', async () => {
    const rosa = await registered();
    const first = await askForReset();
    const second = await askForReset();
    const verification = tokenIn(await latest('welcome'), '/verify-email');
    for (const token of ['made-up', first, verification]) {
      expect(await uc.reset.execute({ token, password: 'freedom22' })).toMatchObject({ ok: false, error: { code: 'token.invalid' } });
    }
    expect((await userById(rosa.id))?.emailVerifiedAt).toBeNull();
    expect((await uc.reset.execute({ token: second, password: 'freedom22' })).ok).toBe(true);
  });
});

describe('e-mail verification', () => {
  it('sends the link with the welcome e-mail; opening it verifies the address, and opening it again answers the same', async () => {
    const rosa = await registered();
    expect(rosa.emailVerifiedAt).toBeNull();
    const welcome = await latest('welcome');
    const token = tokenIn(welcome, '/verify-email');
    expect(welcome.text).toContain('within 24 hours (you need a confirmed address to subscribe to a paid plan)');

    later(HOUR);
    expect(await uc.verify.execute(token)).toEqual({ ok: true, value: { message: EMAIL_VERIFIED_MESSAGE } });
    expect((await userById(rosa.id))?.emailVerifiedAt).toEqual(clock.now());
    later(HOUR);
    expect(await uc.verify.execute(token)).toEqual({ ok: true, value: { message: EMAIL_VERIFIED_MESSAGE } });
    expect((await userById(rosa.id))?.emailVerifiedAt).toEqual(new Date(clock.now().getTime() - HOUR));
  });

  it('refuses a link older than 24 hours and a made-up one, leaving the address unverified', async () => {
    const rosa = await registered();
    const token = tokenIn(await latest('welcome'), '/verify-email');
    later(24 * HOUR);
    expect(await uc.verify.execute(token)).toEqual({
      ok: false, error: { code: 'token.expired', message: 'This verification link has expired. Please sign in and send yourself a new one.' },
    });
    expect(await uc.verify.execute('made-up')).toMatchObject({ ok: false, error: { code: 'token.invalid' } });
    expect((await userById(rosa.id))?.emailVerifiedAt).toBeNull();
  });

  it('sends a new link on request, which replaces the earlier one', async () => {
    const rosa = await registered();
    const first = tokenIn(await latest('welcome'), '/verify-email');
    expect(await uc.resend.execute(rosa.id)).toEqual({
      ok: true, value: { message: 'We have sent a new verification link to rosa@example.org. It works for 24 hours.' },
    });
    const mail = await latest('email_verification');
    expect(mail).toMatchObject({ to: 'rosa@example.org', subject: 'Confirm your e-mail address for CivicWatch' });
    expect(await uc.verify.execute(first)).toMatchObject({ ok: false, error: { code: 'token.invalid' } });
    expect((await uc.verify.execute(tokenIn(mail, '/verify-email'))).ok).toBe(true);
  });

  it('sends nothing to an address that is verified already', async () => {
    const rosa = await registered();
    await uc.verify.execute(tokenIn(await latest('welcome'), '/verify-email'));
    const before = (await outbox()).length;
    expect(await uc.resend.execute(rosa.id)).toEqual({
      ok: false, error: { code: 'email.already_verified', message: 'Your e-mail address is already verified.' },
    });
    expect(await outbox()).toHaveLength(before);
  });
});

describe('ChangePassword', () => {
  it('refuses a wrong current password without signing anyone out', async () => {
    const rosa = await registered();
    uow.state.sessions.set('laptop', rosa.id);
    expect(await uc.changePassword.execute(rosa.id, { currentPassword: 'tyranny1', newPassword: 'freedom22' })).toEqual({
      ok: false, error: { code: 'auth.wrong_password', message: 'The password you entered is incorrect.' },
    });
    expect(await canSignIn('rosa@example.org', 'liberty1')).toBe(true);
    expect(sessionsOf(rosa.id)).toEqual(['laptop']);
  });

  it('sets the new password, keeps this session, ends the others, voids reset links and tells the account', async () => {
    const rosa = await registered();
    uow.state.sessions.set('laptop', rosa.id).set('phone', rosa.id);
    await uc.forgot.execute({ email: 'rosa@example.org' });
    const resetToken = tokenIn(await latest('password_reset'), '/reset-password');

    expect(await uc.changePassword.execute(rosa.id, { currentPassword: 'liberty1', newPassword: 'freedom22' }, 'laptop')).toEqual({ ok: true, value: undefined });
    expect(await canSignIn('rosa@example.org', 'freedom22')).toBe(true);
    expect(await canSignIn('rosa@example.org', 'liberty1')).toBe(false);
    expect(sessionsOf(rosa.id)).toEqual(['laptop']);
    expect(await uc.reset.execute({ token: resetToken, password: 'takeover9' })).toMatchObject({ ok: false, error: { code: 'token.invalid' } });
    expect(await latest('password_changed')).toMatchObject({ to: 'rosa@example.org' });
  });
});

describe('e-mail change', () => {
  const request = (userId: string, newEmail = 'rosa.parks@example.org', password = 'liberty1') =>
    uc.changeEmail.execute(userId, { newEmail, password });

  it('asks for the password and a different address that no other account has', async () => {
    const rosa = await registered();
    await registered('ada@example.org');
    expect(await request(rosa.id, 'rosa.parks@example.org', 'tyranny1')).toMatchObject({ ok: false, error: { code: 'auth.wrong_password' } });
    expect(await request(rosa.id, 'rosa@example.org')).toEqual({
      ok: false, error: { code: 'validation.invalid', message: 'This is already the e-mail address of your account.' },
    });
    expect(await request(rosa.id, 'ada@example.org')).toMatchObject({ ok: false, error: { code: 'auth.email_taken' } });
    expect((await outbox()).filter((m) => m.kind.startsWith('email_change'))).toEqual([]);
  });

  it('sends a link to the new address and a notice to the old one, and changes nothing yet', async () => {
    const rosa = await registered();
    expect(await request(rosa.id)).toEqual({
      ok: true,
      value: { message: 'We have sent a confirmation link to rosa.parks@example.org. Your address changes when you open it; the link works for 24 hours.' },
    });
    const confirmation = await latest('email_change_confirmation');
    expect(confirmation).toMatchObject({ to: 'rosa.parks@example.org', subject: 'Confirm your new e-mail address for CivicWatch' });
    expect(confirmation.text).toContain('You receive this e-mail because someone asked to use rosa.parks@example.org for a CivicWatch account.');
    expect(tokenIn(confirmation, '/confirm-email')).toBeTruthy();
    const notice = await latest('email_change_notice');
    expect(notice).toMatchObject({ to: 'rosa@example.org' });
    expect(notice.text).toContain('asked to change its e-mail address to rosa.parks@example.org');
    expect((await userById(rosa.id))?.email).toBe('rosa@example.org');
  });

  it('moves the account to the confirmed address, verified, and voids the links sent to the old one', async () => {
    const rosa = await registered();
    const verification = tokenIn(await latest('welcome'), '/verify-email');
    await uc.forgot.execute({ email: 'rosa@example.org' });
    const reset = tokenIn(await latest('password_reset'), '/reset-password');
    await request(rosa.id);
    const token = tokenIn(await latest('email_change_confirmation'), '/confirm-email');

    expect(await uc.confirmEmail.execute(token)).toEqual({ ok: true, value: { message: 'Your e-mail address is now rosa.parks@example.org.' } });
    expect(await userById(rosa.id)).toMatchObject({ email: 'rosa.parks@example.org', emailVerifiedAt: clock.now() });
    expect(await canSignIn('rosa.parks@example.org', 'liberty1')).toBe(true);
    expect(await canSignIn('rosa@example.org', 'liberty1')).toBe(false);
    expect(await uc.confirmEmail.execute(token)).toEqual({ ok: true, value: { message: 'Your e-mail address is now rosa.parks@example.org.' } });
    expect(await uc.reset.execute({ token: reset, password: 'takeover9' })).toMatchObject({ ok: false, error: { code: 'token.invalid' } });
    expect(await uc.verify.execute(verification)).toMatchObject({ ok: false, error: { code: 'token.invalid' } });
  });

  it('refuses an address another account took meanwhile, keeping the old one; and expires after 24 hours', async () => {
    const rosa = await registered();
    await request(rosa.id);
    const token = tokenIn(await latest('email_change_confirmation'), '/confirm-email');
    await registered('rosa.parks@example.org');
    expect(await uc.confirmEmail.execute(token)).toEqual({
      ok: false,
      error: {
        code: 'auth.email_taken',
        message: 'Another account has started using rosa.parks@example.org since you asked for the change, so your e-mail address stays as it was.',
      },
    });
    expect((await userById(rosa.id))?.email).toBe('rosa@example.org');

    await request(rosa.id, 'r.parks@example.org');
    const next = tokenIn(await latest('email_change_confirmation', 'r.parks@example.org'), '/confirm-email');
    later(24 * HOUR);
    expect(await uc.confirmEmail.execute(next)).toMatchObject({ ok: false, error: { code: 'token.expired' } });
    expect((await userById(rosa.id))?.email).toBe('rosa@example.org');
  });
});

// Whoever registers an address ADMIN_EMAILS names first must prove it is theirs before being an administrator.
describe('the admin role of an address ADMIN_EMAILS names', () => {
  const roleOf = async (id: string) => (await userById(id))?.role;

  it('is not given at registration, only when the link of the welcome e-mail is opened', async () => {
    const chief = await registered(CHIEF);
    expect(chief.role).toBe('user');
    expect(await roleOf(chief.id)).toBe('user');
    await uc.verify.execute(tokenIn(await latest('welcome', CHIEF), '/verify-email'));
    expect(await roleOf(chief.id)).toBe('admin');
  });

  it('is given by a password reset link too, which proves the mailbox alike', async () => {
    const chief = await registered(CHIEF);
    await uc.forgot.execute({ email: CHIEF });
    await uc.reset.execute({ token: tokenIn(await latest('password_reset'), '/reset-password'), password: 'freedom22' });
    expect(await userById(chief.id)).toMatchObject({ role: 'admin', emailVerifiedAt: clock.now() });
  });

  it('is not given to another address, verified or not', async () => {
    const rosa = await registered();
    await uc.verify.execute(tokenIn(await latest('welcome'), '/verify-email'));
    expect(await roleOf(rosa.id)).toBe('user');
  });

  it('comes with a change of address only once the new address opens its confirmation link', async () => {
    const rosa = await registered();
    await uc.verify.execute(tokenIn(await latest('welcome'), '/verify-email'));
    expect((await uc.changeEmail.execute(rosa.id, { newEmail: CHIEF, password: 'liberty1' })).ok).toBe(true);
    expect(await roleOf(rosa.id)).toBe('user');
    await uc.confirmEmail.execute(tokenIn(await latest('email_change_confirmation', CHIEF), '/confirm-email'));
    expect(await userById(rosa.id)).toMatchObject({ email: CHIEF, role: 'admin' });
  });
});
