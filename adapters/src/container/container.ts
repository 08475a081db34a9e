import { Container } from 'inversify';
import {
  AdminPolicy, AdminPolicyToken, AnalyzeDocument, Clock, DeleteAnalysis, DocumentAnalyzer, GetAnalysis, GetCurrentUser,
  GetDashboard, GrantAdminRoles, IdGenerator, ListAnalyses, ListSubscriptionTiers, ListUsers, LogIn, PasswordHasher,
  ProgressHub, RecoverInterruptedAnalyses, RegisterUser, RunAnalysis, TextExtractor, UnitOfWork, UpdateProfile,
  WatchAnalysisProgress, systemClock, ValidatePromo, RedeemPromo, CreatePromo, ListPromos, DeletePromo,
  PaymentGateway, StartCheckout, ConfirmPayment, HandlePaymentEvent, CancelSubscription, GetSubscription, SetTierPriceIds,
} from '@civicwatch/core';
import type { AppConfig } from '../config/config.ts';
import { openDatabase, type DatabaseHandle } from '../persistence/open-database.ts';
import { Argon2PasswordHasher } from '../security/argon2-password-hasher.ts';
import { CryptoIdGenerator } from '../security/crypto-id-generator.ts';
import { PdfjsTextExtractor } from '../extraction/pdfjs-text-extractor.ts';
import { EmbeddedDocumentAnalyzer } from '../analysis/embedded/embedded-document-analyzer.ts';
import { InProcessProgressHub } from '../progress/in-process-progress-hub.ts';

export const AppConfigToken = Symbol('AppConfig');

