import { Container } from 'inversify';
import {
  AdminPolicy, AdminPolicyToken, AnalysisJobs, Clock, DeliverMail, DocumentAnalyzer, GiveUpMail, FactFinder, IdGenerator, LanguageDetector,
  MailSender, PasswordHasher, PaymentGateway, ProcessAnalysis, AbandonAnalysis, ProgressHub, ProgressWatchers, TextExtractor,
  TokenGenerator, TokenHasher, TokenSigner, UnitOfWork, VersionComparer, systemClock,
} from '@civicwatch/core';
import type { AppConfig } from '../config/config.ts';
import { resolveSessionSecret } from '../config/session-secret.ts';
import { openDatabase, type DatabaseHandle } from '../persistence/open-database.ts';
import { PostgresRateLimitStore } from '../persistence/postgres-rate-limit-store.ts';
import { Argon2PasswordHasher } from '../security/argon2-password-hasher.ts';
import { CryptoIdGenerator } from '../security/crypto-id-generator.ts';
import { CryptoTokenGenerator } from '../security/crypto-token-generator.ts';
import { Sha256TokenHasher } from '../security/sha256-token-hasher.ts';
import { PdfjsTextExtractor } from '../extraction/pdfjs-text-extractor.ts';
import { createDiagnosticsLogger } from '../logging/process-logger.ts';
import { EmbeddedDocumentAnalyzer } from '../analysis/embedded/embedded-document-analyzer.ts';
import { EldLanguageDetector } from '../analysis/language/eld-language-detector.ts';
import { RuleBasedFactFinder } from '../analysis/understanding/rule-based-fact-finder.ts';
import { RuleBasedVersionComparer } from '../analysis/comparison/rule-based-version-comparer.ts';
import { PostgresProgressHub } from '../progress/postgres-progress-hub.ts';
import { PgBossJobs, type QueueLogger } from '../queue/pg-boss-jobs.ts';
import { PgBossAnalysisQueue } from '../queue/pg-boss-analysis-queue.ts';
import { PgBossMailQueue } from '../queue/pg-boss-mail-queue.ts';
import { HmacTokenSigner } from '../notifications/hmac-token-signer.ts';
import type { NodemailerMailSender } from '../notifications/nodemailer-mail-sender.ts';
import type { Redis } from 'ioredis';
import { bindAccountUseCases } from './bind-account-use-cases.ts';
import { bindAdminUseCases } from './bind-admin-use-cases.ts';
import { bindAnalysisUseCases } from './bind-analysis-use-cases.ts';
import { bindBillingUseCases } from './bind-billing-use-cases.ts';
import { AppConfigToken, bindPort } from './typed-bindings.ts';

/**
 * Where @fastify/rate-limit keeps its counters, shared by every instance (ADR 0015): the database's
 * `rate_limits` table (a store class the plugin constructs), or a Redis connection with REDIS_URL.
 */
export type RateLimitBackend =
  | { kind: 'database'; store: ReturnType<typeof PostgresRateLimitStore.on> }
  | { kind: 'redis'; client: Redis };

/** One process's wiring: the API, the CLI, the workers and the Cucumber support all start here. */
export interface Runtime {
  config: AppConfig;
  container: Container;
  database: DatabaseHandle;
  /**
   * Runs this process's mail worker until close() when SMTP_URL is set (ADR 0028), after startAnalysisQueue; the
   * API server calls it. Answers whether delivery started: without SMTP_URL e-mail waits in the outbox.
   */
  startMailDelivery(logger?: QueueLogger): Promise<boolean>;
  /** The rate limits' store, opened on first call (the API's; the CLI never connects to Redis). */
  openRateLimits(): Promise<RateLimitBackend>;
  /**
   * Connects to the job queue (ADR 0012), needed to submit or wait for analyses and to write e-mail, and runs `workers`
   * of its jobs at once in this process (0: none). The API server, `civicwatch worker` and tests call it.
   */
  startAnalysisQueue(options: { workers: number; logger?: QueueLogger }): Promise<void>;
  /** Ends this process's waits for analyses: each answers that its analysis goes on (ADR 0012). */
  handBackAnalyses(): void;
  /** Starts the processes that open submitted PDFs before the first submission needs them (the API server). */
  warmDocumentChecks(): void;
  /** Names this process's worker in the logs. */
  readonly workerName: string;
  /** Stops taking jobs, gives a job under way `graceMs` (default: SHUTDOWN_GRACE_SECONDS) to finish, then closes everything. */
  close(options?: { graceMs?: number }): Promise<void>;
}

