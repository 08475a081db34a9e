import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { After, AfterAll, Before, BeforeAll, World, setDefaultTimeout, setWorldConstructor, type IWorldOptions } from '@cucumber/cucumber';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '@civicwatch/adapters/config/config.ts';
import { createRuntime, type Runtime } from '@civicwatch/adapters/container/container.ts';
import { seedEmbeddedDataDir } from '@civicwatch/adapters/persistence/testing/pglite-template.ts';
import { buildAppFor } from '@civicwatch/api';
import type { Accounts, Outcome } from './wirings/accounts.ability.ts';
import { useCaseAccounts } from './wirings/use-case-accounts.ts';
import { httpAccounts } from './wirings/http-accounts.ts';
import type { Analyses } from './wirings/analyses.ability.ts';
import { useCaseAnalyses } from './wirings/use-case-analyses.ts';
import { httpAnalyses } from './wirings/http-analyses.ts';
import type { Promos } from './wirings/promos.ability.ts';
import { useCasePromos } from './wirings/use-case-promos.ts';
import { httpPromos } from './wirings/http-promos.ts';
import { CreatePromo, UnitOfWork, createPromoSchema, type TierId } from '@civicwatch/core';

setDefaultTimeout(60_000);

/** Accounts that ADMIN_EMAILS names in the features' product. */
export const FEATURE_ADMIN_EMAILS = 'chief@civicwatch.test';

let runtime: Runtime;
let dataDir: string;

// One embedded database per run; each scenario starts from empty accounts (the seeded tiers and prompts stay).
BeforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'cw-features-'));
  await seedEmbeddedDataDir(dataDir);
  runtime = await createRuntime(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ADMIN_EMAILS: FEATURE_ADMIN_EMAILS }));
  await runtime.database.migrate();
});

AfterAll(async () => {
  await runtime?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

export class CivicWorld extends World<{ wiring: 'use-cases' | 'http' }> {
  accounts!: Accounts;
  analyses!: Analyses;
  promos!: Promos;
  app: FastifyInstance | null = null;
  lastOutcome: Outcome<unknown> | null = null;
  userId: string | null = null;
  /** Ids of the analyses made in this scenario, by title. */
  analysisIds = new Map<string, string>();

  constructor(options: IWorldOptions<{ wiring: 'use-cases' | 'http' }>) {
    super(options);
  }

  async connect(): Promise<void> {
    if (this.parameters.wiring === 'http') {
      // A fresh app per scenario: rate-limit budgets are per process and must not leak between scenarios.
      this.app = await buildAppFor(runtime);
      const session = {};
      this.accounts = httpAccounts(this.app, runtime, session);
      this.analyses = httpAnalyses(this.app, session);
      this.promos = httpPromos(this.app, session);
    } else {
      const session = {};
      this.accounts = useCaseAccounts(runtime, session);
      this.analyses = useCaseAnalyses(runtime, session);
      this.promos = useCasePromos(runtime, session);
    }
  }

  /**
   * Test support, not a product path: puts a user on a plan and tops up credits as billing or an administrator
   * would, through the unit of work (a tier change and an `admin_adjustment` ledger row).
   */
  async givePlan(userId: string, tier: TierId, credits: number): Promise<void> {
    await runtime.container.get<UnitOfWork>(UnitOfWork).run(async ({ users, ledger }) => {
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
   * An administrator's `civicwatch promo create` (the admin panel comes later): the same contract and use
   * case. `expired` then moves the expiry into the past, as time would.
   */
  async createPromoCode(fields: Record<string, unknown>, options: { expired?: boolean } = {}): Promise<void> {
    const created = await runtime.container.get(CreatePromo).execute(createPromoSchema.parse({ expiresAt: '2099-12-31', ...fields }));
    if (!created.ok) throw new Error(created.error.message);
    if (options.expired) {
      await runtime.database.orm.em.fork().execute("update promo_codes set expires_at = now() - interval '1 day' where id = ?", [created.value.id]);
    }
  }
}
setWorldConstructor(CivicWorld);

Before(async function (this: CivicWorld) {
  await runtime.database.orm.em.fork().execute('truncate table users, credit_ledger, analyses, pending_analyses, sessions, promo_codes, promo_redemptions cascade');
  await this.connect();
});

After(async function (this: CivicWorld) {
  await this.app?.close();
});
