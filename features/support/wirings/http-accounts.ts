import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { UnitOfWork, type UserView } from '@civicwatch/core';
import type { Runtime } from '@civicwatch/adapters/container/container.ts';
import type { Accounts, Outcome } from './accounts.ability.ts';

/** The session cookie of the HTTP wiring, shared with the other abilities of one scenario. */
export interface HttpSession {
  cookie?: string;
  /** The citizen's own address; 127.0.0.1 when unset. Citizens acting at once come from their own machines. */
  remoteAddress?: string;
}

/** Drives the API as the web app does: JSON bodies, the session cookie carried between calls. */
export function httpAccounts(app: FastifyInstance, runtime: Runtime, session: HttpSession = {}): Accounts {

  const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown): Promise<LightMyRequestResponse> => {
    const response = await app.inject({
      method, url, payload: payload as Record<string, unknown>, headers: session.cookie ? { cookie: session.cookie } : {},
      ...(session.remoteAddress ? { remoteAddress: session.remoteAddress } : {}),
    });
    const set = response.cookies.find((c) => c.name === 'civicwatch.sid');
    if (set) session.cookie = set.value ? `${set.name}=${set.value}` : undefined;
    return response;
  };
  const outcome = (response: LightMyRequestResponse): Outcome<UserView> => {
    const body = response.json();
    return response.statusCode < 300 ? { ok: true, value: body as UserView } : { ok: false, code: body.code, message: body.message };
  };

  return {
    register: async (input) => outcome(await call('POST', '/api/register', input)),
    signIn: async (email, password) => outcome(await call('POST', '/api/login', { email, password })),
    signOut: async () => {
      await call('POST', '/api/logout');
    },
    currentUser: async () => {
      const response = await call('GET', '/api/user');
      return response.statusCode === 200 ? (response.json() as UserView) : null;
    },
    updateProfile: async (fields) => outcome(await call('PATCH', '/api/profile', fields)),
    creditHistory: (userId) => runtime.container.get<UnitOfWork>(UnitOfWork).run(({ ledger }) => ledger.history(userId)),
  };
}
