import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SignInSlowdown } from '@civicwatch/adapters/config/config.ts';

const WINDOW_MS = 60_000;
/** The 21st failed sign-in within a minute from one client address is refused (issue #2). */
export const AUTH_ATTEMPTS_PER_MINUTE = 20;
/**
 * Failed sign-ins an account may have within SIGN_IN_FAILURE_WINDOW_MS before every sign-in to it waits:
 * a few typos never do.
 */
export const SIGN_IN_SLOWDOWN_AFTER_FAILURES = 10;
/** An account's failures are counted over a quarter of an hour, so that a patient guesser stays slowed. */
export const SIGN_IN_FAILURE_WINDOW_MS = 15 * WINDOW_MS;
/** A counter, not a budget: the account's budget is never spent, its failures only slow it down. */
const COUNT_ONLY = 1_000_000_000;
/** Password-reset e-mails one address may be sent in an hour, whoever asks: enough to retry, too few to flood a mailbox. */
export const RESET_EMAILS_PER_HOUR = 5;

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

const emailOf = (request: FastifyRequest): string => {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
};

/**
 * How long a sign-in to an account waits, given the failures counted for it in the current window: nothing
 * before SIGN_IN_SLOWDOWN_AFTER_FAILURES, then the first delay, doubling with each further failure up to the cap.
 */
export function signInDelayMs(failures: number, slowdown: SignInSlowdown): number {
  if (failures < SIGN_IN_SLOWDOWN_AFTER_FAILURES) return 0;
  const doublings = Math.min(failures - SIGN_IN_SLOWDOWN_AFTER_FAILURES, 30);
  return Math.min(slowdown.maxDelayMs, slowdown.firstDelayMs * 2 ** doublings);
}

const refuse = (reply: FastifyReply, ttlSeconds: number) =>
  reply
    .code(429)
    .header('retry-after', String(Math.max(1, ttlSeconds)))
    .send({ code: 'rate.limited', message: 'Too many attempts. Please wait a minute and try again.' });

/** Answers 429 when a budget is spent; otherwise lets the request through without spending. */
const check = async (limiters: Limiter[], request: FastifyRequest, reply: FastifyReply) => {
  for (const limiter of limiters) {
    const state = await limiter(request, { increment: false });
    if (!state.isAllowed && state.remaining <= 0) return refuse(reply, state.ttlInSeconds);
  }
};
const spend = async (limiters: Limiter[], request: FastifyRequest) => {
  for (const limiter of limiters) await limiter(request);
};
/** For what is abused by volume (accounts made, e-mails sent): every attempt spends. */
const checkAndSpend = (limiters: Limiter[]) => async (request: FastifyRequest, reply: FastifyReply) => {
  const refused = await check(limiters, request, reply);
  if (refused) return refused;
  await spend(limiters, request);
};

/**
 * For what is guessed by volume (promo codes): every attempt spends first and is refused once over a budget.
 * Spending before deciding keeps a burst of simultaneous requests from all passing a check made before any
 * of them counted; refused attempts count too, but a window still ends when it was due to.
 */
export const spendWithin = (limiters: Limiter[]) => async (request: FastifyRequest, reply: FastifyReply) => {
  for (const limiter of limiters) {
    const state = await limiter(request);
    if (!state.isAllowed && state.isExceeded) return refuse(reply, state.ttlInSeconds);
  }
};

const perIp = (app: FastifyInstance, scope: string) =>
  app.createRateLimit({ max: AUTH_ATTEMPTS_PER_MINUTE, timeWindow: WINDOW_MS, keyGenerator: (r) => `${scope}:ip:${r.ip}` });
const perEmail = (app: FastifyInstance, scope: string, max = AUTH_ATTEMPTS_PER_MINUTE, timeWindow = WINDOW_MS) =>
  app.createRateLimit({ max, timeWindow, keyGenerator: (r) => `${scope}:email:${emailOf(r)}` });

/**
 * Sign-in (checked in preHandler, once the body is parsed). Failures only are counted, so a household behind
 * one address is not locked out by its own successful logins. A client address that fails too often is
 * refused (429). An account is never refused: that would let anyone lock its owner out by failing on purpose.
 * Once it has failed often, every sign-in to it, right password or wrong, from anywhere, first waits a
 * delay that grows with its failures; the count is in the shared store, so every instance waits alike.
 */
export function createSignInLimits(app: FastifyInstance, slowdown: SignInSlowdown) {
  const byAddress = perIp(app, 'login');
  const accountFailures = perEmail(app, 'login', COUNT_ONLY, SIGN_IN_FAILURE_WINDOW_MS);
  return {
    checkLogin: async (request: FastifyRequest, reply: FastifyReply) => {
      const refused = await check([byAddress], request, reply);
      if (refused) return refused;
      const counted = await accountFailures(request, { increment: false });
      // The wait comes before the password is checked, so that its length says nothing about the password.
      const wait = counted.isAllowed ? 0 : signInDelayMs(COUNT_ONLY - counted.remaining, slowdown);
      if (wait > 0) await sleep(wait);
    },
    recordFailedLogin: (request: FastifyRequest) => spend([byAddress, accountFailures], request),
  };
}

/**
 * Budgets per IP and per e-mail for what is abused by volume (checked in preHandler, once the body is parsed).
 */
export function createAuthRateLimits(app: FastifyInstance) {
  return {
    /** Registration spends on every attempt: creating accounts in bulk is the abuse to stop. */
    checkAndSpendRegister: checkAndSpend([perIp(app, 'register'), perEmail(app, 'register')]),
    /** "Forgot password?" spends on every request, known address or not, so the limit tells nothing either. */
    checkAndSpendPasswordReset: checkAndSpend([perIp(app, 'password-reset'), perEmail(app, 'password-reset', RESET_EMAILS_PER_HOUR, 60 * WINDOW_MS)]),
    /** Setting a password through a link hashes with argon2: a budget per IP keeps it from being a lever. */
    checkAndSpendNewPassword: checkAndSpend([perIp(app, 'new-password')]),
  };
}