/**
 * Brings the schema to this code's version before a command or a server works on it, and answers the migrations
 * it applied. The embedded database belongs to this installation, so its pending committed migrations are applied
 * here, as `civicwatch migrate` applies them: a fresh clone's first command just works. A PostgreSQL server's schema
 * is its operator's, migrated once before the instances start (ADR 0015): an older one is refused with a message
 * that says what to do, instead of a missing-table error from deep inside a query.
 */
export async function migrateEmbeddedOrRefuseOutdatedSchema(runtime: Runtime): Promise<string[]> {
  const pending = await runtime.database.pendingMigrations();
  if (pending.length === 0) return [];
  if (runtime.database.kind === 'embedded') return runtime.database.migrate();
  throw new Error(`The database has ${pending.length} pending migration(s): run \`civicwatch migrate\` first.`);
}

/**
 * Builds the container from the configuration: adapters are chosen by config, never rebound by callers
 * (tests vary the config instead). Opening the database and reading (in embedded mode, creating) the
 * session secret are the only IO done here.
 */
export async function createRuntime(config: AppConfig): Promise<Runtime> {
  // Unsubscribe links are signed with the sessions' secret, so every instance signs them alike (docs/product).
  const sessionSecret = await resolveSessionSecret(config);
  const mailSender = await createMailSender(config.smtp);
  // One pg-boss per process for the analyses and the e-mail (ADR 0028).
  const jobs = new PgBossJobs();
  const analysisQueue = new PgBossAnalysisQueue(jobs);
  const mailQueue = new PgBossMailQueue(jobs);
  const database = await openDatabase(config.database, { analysisJobs: (em) => analysisQueue.within(em), mailJobs: (em) => mailQueue.within(em) });
  // One detector for the analyses and for choosing the OCR models of scans: its n-grams are loaded once.
  const languageDetector = new EldLanguageDetector();
  const extractor = new PdfjsTextExtractor({ ocrLanguages: config.ocrLanguages, logger: createDiagnosticsLogger(config), languageDetector });
  const ids = new CryptoIdGenerator();
  // In the database (ADR 0012): a watcher on any instance hears the worker of any process.
  const progressHub = new PostgresProgressHub(database.orm, ids);
  const container = new Container({ defaultScope: 'Singleton' });

  bindPort(container, AppConfigToken, config);
  bindPort(container, UnitOfWork, database.uow);
  bindPort(container, PasswordHasher, new Argon2PasswordHasher());
  bindPort(container, IdGenerator, ids);
  bindPort(container, TokenGenerator, new CryptoTokenGenerator());
  bindPort(container, TokenHasher, new Sha256TokenHasher());
  bindPort(container, Clock, systemClock);
  bindPort(container, AdminPolicyToken, new AdminPolicy(config.adminEmails));
  bindPort(container, TextExtractor, extractor);
  bindPort(container, LanguageDetector, languageDetector);
  bindPort(container, FactFinder, new RuleBasedFactFinder());
  bindPort(container, VersionComparer, await createVersionComparer(config.analyzer));
  bindPort(container, DocumentAnalyzer, await createAnalyzer(config.analyzer));
  bindPort(container, ProgressHub, progressHub);
  // One count of open progress streams for the whole process (ADR 0005).
  container.bind(ProgressWatchers).toConstantValue(new ProgressWatchers(config.progressStreams));
  bindPort(container, AnalysisJobs, analysisQueue);
  bindPort(container, PaymentGateway, await createPaymentGateway(config.stripe));
  bindPort(container, TokenSigner, new HmacTokenSigner(sessionSecret));
  bindPort(container, MailSender, mailSender);
  // The use cases are built by inversify's resolver from the identifiers each lists (ADR 0029).
  bindAccountUseCases(container);
  bindAnalysisUseCases(container);
  bindBillingUseCases(container);
  bindAdminUseCases(container);

  let rateLimits: Promise<RateLimitBackend> | undefined;

  return {
    config,
    container,
    database,
    startMailDelivery: async (logger) => {
      if (!mailSender) return false;
      // Built here, not bound: it exists only with a mail server.
      const deliver = new DeliverMail(database.uow, mailSender, systemClock);
      await mailQueue.work({
        deliver: (delivery) => deliver.execute(delivery),
        giveUp: (messageId) => container.get(GiveUpMail).execute(messageId),
      }, logger);
      return true;
    },
    openRateLimits: () => {
      rateLimits ??= createRateLimitBackend(config.rateLimits, database);
      return rateLimits;
    },
    workerName: jobs.instanceName,
    handBackAnalyses: () => analysisQueue.handBack(),
    warmDocumentChecks: () => extractor.warmChecks(),
    startAnalysisQueue: async ({ workers, logger }) => {
      // The embedded database runs one query at a time: a few connections are all the queue can use (one more for e-mail).
      await jobs.start({ connection: database.connection, poolSize: Math.min(config.database.poolSize, workers + (mailSender ? 3 : 2)), logger });
      await analysisQueue.start({
        workers,
        handlers: {
          process: (job) => container.get(ProcessAnalysis).execute(job),
          abandon: (job) => container.get(AbandonAnalysis).execute(job),
        },
        logger,
      });
    },
    close: async (options = {}) => {
      // Jobs first: an analysis or an e-mail under way finishes (or is handed back) while the database is still open.
      await jobs.stop({ graceMs: options.graceMs ?? config.shutdownGraceMs });
      await progressHub.flush();
      const limits = await rateLimits?.catch(() => undefined);
      // QUIT lets the commands under way finish; a Redis that is gone gets the socket closed instead.
      if (limits?.kind === 'redis') await limits.client.quit().catch(() => limits.client.disconnect());
      mailSender?.close();
      await container.unbindAll();
      await extractor.close();
      await database.close();
    },
  };
}

