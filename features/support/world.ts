import { After, AfterAll, Before, BeforeAll, World, setDefaultTimeout, setWorldConstructor, type IWorldOptions } from '@cucumber/cucumber';
import type { FastifyInstance } from 'fastify';
import type { Runtime } from '@civicwatch/adapters/container/container.ts';
import { startFakeStripe, type FakeStripe } from '@civicwatch/adapters/payments/stripe/testing/fake-stripe-server.ts';
import { buildAppFor } from '@civicwatch/api';
import {
  CreatePromo, ListSubscriptionTiers, SetTierPriceIds, UnitOfWork, createPromoSchema,
  type CreatePaymentIntentResponse, type TierId,
} from '@civicwatch/core';
import { openProduct, type DatabaseKind, type Product } from './product.ts';
import type { Accounts, Outcome } from './wirings/accounts.ability.ts';
import { useCaseAccounts } from './wirings/use-case-accounts.ts';
import { httpAccounts, type HttpSession } from './wirings/http-accounts.ts';
import type { AccountRecovery } from './wirings/account-recovery.ability.ts';
import { useCaseAccountRecovery } from './wirings/use-case-account-recovery.ts';
import { httpAccountRecovery } from './wirings/http-account-recovery.ts';
import type { Analyses } from './wirings/analyses.ability.ts';
import { useCaseAnalyses } from './wirings/use-case-analyses.ts';
import { httpAnalyses } from './wirings/http-analyses.ts';
import type { Sharing } from './wirings/sharing.ability.ts';
import { useCaseSharing } from './wirings/use-case-sharing.ts';
import { httpSharing } from './wirings/http-sharing.ts';
import type { AccountData } from './wirings/account-data.ability.ts';
import { useCaseAccountData } from './wirings/use-case-account-data.ts';
import { httpAccountData } from './wirings/http-account-data.ts';
import type { Promos } from './wirings/promos.ability.ts';
import { useCasePromos } from './wirings/use-case-promos.ts';
import { httpPromos } from './wirings/http-promos.ts';
import type { CardPayment, Payments, Renewal } from './wirings/payments.ability.ts';
import { useCasePayments } from './wirings/use-case-payments.ts';
import { httpPayments } from './wirings/http-payments.ts';
import { StripeScenario, withStripeSide } from './wirings/stripe-side.ts';
import type { AccountRef, Administration } from './wirings/administration.ability.ts';
import { useCaseAdministration } from './wirings/use-case-administration.ts';
import { httpAdministration } from './wirings/http-administration.ts';
import { cliAdministration } from './wirings/cli-administration.ts';

export { FEATURE_ADMIN_EMAILS } from './product.ts';

setDefaultTimeout(60_000);

export interface CivicWorldParameters {
  /**
   * `cli` (scenarios tagged @cli only) is the administration through the `civicwatch` command functions;
   * the citizens of those scenarios use the use cases.
   */
  wiring: 'use-cases' | 'http' | 'cli';
  /** The `postgres` profile runs the product on the PostgreSQL server of TEST_DATABASE_URL; PGlite otherwise. */
  database?: DatabaseKind;
}

/** Scenarios with this tag run on a second product, configured without Stripe keys. */
const PAYMENTS_NOT_CONFIGURED = '@payments-not-configured';
/** Scenarios with this tag run on a third product, with Stripe keys but without SMTP_URL: a default installation. */
const NO_MAIL_SERVER = '@no-mail-server';

/**
 * The main product is configured with a mail server (SMTP_URL), so that checkout asks for a verified
 * address (docs/product/accounts.md "E-mail verification"). Its delivery is not started: the scenarios read the e-mail in
 * the outbox, and nothing listens at that address.
 */
const MAIL_SERVER = { SMTP_URL: 'smtp://civicwatch:secret@mail.civicwatch.test:587' };

// One fake Stripe and one product (payments and mail on) per run; each scenario starts from empty accounts
// (the seeded tiers, their Stripe prices and the prompts stay). The other products open on first use.
let stripe: FakeStripe;
let product: Product;
let productWithoutPayments: Promise<Product> | undefined;
let productWithoutMail: Promise<Product> | undefined;
let database: DatabaseKind = 'embedded';

const stripeKeys = () => ({
  STRIPE_SECRET_KEY: stripe.secretKey,
  STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
  STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
  STRIPE_API_BASE: stripe.apiBase,
});

/** A product that sells the paid tiers through the fake Stripe, as a server does at start from STRIPE_PRICE_*. */
async function openPayingProduct(env: Record<string, string>): Promise<Product> {
  const opened = await openProduct(database, { ...stripeKeys(), ...env });
  const tiers = await opened.runtime.container.get(ListSubscriptionTiers).execute();
  const priceOf = (id: TierId) => stripe.createPrice({ unitAmountCents: tiers.find((t) => t.id === id)!.priceCents, nickname: id });
  await opened.runtime.container.get(SetTierPriceIds).execute({ patriot: priceOf('patriot'), defender: priceOf('defender') });
  return opened;
}

