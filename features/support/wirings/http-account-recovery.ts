import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { AccountRecovery } from './account-recovery.ability.ts';
import type { Outcome } from './accounts.ability.ts';
import type { HttpSession } from './http-accounts.ts';

const outcome = <T>(response: LightMyRequestResponse): Outcome<T> => {
  if (response.statusCode < 300) return { ok: true, value: (response.statusCode === 204 ? undefined : response.json()) as T };
  const body = response.json<{ code: string; message: string }>();
  return { ok: false, code: body.code, message: body.message, status: response.statusCode };
};

/** Drives the API as the recovery pages and account settings do: JSON bodies, the session cookie carried between calls. */
export function httpAccountRecovery(app: FastifyInstance, session: HttpSession): AccountRecovery {
  /** `cookie` null: another browser, without this one's session. */
  const post = (url: string, payload?: Record<string, unknown>, cookie: string | null | undefined = session.cookie) =>
    app.inject({
      method: 'POST', url, ...(payload ? { payload } : {}), headers: cookie ? { cookie } : {},
      ...(session.remoteAddress ? { remoteAddress: session.remoteAddress } : {}),
    });

  return {
    forgotPassword: async (email) => outcome(await post('/api/password/forgot', { email })),
    resetPassword: async (token, password) => outcome(await post('/api/password/reset', { token, password })),
    verifyEmail: async (token) => outcome(await post('/api/email/verify', { token })),
    resendVerification: async () => outcome(await post('/api/email/verification')),
    changePassword: async (currentPassword, newPassword) => outcome(await post('/api/account/password', { currentPassword, newPassword })),
    changeEmail: async (newEmail, password) => outcome(await post('/api/account/email', { newEmail, password })),
    confirmEmailChange: async (token) => outcome(await post('/api/account/email/confirm', { token })),
    signInOnAnotherDevice: async (email, password) => {
      const response = await post('/api/login', { email, password }, null);
      const set = response.cookies.find((c) => c.name === 'civicwatch.sid');
      if (response.statusCode !== 200 || !set) throw new Error(`signing in on another device: ${response.statusCode} ${response.body}`);
      const cookie = `${set.name}=${set.value}`;
      return {
        isSignedIn: async () => (await app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode === 200,
      };
    },
  };
}
