import { z } from 'zod';
import path from 'node:path';
import { parseOcrLanguages, type OcrLanguage } from '../extraction/ocr-languages.ts';

/**
 * The HTTP server's limits on slow clients and open connections (README "Security"). Behind nginx its own
 * client timeouts meet clients first; these guard a port reached directly and the proxy's own connections.
 */
export interface HttpLimits {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxConnections: number;
}

export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  headersTimeoutMs: 30_000,
  // Node's own default: a 10 MB upload needs about 35 kB/s.
  requestTimeoutMs: 300_000,
  // Fastify's own default, longer than nginx's upstream keep-alive (60 s), so that nginx always closes an idle
  // connection first and never sends a request on one this server is closing.
  keepAliveTimeoutMs: 72_000,
  maxConnections: 2_000,
};

const bool = z.enum(['true', 'false', '1', '0', '']).optional().transform((v) => v === 'true' || v === '1');
const optionalString = z.string().trim().optional().transform((v) => (v ? v : undefined));
const optionalUrl = (what: string) =>
  optionalString.pipe(z.url({ message: `${what} must be a URL` }).optional());

/**
 * The environment, parsed once (docs/architecture.md "Composition root"). Names are the README's
 * configuration table; a bad value stops the process with every problem listed.
 */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    PORT: z.coerce.number({ message: 'PORT must be a number' }).int().min(1).max(65535, { message: 'PORT must be between 1 and 65535' }).default(3000),
    HOST: z.string().trim().min(1).default('localhost'),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: optionalString.pipe(
      z.string().regex(/^postgres(ql)?:\/\//, { message: 'DATABASE_URL must start with postgres:// or postgresql://' }).optional()),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    ANALYSIS_WORKERS: z.coerce.number().int().min(0).max(32).default(1),
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    /** A client must send a request's headers within this long of its first byte (or of connecting), or gets 408 and is closed. */
    HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(DEFAULT_HTTP_LIMITS.headersTimeoutMs),
    /**
     * ...and the whole request, body included (a 10 MB upload at about 35 kB/s). Receiving only: a response may take
     * longer (a progress stream, an analysis the request waits for).
     */
    HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(DEFAULT_HTTP_LIMITS.requestTimeoutMs),
    /** An idle kept-alive connection is closed after this long; behind a proxy, longer than the proxy's own upstream keep-alive. */
    HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(DEFAULT_HTTP_LIMITS.keepAliveTimeoutMs),
    /** Progress streams (GET /api/analyze/progress/:id) open at once for one user, and in one process (ADR 0005). */
    PROGRESS_STREAMS_PER_USER: z.coerce.number().int().min(1).max(1_000).default(5),
    PROGRESS_STREAMS_PER_PROCESS: z.coerce.number().int().min(1).max(100_000).default(500),
    /** Connections open at once; the ones beyond are closed as they arrive, before they cost a file descriptor for long. */
    HTTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(DEFAULT_HTTP_LIMITS.maxConnections),
    SESSION_SECRET: optionalString.pipe(
      z.string().min(32, { message: 'SESSION_SECRET must be at least 32 characters' }).optional()),
    ADMIN_EMAILS: z.string().default('').transform((v, ctx) => {
      const emails = v.split(',').map((e) => e.trim().toLowerCase()).filter(Boolean);
      for (const e of emails) {
        if (!z.email().safeParse(e).success) ctx.addIssue({ code: 'custom', message: `ADMIN_EMAILS has an invalid e-mail: ${e}` });
      }
      return emails;
    }),
    PUBLIC_URL: optionalUrl('PUBLIC_URL'),
    ENABLE_DEV_PAGES: bool,
    OPENAI_API_KEY: optionalString,
    OPENAI_BASE_URL: optionalUrl('OPENAI_BASE_URL'),
    OPENAI_MODEL: z.string().default('gpt-4o-mini'),
    OLLAMA_HOST: optionalUrl('OLLAMA_HOST'),
    OLLAMA_MODEL: z.string().default('llama3.1'),
    /** The model's context window per call (prompt, document text and answer); longer documents are analysed in chunks, then combined. */
    LLM_CONTEXT_TOKENS: z.coerce.number().int().min(1000).default(12000),
    LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120000),
    STRIPE_SECRET_KEY: optionalString.pipe(
      z.string().regex(/^(sk|rk)_/, { message: 'STRIPE_SECRET_KEY must start with sk_ or rk_' }).optional()),
    STRIPE_PUBLISHABLE_KEY: optionalString.pipe(
      z.string().startsWith('pk_', { message: 'STRIPE_PUBLISHABLE_KEY must start with pk_' }).optional()),
    STRIPE_WEBHOOK_SECRET: optionalString.pipe(
      z.string().startsWith('whsec_', { message: 'STRIPE_WEBHOOK_SECRET must start with whsec_' }).optional()),
    STRIPE_PRICE_PATRIOT: optionalString.pipe(
      z.string().startsWith('price_', { message: 'STRIPE_PRICE_PATRIOT must be a Stripe Price id (price_...)' }).optional()),
    STRIPE_PRICE_DEFENDER: optionalString.pipe(
      z.string().startsWith('price_', { message: 'STRIPE_PRICE_DEFENDER must be a Stripe Price id (price_...)' }).optional()),
    /** Another Stripe API endpoint (a local test server); Stripe's own when unset. */
    STRIPE_API_BASE: optionalUrl('STRIPE_API_BASE'),
    /** Real e-mail through this SMTP server; without it e-mail stays in the outbox (docs/product/self-hosting.md "Embedded defaults"). */
    SMTP_URL: optionalString.pipe(
      z.string().regex(/^smtps?:\/\/[^/?#]+/, { message: 'SMTP_URL must look like smtp://user:pass@host:587 or smtps://user:pass@host:465' }).optional()),
    /** The From of every e-mail; `CivicWatch <no-reply@PUBLIC_URL's host>` when unset. */
    MAIL_FROM: optionalString.pipe(
      z.string().regex(/^[^\r\n]*@[^\r\n]*$/, { message: 'MAIL_FROM must be an address such as CivicWatch <no-reply@example.org>' }).optional()),
    /** Rate-limit counters in this Redis instead of the database (ADR 0015). */
    REDIS_URL: optionalString.pipe(
      z.string().regex(/^rediss?:\/\//, { message: 'REDIS_URL must start with redis:// or rediss://' }).optional()),
    /**
     * Sign-in attempts on an account that others keep failing to sign in to wait this long, doubling with each
     * further failure up to SIGN_IN_MAX_DELAY_MS (apps/api/src/plugins/auth-rate-limit.ts): slowed, never locked.
     */
    SIGN_IN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(500),
    SIGN_IN_MAX_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(8_000),
    /**
     * Behind a reverse proxy: take the client's address from X-Forwarded-For. Off unless set, even with an https
     * PUBLIC_URL: TLS may end at this process or at a proxy that still lets clients reach the port directly, and
     * a client that reaches it would name its own address (ADR 0003).
     */
    TRUST_PROXY: bool,
    /** The OCR models every scan is read with (`fra`, `spa+eng`); unset, each document's are chosen from its language (ADR 0021). */
    OCR_LANGUAGES: optionalString.transform((value, ctx) => {
      if (value === undefined) return undefined;
      const parsed = parseOcrLanguages(value);
      if (parsed.ok) return parsed.languages;
      ctx.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    }),
  })
  .superRefine((env, ctx) => {
    if (env.HTTP_HEADERS_TIMEOUT_MS > env.HTTP_REQUEST_TIMEOUT_MS) {
      ctx.addIssue({ code: 'custom', path: ['HTTP_HEADERS_TIMEOUT_MS'], message: 'HTTP_HEADERS_TIMEOUT_MS must not be longer than HTTP_REQUEST_TIMEOUT_MS, which includes the headers' });
    }
    if (env.DATABASE_URL && !env.SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'SESSION_SECRET is required with DATABASE_URL, so that every instance signs sessions and unsubscribe links alike' });
    }
    const stripe = [env.STRIPE_SECRET_KEY, env.STRIPE_PUBLISHABLE_KEY, env.STRIPE_WEBHOOK_SECRET].filter(Boolean).length;
    if (env.SIGN_IN_MAX_DELAY_MS < env.SIGN_IN_DELAY_MS) {
      ctx.addIssue({ code: 'custom', path: ['SIGN_IN_MAX_DELAY_MS'], message: 'SIGN_IN_MAX_DELAY_MS must be at least SIGN_IN_DELAY_MS' });
    }
    if (stripe > 0 && stripe < 3) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_SECRET_KEY'], message: 'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET go together: payments need all three' });
    }
  });

export type Env = z.infer<typeof envSchema>;

/** Every environment variable the configuration reads; deployment files are checked against it. */
export const configVariables: readonly string[] = Object.keys(envSchema.shape);

export interface AppConfig {
  env: Env['NODE_ENV'];
  logLevel: Env['LOG_LEVEL'];
  port: number;
  host: string;
  /** Absolute. */
  dataDir: string;
  publicUrl: string;
  /** Cookies get `Secure` when the public URL is https. */
  secureCookies: boolean;
  /** The client's address comes from X-Forwarded-For (a reverse proxy in front): rate limits count per client. */
  trustProxy: boolean;
  database:
    | { kind: 'embedded'; dataDir: string; poolSize: number }
    | { kind: 'server'; url: string; poolSize: number };
  /** Analyses `civicwatch serve` runs at once in its own process; 0: an API-only instance (ADR 0012). */
  analysisWorkers: number;
  /** How long a stopping process lets its requests and jobs finish (ADR 0012). */
  shutdownGraceMs: number;
  http: HttpLimits;
  /** Progress streams open at once, per user and in this process; beyond, 429 (ADR 0005). */
  progressStreams: { perUser: number; perProcess: number };
  /** Undefined in embedded mode until generated under DATA_DIR (adapters/src/config/session-secret.ts). */
  sessionSecret: string | undefined;
  adminEmails: string[];
  devPagesEnabled: boolean;
  analyzer:
    | { kind: 'embedded' }
    | { kind: 'openai'; apiKey: string; baseUrl: string | undefined; model: string; contextTokens: number; timeoutMs: number }
    | { kind: 'ollama'; host: string; model: string; contextTokens: number; timeoutMs: number };
  /** Payments; null when not configured (the checkout says so). */
  stripe: {
    secretKey: string;
    publishableKey: string;
    webhookSecret: string;
    /** Undefined for Stripe's own API. */
    apiBase: string | undefined;
    /** Price ids given at start, written into the tiers (docs/product/credits-and-tiers.md "Tiers"). */
    prices: { patriot?: string; defender?: string };
  } | null;
  /** Where e-mail is sent; null keeps it in the outbox for administrators to read. */
  smtp: { url: string; from: string } | null;
  /**
   * Checkout asks for a verified e-mail address only where the verification link can arrive: with SMTP_URL
   * (docs/product/accounts.md "E-mail verification"). The web app is told through GET /api/config.
   */
  verifiedEmailRequired: boolean;
  /** Where rate-limit counters live, shared by every instance (ADR 0015). */
  rateLimits: { kind: 'database' } | { kind: 'redis'; url: string };
  /** How sign-ins to an account that keeps failing are slowed down (ADR 0015). */
  signInSlowdown: SignInSlowdown;
  /** The models scans are read with; undefined: chosen per document from its language (ADR 0021). */
  ocrLanguages: OcrLanguage[] | undefined;
}

/** The first wait, in ms, once an account has failed often, doubled with each further failure up to `maxDelayMs`. */
export interface SignInSlowdown {
  firstDelayMs: number;
  maxDelayMs: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment; throws ConfigError listing every problem. */
export function loadConfig(source: Record<string, string | undefined> = process.env, cwd = process.cwd()): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => {
      const name = i.path.join('.');
      return name && !i.message.includes(name) ? `${name}: ${i.message}` : i.message;
    }));
  }
  const env = parsed.data;
  const dataDir = path.resolve(cwd, env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const llm = { contextTokens: env.LLM_CONTEXT_TOKENS, timeoutMs: env.LLM_TIMEOUT_MS };
  return {
    env: env.NODE_ENV,
    logLevel: env.LOG_LEVEL,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    trustProxy: env.TRUST_PROXY,
    database: env.DATABASE_URL
      ? { kind: 'server', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
      : { kind: 'embedded', dataDir, poolSize: env.DATABASE_POOL_SIZE },
    analysisWorkers: env.ANALYSIS_WORKERS,
    shutdownGraceMs: env.SHUTDOWN_GRACE_SECONDS * 1000,
    http: {
      headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: env.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      maxConnections: env.HTTP_MAX_CONNECTIONS,
    },
    progressStreams: { perUser: env.PROGRESS_STREAMS_PER_USER, perProcess: env.PROGRESS_STREAMS_PER_PROCESS },
    sessionSecret: env.SESSION_SECRET,
    adminEmails: env.ADMIN_EMAILS,
    devPagesEnabled: env.ENABLE_DEV_PAGES,
    analyzer: env.OPENAI_API_KEY
      ? { kind: 'openai', apiKey: env.OPENAI_API_KEY, baseUrl: env.OPENAI_BASE_URL, model: env.OPENAI_MODEL, ...llm }
      : env.OLLAMA_HOST
        ? { kind: 'ollama', host: env.OLLAMA_HOST, model: env.OLLAMA_MODEL, ...llm }
        : { kind: 'embedded' },
    stripe: env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_WEBHOOK_SECRET
      ? {
        secretKey: env.STRIPE_SECRET_KEY,
        publishableKey: env.STRIPE_PUBLISHABLE_KEY,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET,
        apiBase: env.STRIPE_API_BASE,
        prices: {
          ...(env.STRIPE_PRICE_PATRIOT ? { patriot: env.STRIPE_PRICE_PATRIOT } : {}),
          ...(env.STRIPE_PRICE_DEFENDER ? { defender: env.STRIPE_PRICE_DEFENDER } : {}),
        },
      }
      : null,
    smtp: env.SMTP_URL ? { url: env.SMTP_URL, from: env.MAIL_FROM ?? `CivicWatch <no-reply@${new URL(publicUrl).hostname}>` } : null,
    verifiedEmailRequired: Boolean(env.SMTP_URL),
    rateLimits: env.REDIS_URL ? { kind: 'redis', url: env.REDIS_URL } : { kind: 'database' },
    signInSlowdown: { firstDelayMs: env.SIGN_IN_DELAY_MS, maxDelayMs: env.SIGN_IN_MAX_DELAY_MS },
    ocrLanguages: env.OCR_LANGUAGES,
  };
}
