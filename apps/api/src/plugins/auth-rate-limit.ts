import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const WINDOW_MS = 60_000;
/** The 21st failed sign-in within a minute, from one IP or for one e-mail, is refused (issue #2). */
export const AUTH_ATTEMPTS_PER_MINUTE = 20;
/** Password-reset e-mails one address may be sent in an hour, whoever asks: enough to retry, too few to flood a mailbox. */
export const RESET_EMAILS_PER_HOUR = 5;

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

const emailOf = (request: FastifyRequest): string => {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
};

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
 * Budgets per IP and per e-mail (checked in preHandler, once the body is parsed). Sign-in counts failures
 * only, so a household behind one address is not locked out by its own successful logins.
 */
export function createAuthRateLimits(app: FastifyInstance) {
  const perIp = (scope: string) =>
    app.createRateLimit({ max: AUTH_ATTEMPTS_PER_MINUTE, timeWindow: WINDOW_MS, keyGenerator: (r) => `${scope}:ip:${r.ip}` });
  const perEmail = (scope: string, max = AUTH_ATTEMPTS_PER_MINUTE, timeWindow = WINDOW_MS) =>
    app.createRateLimit({ max, timeWindow, keyGenerator: (r) => `${scope}:email:${emailOf(r)}` });
  const login = [perIp('login'), perEmail('login')];

  return {
    checkLogin: (request: FastifyRequest, reply: FastifyReply) => check(login, request, reply),
    recordFailedLogin: (request: FastifyRequest) => spend(login, request),
    /** Registration spends on every attempt: creating accounts in bulk is the abuse to stop. */
    checkAndSpendRegister: checkAndSpend([perIp('register'), perEmail('register')]),
    /** "Forgot password?" spends on every request, known address or not, so the limit tells nothing either. */
    checkAndSpendPasswordReset: checkAndSpend([perIp('password-reset'), perEmail('password-reset', RESET_EMAILS_PER_HOUR, 60 * WINDOW_MS)]),
    /** Setting a password through a link hashes with argon2: a budget per IP keeps it from being a lever. */
    checkAndSpendNewPassword: checkAndSpend([perIp('new-password')]),
  };
}
