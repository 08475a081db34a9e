import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, serverTestSkipReason } from '@civicwatch/adapters/persistence/testing/create-test-database.ts';
import { buildTestApp, type TestApp } from '../testing/test-app.ts';
import { AUTH_ATTEMPTS_PER_MINUTE } from './auth-rate-limit.ts';
import { SHARED_VIEWS_PER_MINUTE } from '../routes/shared.routes.ts';

interface TwoInstances {
  instances: [TestApp, TestApp];
  dispose(): Promise<void>;
}

// Its own client address and e-mail per test: budgets in Redis outlive the test's database and last a minute.
const someAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** Two API instances on one database (and one Redis, when configured) spend from one budget (ADR 0015). */
function sharedLimitSuite(name: string, open: () => Promise<TwoInstances>) {
  describe(`rate limits shared by two instances: ${name}`, () => {
    let subject: TwoInstances;
    beforeAll(async () => {
      subject = await open();
    });
    afterAll(async () => {
      await subject?.dispose();
    });
    const instance = (i: number) => subject.instances[i % 2]!.app;

    it('answers the 21st failed login in a minute with 429, whichever instances the 20 before went to', async () => {
      const email = `eve-${randomUUID()}@example.org`;
      const remoteAddress = someAddress();
      const registered = await instance(0).inject({ method: 'POST', url: '/api/register', payload: { firstName: 'Eve', email, password: 'secret1' } });
      expect(registered.statusCode).toBe(201);
      const login = (i: number, password: string) =>
        instance(i).inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress });

      for (let i = 1; i <= AUTH_ATTEMPTS_PER_MINUTE; i++) {
        expect((await login(i, `wrong-${i}`)).statusCode, `attempt ${i}`).toBe(401);
      }
      for (const i of [0, 1]) {
        const limited = await login(i, 'secret1');
        expect(limited.statusCode, `instance ${i + 1}`).toBe(429);
        expect(limited.json().code).toBe('rate.limited');
      }
    });

    it('shares route limits too: the 61st shared-link view in a minute from one address answers 429', async () => {
      const remoteAddress = someAddress();
      const view = (i: number) => instance(i).inject({ method: 'GET', url: `/api/shared/${randomUUID()}`, remoteAddress });
      for (let i = 1; i <= SHARED_VIEWS_PER_MINUTE; i++) {
        expect((await view(i)).statusCode, `view ${i}`).toBe(404);
      }
      expect((await view(0)).statusCode).toBe(429);
      expect((await view(1)).statusCode).toBe(429);
    });
  });
}

/** Both on one embedded database: the first serves it, the second reaches it through its socket. */
const onEmbedded = (env: Record<string, string> = {}) => async (): Promise<TwoInstances> => {
  const first = await buildTestApp(env);
  const second = await buildTestApp({ ...env, DATA_DIR: first.runtime.config.dataDir });
  return {
    instances: [first, second],
    dispose: async () => {
      await second.close();
      await first.close();
    },
  };
};

sharedLimitSuite('PGlite', onEmbedded());

const serverSkipReason = serverTestSkipReason();
if (serverSkipReason) {
  describe('rate limits shared by two instances: PostgreSQL server', () => {
    it.skip(`skipped: ${serverSkipReason} (e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test)`, () => {});
  });
} else {
  sharedLimitSuite('PostgreSQL server', async () => {
    const database = await createTestDatabase({ kind: 'server', poolSize: 1 });
    const env = { DATABASE_URL: database.location, SESSION_SECRET: 'rate-limit-test-secret-0123456789abcdef' };
    const instances: [TestApp, TestApp] = [await buildTestApp(env), await buildTestApp(env)];
    return {
      instances,
      dispose: async () => {
        await Promise.all(instances.map((t) => t.close()));
        await database.dispose();
      },
    };
  });
}

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) {
  describe('rate limits shared by two instances: Redis', () => {
    it.skip('skipped: TEST_REDIS_URL is not set (e.g. TEST_REDIS_URL=redis://127.0.0.1:6379)', () => {});
  });
} else {
  sharedLimitSuite('Redis', onEmbedded({ REDIS_URL: redisUrl }));

  describe('rate limits in Redis', () => {
    it('refuses to start with a REDIS_URL it cannot reach, saying which', async () => {
      await expect(buildTestApp({ REDIS_URL: 'redis://127.0.0.1:1/0' })).rejects.toThrow(/REDIS_URL: cannot connect to redis:\/\/127\.0\.0\.1:1\/0/);
    });
  });
}
