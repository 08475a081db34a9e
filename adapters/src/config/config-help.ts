import type { z } from 'zod';
import { envSchema } from './config.ts';

/**
 * What each environment variable is for, in a line, for the command line's help (`civicwatch serve --help`).
 * Keyed by the schema's own names: a variable added to `envSchema` without a line here, or a line left for a
 * variable that is gone, fails the typecheck. Defaults and closed choices are read from the schema itself;
 * README "Configuration" says more about each.
 */

/** The parts of the product a variable configures, in the order help shows them. */
export const configConcerns = [
  { key: 'http', title: 'the web server' },
  { key: 'signIn', title: 'sign-in and rate limits' },
  { key: 'database', title: 'the database' },
  { key: 'admins', title: 'administrators' },
  { key: 'analyzer', title: 'reading and analysing documents' },
  { key: 'payments', title: 'payments with Stripe' },
  { key: 'email', title: 'e-mail' },
  { key: 'process', title: 'the process' },
] as const;
export type ConfigConcern = (typeof configConcerns)[number]['key'];

export type ConfigVariable = keyof typeof envSchema.shape;

export interface VariableHelp {
  concern: ConfigConcern;
  /** One line, lower case first, as commander's option descriptions; what an unset variable means when no default says it. */
  summary: string;
}

export const configVariableHelp: { readonly [V in ConfigVariable]: VariableHelp } = {
  NODE_ENV: { concern: 'process', summary: 'production logs JSON lines even on a terminal' },
  LOG_LEVEL: { concern: 'process', summary: 'how much is logged' },
  PORT: { concern: 'http', summary: 'HTTP port of the web app and the API' },
  HOST: { concern: 'http', summary: 'interface to listen on; 0.0.0.0 in containers' },
  DATA_DIR: { concern: 'database', summary: 'the embedded database and other local state' },
  DATABASE_URL: { concern: 'database', summary: 'postgres://…: a PostgreSQL server instead of the embedded database' },
  DATABASE_POOL_SIZE: { concern: 'database', summary: 'database connections per process' },
  ANALYSIS_WORKERS: { concern: 'process', summary: 'analyses run at once from the queue; 0 makes `serve` an API-only instance' },
  SHUTDOWN_GRACE_SECONDS: { concern: 'process', summary: 'on SIGTERM or SIGINT, how long the requests and analyses under way may take to finish' },
  HTTP_HEADERS_TIMEOUT_MS: { concern: 'http', summary: 'how long a client may take to send a request\'s headers' },
  HTTP_REQUEST_TIMEOUT_MS: { concern: 'http', summary: 'how long a client may take to send a whole request, body included' },
  HTTP_KEEP_ALIVE_TIMEOUT_MS: { concern: 'http', summary: 'how long an idle kept-alive connection stays open' },
  PROGRESS_STREAMS_PER_USER: { concern: 'http', summary: 'analysis progress streams open at once per user; beyond, 429' },
  PROGRESS_STREAMS_PER_PROCESS: { concern: 'http', summary: 'analysis progress streams open at once per process' },
  HTTP_MAX_CONNECTIONS: { concern: 'http', summary: 'connections open at once; new ones beyond are closed as they arrive' },
  SESSION_SECRET: {
    concern: 'database',
    summary: '32+ characters signing sessions and unsubscribe links; required with DATABASE_URL, else generated under DATA_DIR',
  },
  ADMIN_EMAILS: { concern: 'admins', summary: 'comma-separated accounts that are administrators once verified; the first is the main one' },
  PUBLIC_URL: { concern: 'http', summary: 'the address users reach, in links and e-mails (http://localhost:PORT when unset); https:// turns on Secure cookies' },
  ENABLE_DEV_PAGES: { concern: 'http', summary: 'true: serve the payment developer pages' },
  OPENAI_API_KEY: { concern: 'analyzer', summary: 'analyse with OpenAI or a compatible server instead of the embedded analyzer' },
  OPENAI_BASE_URL: { concern: 'analyzer', summary: 'an OpenAI-compatible server (OpenAI\'s own when unset)' },
  OPENAI_MODEL: { concern: 'analyzer', summary: 'the model OpenAI analyses with' },
  OLLAMA_HOST: { concern: 'analyzer', summary: 'http://…: analyse with a local model through Ollama' },
  OLLAMA_MODEL: { concern: 'analyzer', summary: 'the model Ollama analyses with' },
  LLM_CONTEXT_TOKENS: { concern: 'analyzer', summary: 'the model\'s context window per call; longer documents are analysed in chunks' },
  LLM_TIMEOUT_MS: { concern: 'analyzer', summary: 'time limit of each call to the model' },
  STRIPE_SECRET_KEY: { concern: 'payments', summary: 'sk_… or rk_…; payments need the three keys or none' },
  STRIPE_PUBLISHABLE_KEY: { concern: 'payments', summary: 'pk_…' },
  STRIPE_WEBHOOK_SECRET: { concern: 'payments', summary: 'whsec_…' },
  STRIPE_PRICE_PATRIOT: { concern: 'payments', summary: 'Stripe Price id (price_…) written into the Patriot tier at start' },
  STRIPE_PRICE_DEFENDER: { concern: 'payments', summary: 'Stripe Price id (price_…) written into the Defender tier at start' },
  STRIPE_API_BASE: { concern: 'payments', summary: 'another Stripe API endpoint, such as a local test server' },
  SMTP_URL: { concern: 'email', summary: 'smtp://user:pass@host:587 or smtps://…:465; without it e-mail stays in the outbox' },
  MAIL_FROM: { concern: 'email', summary: 'the sender of every e-mail (CivicWatch <no-reply@PUBLIC_URL\'s host> when unset)' },
  REDIS_URL: { concern: 'signIn', summary: 'redis://…: keep rate-limit counters in Redis instead of the database' },
  SIGN_IN_DELAY_MS: { concern: 'signIn', summary: 'first wait of sign-ins to an account that keeps failing, doubled with each failure' },
  SIGN_IN_MAX_DELAY_MS: { concern: 'signIn', summary: 'the longest such wait' },
  TRUST_PROXY: { concern: 'http', summary: 'true behind a reverse proxy: the client\'s address is read from X-Forwarded-For' },
  OCR_LANGUAGES: { concern: 'analyzer', summary: 'OCR models for scans: eng, fra, spa, or joined by + (spa+eng); unset, chosen per document' },
};

/** Every variable, in the schema's order. */
export const configVariableNames = Object.keys(envSchema.shape) as ConfigVariable[];

interface SchemaDef { type: string; defaultValue?: unknown; innerType?: { _zod: { def: SchemaDef } }; entries?: Record<string, string> }
const defOf = (schema: z.ZodType): SchemaDef => schema._zod.def as unknown as SchemaDef;

/** The value the schema gives an unset variable, as it would be typed; undefined when it has none. */
export const variableDefault = (name: ConfigVariable): string | undefined => {
  const def = defOf(envSchema.shape[name]);
  return def.type === 'default' && def.defaultValue !== '' ? String(def.defaultValue) : undefined;
};

/** The values the schema accepts when it accepts only a few (LOG_LEVEL's levels); undefined otherwise. */
export const variableChoices = (name: ConfigVariable): string[] | undefined => {
  const def = defOf(envSchema.shape[name]);
  const inner = def.type === 'default' ? def.innerType?._zod.def : def;
  return inner?.type === 'enum' && inner.entries ? Object.values(inner.entries) : undefined;
};