/** The analyzer the configuration names; the LLM SDKs are loaded only when chosen. */
async function createAnalyzer(analyzer: AppConfig['analyzer']): Promise<DocumentAnalyzer> {
  switch (analyzer.kind) {
    case 'openai': {
      const { OpenAiDocumentAnalyzer } = await import('../analysis/openai/openai-document-analyzer.ts');
      return new OpenAiDocumentAnalyzer(analyzer);
    }
    case 'ollama': {
      const { OllamaDocumentAnalyzer } = await import('../analysis/ollama/ollama-document-analyzer.ts');
      return new OllamaDocumentAnalyzer(analyzer);
    }
    case 'embedded':
      return new EmbeddedDocumentAnalyzer();
  }
}

/**
 * The comparer of versions for the same configuration: the offline comparison, worded by the analyses' model when
 * one is configured (issue 17), and by its own templates with the embedded analyzer.
 */
async function createVersionComparer(analyzer: AppConfig['analyzer']): Promise<VersionComparer> {
  switch (analyzer.kind) {
    case 'openai': {
      const { OpenAiVersionComparer } = await import('../analysis/openai/openai-version-comparer.ts');
      return new OpenAiVersionComparer(analyzer);
    }
    case 'ollama': {
      const { OllamaVersionComparer } = await import('../analysis/ollama/ollama-version-comparer.ts');
      return new OllamaVersionComparer(analyzer);
    }
    case 'embedded':
      return new RuleBasedVersionComparer();
  }
}

/** SMTP when configured; nodemailer is loaded only then. */
async function createMailSender(smtp: AppConfig['smtp']): Promise<NodemailerMailSender | null> {
  if (!smtp) return null;
  const { NodemailerMailSender } = await import('../notifications/nodemailer-mail-sender.ts');
  return new NodemailerMailSender(smtp);
}

/** Redis when REDIS_URL is set, connected before the first request so that a wrong URL stops the start; ioredis is loaded only then. */
async function createRateLimitBackend(rateLimits: AppConfig['rateLimits'], database: DatabaseHandle): Promise<RateLimitBackend> {
  if (rateLimits.kind === 'database') return { kind: 'database', store: PostgresRateLimitStore.on(database.orm) };
  const { Redis } = await import('ioredis');
  // Few retries per command: a request waiting on a Redis that is down answers an error instead of hanging.
  const client = new Redis(rateLimits.url, { lazyConnect: true, maxRetriesPerRequest: 2, connectTimeout: 5_000 });
  // A failed first connection is reported by connect() below, not as an unhandled 'error' event.
  const quiet = () => {};
  client.on('error', quiet);
  try {
    await client.connect();
    client.off('error', quiet);
  } catch (error) {
    client.disconnect();
    throw new Error(`REDIS_URL: cannot connect to ${redactedUrl(rateLimits.url)} (${error instanceof Error ? error.message : String(error)})`, { cause: error });
  }
  return { kind: 'redis', client };
}

/** The URL without its password, for messages. */
function redactedUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/** Stripe when configured; the SDK is loaded only then. */
async function createPaymentGateway(stripe: AppConfig['stripe']): Promise<PaymentGateway | null> {
  if (!stripe) return null;
  const { StripePaymentGateway } = await import('../payments/stripe/stripe-payment-gateway.ts');
  return new StripePaymentGateway({ secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiBase: stripe.apiBase });
}