/** One process's wiring: the API, the CLI, the workers and the Cucumber support all start here. */
export interface Runtime {
  config: AppConfig;
  container: Container;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/**
 * Refuses to work on a schema older than the code (after an update, before `civicwatch migrate`), with a message
 * that says what to do instead of a missing-table error from deep inside a query.
 */
export async function assertSchemaUpToDate(runtime: Runtime): Promise<void> {
  const pending = await runtime.database.pendingMigrations();
  if (pending.length > 0) {
    throw new Error(`The database has ${pending.length} pending migration(s): run \`civicwatch migrate\` first.`);
  }
}

/**
 * Builds the container from the configuration: adapters are chosen by config, never rebound by callers
 * (tests vary the config instead). Opening the database is the only IO done here.
 */
export async function createRuntime(config: AppConfig): Promise<Runtime> {
  const database = await openDatabase(config.database);
  const extractor = new PdfjsTextExtractor();
  const container = new Container({ defaultScope: 'Singleton' });

  container.bind<AppConfig>(AppConfigToken).toConstantValue(config);
  container.bind<UnitOfWork>(UnitOfWork).toConstantValue(database.uow);
  container.bind<PasswordHasher>(PasswordHasher).toConstantValue(new Argon2PasswordHasher());
  container.bind<IdGenerator>(IdGenerator).toConstantValue(new CryptoIdGenerator());
  container.bind<Clock>(Clock).toConstantValue(systemClock);
  container.bind<AdminPolicy>(AdminPolicyToken).toConstantValue(new AdminPolicy(config.adminEmails));
  container.bind<TextExtractor>(TextExtractor).toConstantValue(extractor);
  container.bind<DocumentAnalyzer>(DocumentAnalyzer).toConstantValue(await createAnalyzer(config.analyzer));
  // Per process (ADR 0005): progress reaches watchers connected to the instance that runs the analysis.
  container.bind<ProgressHub>(ProgressHub).toConstantValue(new InProcessProgressHub());
  // Null when payments are not configured: the payment use cases then answer payments.not_configured.
  container.bind<PaymentGateway | null>(PaymentGateway).toConstantValue(await createPaymentGateway(config.stripe));

  const uow = () => container.get<UnitOfWork>(UnitOfWork);
  const clock = () => container.get<Clock>(Clock);
  const hasher = () => container.get<PasswordHasher>(PasswordHasher);
  const adminPolicy = () => container.get<AdminPolicy>(AdminPolicyToken);
  container.bind(RegisterUser).toDynamicValue(() => new RegisterUser(uow(), hasher(), adminPolicy(), clock(), container.get<IdGenerator>(IdGenerator)));
  container.bind(LogIn).toDynamicValue(() => new LogIn(uow(), hasher()));
  container.bind(GetCurrentUser).toDynamicValue(() => new GetCurrentUser(uow()));
  container.bind(UpdateProfile).toDynamicValue(() => new UpdateProfile(uow(), clock()));
  container.bind(GetDashboard).toDynamicValue(() => new GetDashboard(uow(), clock()));
  container.bind(ListSubscriptionTiers).toDynamicValue(() => new ListSubscriptionTiers(uow()));
  container.bind(ListUsers).toDynamicValue(() => new ListUsers(uow()));
  container.bind(GrantAdminRoles).toDynamicValue(() => new GrantAdminRoles(uow(), adminPolicy()));
  container.bind(AnalyzeDocument).toDynamicValue(() =>
    new AnalyzeDocument(container.get<TextExtractor>(TextExtractor), uow(), container.get<DocumentAnalyzer>(DocumentAnalyzer), clock()));
  const progressHub = () => container.get<ProgressHub>(ProgressHub);
  container.bind(RunAnalysis).toDynamicValue(() =>
    new RunAnalysis(uow(), container.get(AnalyzeDocument), progressHub(), container.get<IdGenerator>(IdGenerator), clock()));
  container.bind(RecoverInterruptedAnalyses).toDynamicValue(() => new RecoverInterruptedAnalyses(uow()));
  container.bind(ListAnalyses).toDynamicValue(() => new ListAnalyses(uow()));
  container.bind(GetAnalysis).toDynamicValue(() => new GetAnalysis(uow()));
  container.bind(DeleteAnalysis).toDynamicValue(() => new DeleteAnalysis(uow()));
  container.bind(WatchAnalysisProgress).toDynamicValue(() => new WatchAnalysisProgress(progressHub()));
  container.bind(ValidatePromo).toDynamicValue(() => new ValidatePromo(uow(), clock()));
  container.bind(RedeemPromo).toDynamicValue(() => new RedeemPromo(uow(), clock()));
  container.bind(CreatePromo).toDynamicValue(() => new CreatePromo(uow(), clock(), container.get<IdGenerator>(IdGenerator)));
  container.bind(ListPromos).toDynamicValue(() => new ListPromos(uow()));
  container.bind(DeletePromo).toDynamicValue(() => new DeletePromo(uow()));
  const gateway = () => container.get<PaymentGateway | null>(PaymentGateway);
  const ids = () => container.get<IdGenerator>(IdGenerator);
  container.bind(StartCheckout).toDynamicValue(() => new StartCheckout(uow(), gateway(), clock(), ids()));
  container.bind(ConfirmPayment).toDynamicValue(() => new ConfirmPayment(uow(), gateway(), clock()));
  container.bind(HandlePaymentEvent).toDynamicValue(() => new HandlePaymentEvent(uow(), gateway(), clock()));
  container.bind(CancelSubscription).toDynamicValue(() => new CancelSubscription(uow(), gateway(), clock()));
  container.bind(GetSubscription).toDynamicValue(() => new GetSubscription(uow()));
  container.bind(SetTierPriceIds).toDynamicValue(() => new SetTierPriceIds(uow()));

  return {
    config,
    container,
    database,
    close: async () => {
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

/** Stripe when configured; the SDK is loaded only then. */
async function createPaymentGateway(stripe: AppConfig['stripe']): Promise<PaymentGateway | null> {
  if (!stripe) return null;
  const { StripePaymentGateway } = await import('../payments/stripe/stripe-payment-gateway.ts');
  return new StripePaymentGateway({ secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiBase: stripe.apiBase });
}