BeforeAll(async function () {
  database = (this.parameters as Partial<CivicWorldParameters>).database ?? 'embedded';
  stripe = await startFakeStripe();
  product = await openPayingProduct(MAIL_SERVER);
});

AfterAll(async () => {
  await product?.dispose();
  await (await productWithoutPayments)?.dispose();
  await (await productWithoutMail)?.dispose();
  await stripe?.close();
});

/** One citizen at her own browser: the abilities of one session. */
export interface Citizen {
  accounts: Accounts;
  /** Password reset, e-mail verification, and changing the password or the e-mail address. */
  recovery: AccountRecovery;
  /** Account settings: e-mail preferences, credit history, the data export, deleting the account. */
  accountData: AccountData;
  analyses: Analyses;
  sharing: Sharing;
  promos: Promos;
  payments: Payments;
  /** The admin panel's actions in this session (or, in the `cli` wiring, the command line's). */
  administration: Administration;
}

/** A checkout started in this scenario, and what came of it. */
export interface Checkout {
  userId: string;
  tier: TierId;
  promoCode?: string;
  answer: CreatePaymentIntentResponse;
  cardPayment?: CardPayment;
}

export class CivicWorld extends World<CivicWorldParameters> implements Citizen {
  runtime!: Runtime;
  accounts!: Accounts;
  recovery!: AccountRecovery;
  accountData!: AccountData;
  analyses!: Analyses;
  sharing!: Sharing;
  promos!: Promos;
  payments!: Payments;
  administration!: Administration;
  /** The administrator of the scenario, in a session of her own; null until one has signed in. */
  admin: Citizen | null = null;
  app: FastifyInstance | null = null;
  lastOutcome: Outcome<unknown> | null = null;
  userId: string | null = null;
  /** User ids by first name, of everyone who registered in this scenario. */
  people = new Map<string, string>();
  /** E-mail addresses by first name, of everyone who registered in this scenario. */
  emails = new Map<string, string>();
  /** Ids of the analyses made in this scenario, by title. */
  analysisIds = new Map<string, string>();
  /** Checkouts started in this scenario, oldest first. */
  checkouts: Checkout[] = [];
  /** The last month that passed at Stripe. */
  lastRenewal: Renewal | null = null;
  /** Citizens acting at the same moment, each in their own session, and what each got. */
  crowd: Citizen[] = [];
  crowdOutcomes: Array<Outcome<unknown>> = [];
  private stripeScenario!: StripeScenario;
  private addresses = 0;

  constructor(options: IWorldOptions<CivicWorldParameters>) {
    super(options);
  }

  async connect(runtime: Runtime): Promise<void> {
    this.runtime = runtime;
    this.stripeScenario = new StripeScenario(stripe);
    // A fresh app per scenario, on a database whose rate-limit budgets Before emptied: none leaks between scenarios.
    if (this.parameters.wiring === 'http') this.app = await buildAppFor(runtime);
    Object.assign(this, this.newCitizen({ ownAddress: false }));
  }

  /**
   * Another citizen in another browser, with a session of her own. Over HTTP she comes from her own
   * address, as people signing up at the same moment do, rather than from the scenario's 127.0.0.1.
   */
  newCitizen(options: { ownAddress: boolean } = { ownAddress: true }): Citizen {
    if (this.parameters.wiring === 'http') {
      const app = this.app!;
      this.addresses += 1;
      const session: HttpSession = options.ownAddress ? { remoteAddress: `10.0.${Math.floor(this.addresses / 250)}.${(this.addresses % 250) + 1}` } : {};
      return {
        accounts: httpAccounts(app, this.runtime, session),
        recovery: httpAccountRecovery(app, session),
        accountData: httpAccountData(app, session),
        analyses: httpAnalyses(app, session),
        sharing: httpSharing(app, session),
        promos: httpPromos(app, session),
        payments: withStripeSide(httpPayments(app, session), this.stripeScenario),
        administration: httpAdministration(app, session),
      };
    }
    const session = {};
    return {
      accounts: useCaseAccounts(this.runtime, session),
      recovery: useCaseAccountRecovery(this.runtime, session),
      accountData: useCaseAccountData(this.runtime, session),
      analyses: useCaseAnalyses(this.runtime, session),
      sharing: useCaseSharing(this.runtime, session),
      promos: useCasePromos(this.runtime, session),
      payments: withStripeSide(useCasePayments(this.runtime, session), this.stripeScenario),
      administration: this.parameters.wiring === 'cli' ? cliAdministration(this.runtime) : useCaseAdministration(this.runtime, session),
    };
  }

  /** The account of someone who registered in this scenario, as an administrator names it. */
  account(name: string): AccountRef {
    const id = this.people.get(name);
    const email = this.emails.get(name);
    if (!id || !email) throw new Error(`${name} has not registered in this scenario`);
    return { id, email };
  }

