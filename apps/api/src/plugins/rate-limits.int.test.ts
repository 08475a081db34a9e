import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, serverTestSkipReason } from '@civicwatch/adapters/persistence/testing/create-test-database.ts';
import { TEST_SIGN_IN_SLOWDOWN, buildTestApp, sessionCookie, type TestApp } from '../testing/test-app.ts';
import { AUTH_ATTEMPTS_PER_MINUTE, SIGN_IN_SLOWDOWN_AFTER_FAILURES } from './auth-rate-limit.ts';
import { SHARED_VIEWS_PER_MINUTE } from '../routes/shared.routes.ts';
import { PROMO_ATTEMPTS_PER_ADDRESS_PER_MINUTE, PROMO_ATTEMPTS_PER_USER_PER_MINUTE } from '../routes/promo.routes.ts';

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
    const signUpFrom = async (app: TestApp['app'], remoteAddress: string) => {
      const registered = await app.inject({
        method: 'POST', url: '/api/register', payload: { firstName: 'Rosa', email: `rosa-${randomUUID()}@example.org`, password: 'secret1' }, remoteAddress,
      });
      expect(registered.statusCode).toBe(201);
      return sessionCookie(registered);
    };

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

    it('slows down, never locks, an account others guess at: its owner signs in from another address; the guessing address gets 429', async () => {
      const email = `owner-${randomUUID()}@example.org`;
      const guesser = someAddress();
      expect((await instance(0).inject({ method: 'POST', url: '/api/register', payload: { firstName: 'Olga', email, password: 'secret1' } })).statusCode).toBe(201);
      const login = (i: number, password: string, remoteAddress: string) =>
        instance(i).inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress });
      // Past the point where the account's attempts are slowed down, up to the guessing address's own limit.
      expect(AUTH_ATTEMPTS_PER_MINUTE).toBeGreaterThan(SIGN_IN_SLOWDOWN_AFTER_FAILURES);
      for (let i = 1; i <= AUTH_ATTEMPTS_PER_MINUTE; i++) {
        expect((await login(i, `wrong-${i}`, guesser)).statusCode, `attempt ${i}`).toBe(401);
      }
      for (const i of [0, 1]) {
        const started = performance.now();
        const owner = await login(i, 'secret1', someAddress());
        expect(owner.statusCode, `the owner on instance ${i + 1}: ${owner.body}`).toBe(200);
        // Slowed by the failures both instances counted: at least the longest wait (a lower bound only).
        expect(performance.now() - started).toBeGreaterThanOrEqual(Number(TEST_SIGN_IN_SLOWDOWN.SIGN_IN_MAX_DELAY_MS));
        const guessing = await login(i, 'secret1', guesser);
        expect(guessing.statusCode, `the guessing address on instance ${i + 1}`).toBe(429);
        expect(guessing.json()).toEqual({ code: 'rate.limited', message: 'Too many attempts. Please wait a minute and try again.' });
      }
    });

    it(`answers a user's promo-code attempts past ${PROMO_ATTEMPTS_PER_USER_PER_MINUTE} in a minute with 429, validate and redeem alike, on either instance`, async () => {
      const remoteAddress = someAddress();
      const cookie = await signUpFrom(instance(0), remoteAddress);
      const attempt = (i: number) => instance(i).inject({
        method: 'POST', url: i % 2 === 0 ? '/api/validate-promo' : '/api/redeem-promo', payload: { code: `GUESS${i}` }, headers: { cookie }, remoteAddress,
      });
      for (let i = 1; i <= PROMO_ATTEMPTS_PER_USER_PER_MINUTE; i++) {
        const guessed = await attempt(i);
        expect(guessed.statusCode, `attempt ${i}: ${guessed.body}`).toBe(404);
      }
      for (const i of [0, 1]) {
        const limited = await attempt(i);
        expect(limited.statusCode, `instance ${i + 1}`).toBe(429);
        expect(limited.json()).toEqual({ code: 'rate.limited', message: 'Too many attempts. Please wait a minute and try again.' });
      }
      // Another account, from another address, is not held back by hers.
      const other = await signUpFrom(instance(1), someAddress());
      expect((await instance(1).inject({ method: 'POST', url: '/api/validate-promo', payload: { code: 'GUESS' }, headers: { cookie: other } })).statusCode).toBe(404);
    });

    it(`answers an address's promo-code attempts past ${PROMO_ATTEMPTS_PER_ADDRESS_PER_MINUTE} in a minute with 429, whichever accounts made them`, async () => {
      const remoteAddress = someAddress();
      const accounts = 4;
      expect(accounts * PROMO_ATTEMPTS_PER_USER_PER_MINUTE).toBeGreaterThan(PROMO_ATTEMPTS_PER_ADDRESS_PER_MINUTE + 1);
      const cookies: string[] = [];
      for (let a = 0; a < accounts; a++) cookies.push(await signUpFrom(instance(a), remoteAddress));
      const attempt = (i: number) => instance(i).inject({
        method: 'POST', url: '/api/validate-promo', payload: { code: `GUESS${i}` }, headers: { cookie: cookies[i % accounts]! }, remoteAddress,
      });
      for (let i = 1; i <= PROMO_ATTEMPTS_PER_ADDRESS_PER_MINUTE; i++) {
        expect((await attempt(i)).statusCode, `attempt ${i}`).toBe(404);
      }
      const limited = await attempt(PROMO_ATTEMPTS_PER_ADDRESS_PER_MINUTE + 1);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('rate.limited');
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
