import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const WINDOW_MS = 60_000;
/** The 21st failed sign-in within a minute, from one IP or for one e-mail, is refused (issue #2). */
export const AUTH_ATTEMPTS_PER_MINUTE = 20;

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

const emailOf = (request: FastifyRequest): string => {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
};

/**
 * Two budgets for each of sign-in and registration: per IP and per e-mail. Sign-in counts failures
 * only, so a household behind one address is not locked out by its own successful logins.
 */
export function createAuthRateLimits(app: FastifyInstance) {
  const make = (scope: string): [Limiter, Limiter] => [
    app.createRateLimit({ max: AUTH_ATTEMPTS_PER_MINUTE, timeWindow: WINDOW_MS, keyGenerator: (r) => `${scope}:ip:${r.ip}` }),
    app.createRateLimit({ max: AUTH_ATTEMPTS_PER_MINUTE, timeWindow: WINDOW_MS, keyGenerator: (r) => `${scope}:email:${emailOf(r)}` }),
  ];
  const login = make('login');
  const register = make('register');

  const refuse = (reply: FastifyReply, ttlSeconds: number) =>
    reply
      .code(429)
      .header('retry-after', String(Math.max(1, ttlSeconds)))
      .send({ code: 'rate.limited', message: 'Too many attempts. Please wait a minute and try again.' });

  /** Answers 429 when a budget is spent; otherwise lets the request through without spending. */
  const check = async (limiters: [Limiter, Limiter], request: FastifyRequest, reply: FastifyReply) => {
    for (const limiter of limiters) {
      const state = await limiter(request, { increment: false });
      if (!state.isAllowed && state.remaining <= 0) return refuse(reply, state.ttlInSeconds);
    }
  };
  const spend = async (limiters: [Limiter, Limiter], request: FastifyRequest) => {
    for (const limiter of limiters) await limiter(request);
  };

  return {
    checkLogin: (request: FastifyRequest, reply: FastifyReply) => check(login, request, reply),
    recordFailedLogin: (request: FastifyRequest) => spend(login, request),
    /** Registration spends on every attempt: creating accounts in bulk is the abuse to stop. */
    checkAndSpendRegister: async (request: FastifyRequest, reply: FastifyReply) => {
      const refused = await check(register, request, reply);
      if (refused) return refused;
      await spend(register, request);
    },
  };
}
