import { expect } from 'vitest';
import { buildTestApp, sessionCookie, type TestApp } from '@civicwatch/api/testing/test-app.ts';
import type { Runtime } from '@civicwatch/adapters/container/container.ts';
import { withRuntime } from '../runtime.ts';

/**
 * A running server (an API app that owns the embedded database) and the environment a `civicwatch`
 * command beside it sees: each `run` opens its own runtime on the same DATA_DIR, as the command does
 * beside `make start`. `env` goes to both (ADMIN_EMAILS, Stripe keys).
 */
export interface CliTestServer {
  server: TestApp;
  /** The environment each command's runtime is built from; a test may change it for one command. */
  env: NodeJS.ProcessEnv;
  run<T>(work: (runtime: Runtime) => Promise<T>): Promise<T>;
  /** Registers an account over HTTP; answers its id and session cookie. */
  register(email: string, firstName?: string): Promise<{ id: string; cookie: string }>;
  close(): Promise<void>;
}

export async function startCliTestServer(env: Record<string, string> = {}): Promise<CliTestServer> {
  const saved = { ...process.env };
  const server = await buildTestApp(env);
  Object.assign(process.env, { DATA_DIR: server.runtime.config.dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent' }, env);
  delete process.env.DATABASE_URL;
  return {
    server,
    env: process.env,
    run: (work) => withRuntime(work),
    register: async (email, firstName = 'Test') => {
      const res = await server.app.inject({ method: 'POST', url: '/api/register', payload: { firstName, email, password: 'secret1' } });
      expect(res.statusCode).toBe(201);
      return { id: res.json<{ id: string }>().id, cookie: sessionCookie(res) };
    },
    close: async () => {
      process.env = saved;
      await server.close();
    },
  };
}
