import { Container } from 'inversify';
import {
  AdminPolicy, AdminPolicyToken, AnalyzeDocument, Clock, DeleteAnalysis, DocumentAnalyzer, GetAnalysis, GetCurrentUser,
  GetDashboard, GrantAdminRoles, IdGenerator, ListAnalyses, ListSubscriptionTiers, ListUsers, LogIn, PasswordHasher,
  ProgressHub, RegisterUser, RunAnalysis, CancelAnalysis, CompareVersions, VersionComparer, SubmitAnalysis, ProcessAnalysis, AbandonAnalysis, AnalysisJobs, TextExtractor, UnitOfWork, UpdateProfile, LanguageDetector, FactFinder,
  WatchAnalysisProgress, ProgressWatchers, systemClock, ValidatePromo, RedeemPromo, CreatePromo, ListPromos, DeletePromo,
  PaymentGateway, StartCheckout, ConfirmPayment, HandlePaymentEvent, CancelSubscription, GetSubscription, SetTierPriceIds,
  GetPrompts, UpdatePrompt, FindUser, DeleteUser, SetUserTier, GrantCredits, VerifyUserEmail, RefundPayment, GetAdminStats, GetAdminTrends, UpdateTier,
  ListAuditLog, SetAdminRole,
  MailSender, TokenSigner, MessageComposer, Unsubscribe, ListOutbox, DeliverMail, GiveUpMail,
  TokenHasher, AccountLinks, RequestPasswordReset, ResetPassword, SendEmailVerification, VerifyEmail, ChangePassword,
  RequestEmailChange, ConfirmEmailChange,
  TokenGenerator, CreateShareLink, RevokeShareLink, GetSharedAnalysis,
  UpdateEmailPreferences, ListCreditHistory, ExportAccount, DeleteAccount, OpenBillingPortal, GetBillingAccount,
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

export const AppConfigToken = Symbol('AppConfig');

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
  const container = new Container({ defaultScope: 'Singleton' });

  container.bind<AppConfig>(AppConfigToken).toConstantValue(config);
  container.bind<UnitOfWork>(UnitOfWork).toConstantValue(database.uow);
  container.bind<PasswordHasher>(PasswordHasher).toConstantValue(new Argon2PasswordHasher());
  container.bind<IdGenerator>(IdGenerator).toConstantValue(new CryptoIdGenerator());
  container.bind<TokenGenerator>(TokenGenerator).toConstantValue(new CryptoTokenGenerator());
  container.bind<TokenHasher>(TokenHasher).toConstantValue(new Sha256TokenHasher());
  container.bind<Clock>(Clock).toConstantValue(systemClock);
  container.bind<AdminPolicy>(AdminPolicyToken).toConstantValue(new AdminPolicy(config.adminEmails));
  container.bind<TextExtractor>(TextExtractor).toConstantValue(extractor);
  container.bind<LanguageDetector>(LanguageDetector).toConstantValue(languageDetector);
  container.bind<FactFinder>(FactFinder).toConstantValue(new RuleBasedFactFinder());
  container.bind<VersionComparer>(VersionComparer).toConstantValue(await createVersionComparer(config.analyzer));
  container.bind<DocumentAnalyzer>(DocumentAnalyzer).toConstantValue(await createAnalyzer(config.analyzer));
  // In the database (ADR 0012): a watcher on any instance hears the worker of any process.
  const progressHub = new PostgresProgressHub(database.orm, container.get<IdGenerator>(IdGenerator));
  container.bind<ProgressHub>(ProgressHub).toConstantValue(progressHub);
  // One count of open progress streams for the whole process (ADR 0005).
  container.bind(ProgressWatchers).toConstantValue(new ProgressWatchers(config.progressStreams));
  container.bind<AnalysisJobs>(AnalysisJobs).toConstantValue(analysisQueue);
  // Null when payments are not configured: the payment use cases then answer payments.not_configured.
  container.bind<PaymentGateway | null>(PaymentGateway).toConstantValue(await createPaymentGateway(config.stripe));
  container.bind<TokenSigner>(TokenSigner).toConstantValue(new HmacTokenSigner(sessionSecret));
  // Null without SMTP_URL: e-mail then stays in the outbox.
  container.bind<MailSender | null>(MailSender).toConstantValue(mailSender);

  const uow = () => container.get<UnitOfWork>(UnitOfWork);
  const clock = () => container.get<Clock>(Clock);
  const hasher = () => container.get<PasswordHasher>(PasswordHasher);
  const adminPolicy = () => container.get<AdminPolicy>(AdminPolicyToken);
  const signer = () => container.get<TokenSigner>(TokenSigner);
  container.bind(MessageComposer).toDynamicValue(() => new MessageComposer(signer(), config.publicUrl, clock(), container.get<IdGenerator>(IdGenerator)));
  const messages = () => container.get(MessageComposer);
  container.bind(AccountLinks).toDynamicValue(() =>
    new AccountLinks(container.get<TokenGenerator>(TokenGenerator), container.get<TokenHasher>(TokenHasher), clock(), container.get<IdGenerator>(IdGenerator)));
  const links = () => container.get(AccountLinks);
  container.bind(RegisterUser).toDynamicValue(() => new RegisterUser(uow(), hasher(), clock(), container.get<IdGenerator>(IdGenerator), messages(), links()));
  container.bind(RequestPasswordReset).toDynamicValue(() => new RequestPasswordReset(uow(), links(), messages()));
  container.bind(ResetPassword).toDynamicValue(() => new ResetPassword(uow(), hasher(), links(), clock(), messages(), adminPolicy()));
  container.bind(SendEmailVerification).toDynamicValue(() => new SendEmailVerification(uow(), links(), messages()));
  container.bind(VerifyEmail).toDynamicValue(() => new VerifyEmail(uow(), links(), clock(), adminPolicy()));
  container.bind(ChangePassword).toDynamicValue(() => new ChangePassword(uow(), hasher(), clock(), messages()));
  container.bind(RequestEmailChange).toDynamicValue(() => new RequestEmailChange(uow(), hasher(), links(), messages()));
  container.bind(ConfirmEmailChange).toDynamicValue(() => new ConfirmEmailChange(uow(), links(), clock(), adminPolicy()));
  container.bind(LogIn).toDynamicValue(() => new LogIn(uow(), hasher()));
  container.bind(GetCurrentUser).toDynamicValue(() => new GetCurrentUser(uow()));
  container.bind(UpdateProfile).toDynamicValue(() => new UpdateProfile(uow(), clock()));
  container.bind(GetDashboard).toDynamicValue(() => new GetDashboard(uow(), clock()));
  container.bind(ListSubscriptionTiers).toDynamicValue(() => new ListSubscriptionTiers(uow()));
  container.bind(ListUsers).toDynamicValue(() => new ListUsers(uow()));
  container.bind(GrantAdminRoles).toDynamicValue(() => new GrantAdminRoles(uow(), adminPolicy()));
  container.bind(AnalyzeDocument).toDynamicValue(() =>
    new AnalyzeDocument(
      container.get<TextExtractor>(TextExtractor), uow(), container.get<DocumentAnalyzer>(DocumentAnalyzer), clock(),
      container.get<LanguageDetector>(LanguageDetector), container.get<FactFinder>(FactFinder),
    ));
  container.bind(SubmitAnalysis).toDynamicValue(() => new SubmitAnalysis(uow(), progressHub, container.get<IdGenerator>(IdGenerator), clock(), container.get<TextExtractor>(TextExtractor)));
  container.bind(CompareVersions).toDynamicValue(() =>
    new CompareVersions(
      container.get<TextExtractor>(TextExtractor), container.get<VersionComparer>(VersionComparer),
      container.get<LanguageDetector>(LanguageDetector), container.get<FactFinder>(FactFinder), clock(),
    ));
  container.bind(ProcessAnalysis).toDynamicValue(() =>
    new ProcessAnalysis(uow(), container.get(AnalyzeDocument), container.get(CompareVersions), progressHub, clock(), messages()));
  container.bind(AbandonAnalysis).toDynamicValue(() => new AbandonAnalysis(uow(), progressHub));
  container.bind(RunAnalysis).toDynamicValue(() => new RunAnalysis(uow(), container.get(SubmitAnalysis), analysisQueue, progressHub));
  container.bind(CancelAnalysis).toDynamicValue(() => new CancelAnalysis(uow(), progressHub));
  container.bind(ListAnalyses).toDynamicValue(() => new ListAnalyses(uow()));
  container.bind(GetAnalysis).toDynamicValue(() => new GetAnalysis(uow()));
  container.bind(DeleteAnalysis).toDynamicValue(() => new DeleteAnalysis(uow()));
  container.bind(CreateShareLink).toDynamicValue(() => new CreateShareLink(uow(), container.get<TokenGenerator>(TokenGenerator), clock()));
  container.bind(RevokeShareLink).toDynamicValue(() => new RevokeShareLink(uow()));
  container.bind(GetSharedAnalysis).toDynamicValue(() => new GetSharedAnalysis(uow()));
  container.bind(WatchAnalysisProgress).toDynamicValue(() => new WatchAnalysisProgress(uow(), progressHub, container.get(ProgressWatchers)));
  container.bind(ValidatePromo).toDynamicValue(() => new ValidatePromo(uow(), clock()));
  container.bind(RedeemPromo).toDynamicValue(() => new RedeemPromo(uow(), clock()));
  container.bind(CreatePromo).toDynamicValue(() => new CreatePromo(uow(), clock(), container.get<IdGenerator>(IdGenerator)));
  container.bind(ListPromos).toDynamicValue(() => new ListPromos(uow()));
  container.bind(DeletePromo).toDynamicValue(() => new DeletePromo(uow(), clock(), container.get<IdGenerator>(IdGenerator)));
  const gateway = () => container.get<PaymentGateway | null>(PaymentGateway);
  const ids = () => container.get<IdGenerator>(IdGenerator);
  container.bind(StartCheckout).toDynamicValue(() => new StartCheckout(uow(), gateway(), clock(), ids(), messages(), { verifiedEmailRequired: config.verifiedEmailRequired }));
  container.bind(ConfirmPayment).toDynamicValue(() => new ConfirmPayment(uow(), gateway(), clock(), messages()));
  container.bind(HandlePaymentEvent).toDynamicValue(() => new HandlePaymentEvent(uow(), gateway(), clock(), messages()));
  container.bind(CancelSubscription).toDynamicValue(() => new CancelSubscription(uow(), gateway(), clock()));
  container.bind(GetSubscription).toDynamicValue(() => new GetSubscription(uow()));
  container.bind(SetTierPriceIds).toDynamicValue(() => new SetTierPriceIds(uow()));
  container.bind(GetPrompts).toDynamicValue(() => new GetPrompts(uow()));
  container.bind(UpdatePrompt).toDynamicValue(() => new UpdatePrompt(uow(), clock(), ids()));
  container.bind(FindUser).toDynamicValue(() => new FindUser(uow()));
  container.bind(DeleteUser).toDynamicValue(() => new DeleteUser(uow(), gateway(), adminPolicy(), clock(), ids()));
  container.bind(SetUserTier).toDynamicValue(() => new SetUserTier(uow(), clock(), ids()));
  container.bind(GrantCredits).toDynamicValue(() => new GrantCredits(uow(), clock(), ids()));
  container.bind(VerifyUserEmail).toDynamicValue(() => new VerifyUserEmail(uow(), adminPolicy(), clock(), ids()));
  container.bind(RefundPayment).toDynamicValue(() => new RefundPayment(uow(), gateway(), clock(), ids()));
  container.bind(GetAdminStats).toDynamicValue(() => new GetAdminStats(uow()));
  container.bind(GetAdminTrends).toDynamicValue(() => new GetAdminTrends(uow(), clock()));
  container.bind(UpdateTier).toDynamicValue(() => new UpdateTier(uow(), clock(), ids()));
  container.bind(ListAuditLog).toDynamicValue(() => new ListAuditLog(uow()));
  container.bind(SetAdminRole).toDynamicValue(() => new SetAdminRole(uow(), adminPolicy(), clock(), ids()));
  container.bind(Unsubscribe).toDynamicValue(() => new Unsubscribe(uow(), signer(), clock()));
  container.bind(ListOutbox).toDynamicValue(() => new ListOutbox(uow()));
  container.bind(UpdateEmailPreferences).toDynamicValue(() => new UpdateEmailPreferences(uow(), clock()));
  container.bind(ListCreditHistory).toDynamicValue(() => new ListCreditHistory(uow()));
  container.bind(ExportAccount).toDynamicValue(() => new ExportAccount(uow(), clock()));
  container.bind(DeleteAccount).toDynamicValue(() => new DeleteAccount(uow(), hasher(), gateway(), adminPolicy()));
  // The provider's portal sends the user back to account settings.
  container.bind(OpenBillingPortal).toDynamicValue(() => new OpenBillingPortal(uow(), gateway(), `${config.publicUrl}/account`));
  container.bind(GetBillingAccount).toDynamicValue(() => new GetBillingAccount(uow(), gateway()));

  let rateLimits: Promise<RateLimitBackend> | undefined;

  return {
    config,
    container,
    database,
    startMailDelivery: async (logger) => {
      if (!mailSender) return false;
      await mailQueue.work({
        deliver: (delivery) => new DeliverMail(uow(), mailSender, clock()).execute(delivery),
        giveUp: (messageId) => new GiveUpMail(uow(), clock()).execute(messageId),
      }, logger);
      return true;
    },
    openRateLimits: () => {
      rateLimits ??= createRateLimitBackend(config.rateLimits, database);
      return rateLimits;
    },
    workerName: jobs.instanceName,
    handBackAnalyses: () => analysisQueue.handBack(),
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
