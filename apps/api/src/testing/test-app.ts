import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { ListOutbox } from '@civicwatch/core';
import { loadConfig } from '@civicwatch/adapters/config/config.ts';
import { createRuntime, type Runtime } from '@civicwatch/adapters/container/container.ts';
import { seedEmbeddedDataDir } from '@civicwatch/adapters/persistence/testing/pglite-template.ts';
import { buildAppFor } from '../server.ts';

export interface TestApp {
  app: FastifyInstance;
  runtime: Runtime;
  close(): Promise<void>;
}

/**
 * Sign-ins to an account that keeps failing wait milliseconds instead of seconds in tests: the same schedule
 * (apps/api/src/plugins/auth-rate-limit.ts), fast enough for a test that fails twenty times.
 */
export const TEST_SIGN_IN_SLOWDOWN = { SIGN_IN_DELAY_MS: '10', SIGN_IN_MAX_DELAY_MS: '80' };

/**
 * The real application on a fresh migrated database. Tests vary the environment, never the wiring:
 * by default an embedded database in a temp dir; `TEST_DATABASE_URL`-style server URLs through `env`.
 * A second instance on the same embedded database passes the first one's `DATA_DIR` (and closes first).
 */
export async function buildTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const ownDataDir = env.DATA_DIR ? undefined : await mkdtemp(path.join(tmpdir(), 'cw-api-'));
  // A migrated template: creating a PGlite cluster from nothing takes ~20 s, copying one well under 1 s.
  if (ownDataDir && !env.DATABASE_URL) await seedEmbeddedDataDir(ownDataDir);
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: ownDataDir, LOG_LEVEL: 'silent', ...TEST_SIGN_IN_SLOWDOWN, ...env });
  const runtime = await createRuntime(config);
  let app: FastifyInstance;
  try {
    await runtime.database.migrate();
    await runtime.startAnalysisQueue({ workers: config.analysisWorkers });
    app = await buildAppFor(runtime);
    await app.ready();
  } catch (error) {
    await runtime.close();
    if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    app,
    runtime,
    close: async () => {
      await app.close();
      await runtime.close();
      if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true });
    },
  };
}

/** The session cookie a response set, ready for the next request's `cookie` header. */
export const sessionCookie = (response: LightMyRequestResponse): string => {
  const cookie = response.cookies.find((c) => c.name === 'civicwatch.sid');
  if (!cookie) throw new Error(`no session cookie in ${response.statusCode} response`);
  return `${cookie.name}=${cookie.value}`;
};

/**
 * The token of the newest account link e-mailed to `email` that opens `page` (`/verify-email`,
 * `/reset-password`, `/confirm-email`), read from the outbox as the recipient would read the e-mail.
 */
export async function accountLinkToken(test: Pick<TestApp, 'runtime'>, email: string, page: string): Promise<string> {
  const { messages } = await test.runtime.container.get(ListOutbox).execute({ limit: 100 });
  for (const message of messages.filter((m) => m.to === email)) {
    const link = new RegExp(`${page}\\?token=(\\S+)`).exec(message.text);
    if (link) return decodeURIComponent(link[1]!);
  }
  throw new Error(`no ${page} link e-mailed to ${email}`);
}

/** Opens the verification link of the welcome e-mail, as a new user does before subscribing to a paid plan. */
export async function verifyEmail(test: TestApp, email: string): Promise<void> {
  const token = await accountLinkToken(test, email, '/verify-email');
  const response = await test.app.inject({ method: 'POST', url: '/api/email/verify', payload: { token } });
  if (response.statusCode !== 200) throw new Error(`verifying ${email}: ${response.statusCode} ${response.body}`);
}

export interface SignedUpMember { id: string; cookie: string }

/**
 * A new account, signed in, registered from `remoteAddress`: a file that signs up many accounts gives each an
 * address of its own, so they stay under the per-address registration limit.
 */
export async function signUpFrom(test: Pick<TestApp, 'app'>, remoteAddress: string): Promise<SignedUpMember> {
  const res = await test.app.inject({
    method: 'POST', url: '/api/register', payload: { firstName: 'Rosa', email: `rosa-${randomUUID()}@example.org`, password: 'liberty1' },
    remoteAddress,
  });
  if (res.statusCode !== 201) throw new Error(`sign-up answered ${res.statusCode}: ${res.body}`);
  return { id: (res.json() as { id: string }).id, cookie: sessionCookie(res) };
}