  /** The scenario's administrator's actions. */
  get administrator(): Administration {
    if (!this.admin) throw new Error('No administrator has signed in in this scenario');
    return this.admin.administration;
  }

  /** The signed-in user's latest checkout. */
  latestCheckout(userId = this.userId): Checkout {
    const checkout = this.checkouts.findLast((c) => c.userId === userId);
    if (!checkout) throw new Error('No checkout was started in this scenario by this user');
    return checkout;
  }

  /**
   * Test support, not a product path: puts a user on a plan and tops up credits as billing or an administrator
   * would, through the unit of work (a tier change and an `admin_adjustment` ledger row).
   */
  async givePlan(userId: string, tier: TierId, credits: number): Promise<void> {
    await this.runtime.container.get<UnitOfWork>(UnitOfWork).run(async ({ users, ledger }) => {
      await users.updateTier(userId, tier);
      const user = await users.findById(userId);
      const delta = credits - (user?.credits ?? 0);
      if (delta !== 0) {
        const posted = await ledger.post({ userId, delta, reason: 'admin_adjustment' });
        if (!posted.ok) throw new Error(posted.error.message);
      }
    });
  }

  /**
   * An administrator's `civicwatch promo create`: the same contract and use case, with the command line as the
   * audit log's actor. `expired` then moves the expiry into the past, as time would.
   */
  async createPromoCode(fields: Record<string, unknown>, options: { expired?: boolean } = {}): Promise<void> {
    const created = await this.runtime.container.get(CreatePromo).execute(
      { userId: null, label: 'cli:features' },
      createPromoSchema.parse({ expiresAt: '2099-12-31', ...fields }),
    );
    if (!created.ok) throw new Error(created.error.message);
    if (options.expired) {
      await this.runtime.database.orm.em.fork().execute("update promo_codes set expires_at = now() - interval '1 day' where id = ?", [created.value.id]);
    }
  }

  /** How many accounts have used a promo code, as the administrator's list shows it. */
  async promoUses(code: string): Promise<number> {
    const promo = await this.runtime.container.get<UnitOfWork>(UnitOfWork).run(({ promos }) => promos.findByCode(code));
    if (!promo) throw new Error(`No promo code ${code}`);
    return promo.currentUses;
  }
}
setWorldConstructor(CivicWorld);

/**
 * What administrators edit besides accounts: the plans and the prompts. Each product's are taken as they
 * are before its first scenario (seeded, with the Stripe prices of BeforeAll) and put back before every
 * later one, so that a scenario that changes Patriot's credits or a prompt changes them for itself alone.
 */
const administeredBaseline = new WeakMap<Runtime, { tiers: string; settings: string }>();
async function resetAdministeredData(runtime: Runtime): Promise<void> {
  const em = runtime.database.orm.em.fork();
  const baseline = administeredBaseline.get(runtime);
  if (!baseline) {
    const [row] = await em.execute<Array<{ tiers: unknown; settings: unknown }>>(
      "select (select coalesce(jsonb_agg(t), '[]'::jsonb) from subscription_tiers t) as tiers, "
      + "(select coalesce(jsonb_agg(s), '[]'::jsonb) from settings s) as settings");
    const json = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
    administeredBaseline.set(runtime, { tiers: json(row?.tiers), settings: json(row?.settings) });
    return;
  }
  await em.execute(
    'update subscription_tiers t set name = b.name, price_cents = b.price_cents, monthly_credits = b.monthly_credits, '
    + 'features = b.features, max_pages = b.max_pages, max_characters = b.max_characters, stripe_price_id = b.stripe_price_id, '
    + 'is_active = b.is_active, sort_order = b.sort_order '
    + 'from jsonb_populate_recordset(null::subscription_tiers, ?::jsonb) b where t.id = b.id',
    [baseline.tiers]);
  await em.execute(
    'update settings s set value = b.value, updated_at = b.updated_at from jsonb_populate_recordset(null::settings, ?::jsonb) b where s.key = b.key',
    [baseline.settings]);
}

Before(async function (this: CivicWorld, { pickle }) {
  const tagged = (tag: string) => pickle.tags.some((t) => t.name === tag);
  const runtime = tagged(PAYMENTS_NOT_CONFIGURED)
    ? (await (productWithoutPayments ??= openProduct(database))).runtime
    : tagged(NO_MAIL_SERVER)
      ? (await (productWithoutMail ??= openPayingProduct({}))).runtime
      : product.runtime;
  // The outbox goes with users, which it references.
  await runtime.database.orm.em.fork().execute(
    'truncate table users, credit_ledger, analyses, pending_analyses, sessions, rate_limits, promo_codes, promo_redemptions, '
    + 'billing_customers, subscriptions, payments, payment_events, audit_log cascade');
  await resetAdministeredData(runtime);
  await this.connect(runtime);
});

After(async function (this: CivicWorld) {
  await this.app?.close();
});
