import { AsyncLocalStorage } from 'node:async_hooks';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { isFailedResult, type AnalysisJobQueue, type Repositories, type UnitOfWork } from '@civicwatch/core';
import { MikroOrmUserRepository } from './mikro-orm-user-repository.ts';
import { MikroOrmCreditLedger } from './mikro-orm-credit-ledger.ts';
import { MikroOrmSubscriptionTierRepository } from './mikro-orm-subscription-tier-repository.ts';
import { MikroOrmSettingRepository } from './mikro-orm-setting-repository.ts';
import { MikroOrmAnalysisRepository } from './mikro-orm-analysis-repository.ts';
import { MikroOrmPendingAnalysisRepository } from './mikro-orm-pending-analysis-repository.ts';
import { MikroOrmPromoCodeRepository } from './mikro-orm-promo-code-repository.ts';
import { MikroOrmBillingRepository } from './mikro-orm-billing-repository.ts';
import { MikroOrmAdminStatsRepository, MikroOrmAuditLogRepository } from './mikro-orm-admin-repositories.ts';
import { MikroOrmOutboxRepository, type MailJobQueue } from './mikro-orm-outbox-repository.ts';
import { MikroOrmAccountTokenRepository } from './mikro-orm-account-token-repository.ts';
import { MikroOrmSessionRepository } from './mikro-orm-session-repository.ts';
import { CachedSettingRepository, CachedSubscriptionTierRepository, ReferenceDataCache } from './reference-data-cache.ts';

/** The repositories of one transaction (core's Repositories; kept as a name for the adapters' callers). */
export type PersistenceRepositories = Repositories;

/** The analysis queue of one transaction (ADR 0012); a database opened without a queue refuses to enqueue. */
export type AnalysisJobQueueFactory = (em: EntityManager) => AnalysisJobQueue;

const noQueue = () => Promise.reject(new Error('This process has no analysis queue: analyses are submitted by the API server'));
const noAnalysisQueue: AnalysisJobQueueFactory = () => ({ enqueue: noQueue, cancel: noQueue });

/**
 * The mail jobs of one transaction (ADR 0028). A database opened without them writes the outbox row alone: the
 * next mail worker to start queues every unsent message that has no job.
 */
export type MailJobQueueFactory = (em: EntityManager) => MailJobQueue;
const noMailQueue: MailJobQueueFactory = () => ({ enqueue: async () => {} });

/** The job queues a unit of work sends its jobs to, in its own transaction. */
export interface JobQueueFactories {
  analysisJobs?: AnalysisJobQueueFactory;
  mailJobs?: MailJobQueueFactory;
}

/** `cache`, for reads outside a transaction only: the tiers and prompts through this process's copy (ADR 0024). */
export const createMikroOrmRepositories = (
  em: EntityManager,
  { analysisJobs = noAnalysisQueue, mailJobs = noMailQueue }: JobQueueFactories = {},
  cache?: ReferenceDataCache,
): PersistenceRepositories => ({
  users: new MikroOrmUserRepository(em),
  ledger: new MikroOrmCreditLedger(em),
  tiers: cache ? new CachedSubscriptionTierRepository(em, cache, new MikroOrmSubscriptionTierRepository(em)) : new MikroOrmSubscriptionTierRepository(em),
  settings: cache ? new CachedSettingRepository(em, cache, new MikroOrmSettingRepository(em)) : new MikroOrmSettingRepository(em),
  analyses: new MikroOrmAnalysisRepository(em),
  pendingAnalyses: new MikroOrmPendingAnalysisRepository(em),
  analysisJobs: analysisJobs(em),
  promos: new MikroOrmPromoCodeRepository(em),
  billing: new MikroOrmBillingRepository(em),
  audit: new MikroOrmAuditLogRepository(em),
  stats: new MikroOrmAdminStatsRepository(em),
  outbox: new MikroOrmOutboxRepository(em, mailJobs(em)),
  accountTokens: new MikroOrmAccountTokenRepository(em),
  sessions: new MikroOrmSessionRepository(em),
});

/** Carries a failed Result out of em.transactional so that it rolls back, then hands it back unchanged. */
class RollbackWith {
  constructor(readonly result: unknown) {}
}

/**
 * Each run is one transaction on its own forked EntityManager; a thrown error or a returned Result with
 * ok: false rolls it back.
 *
 * A run started inside another run (a use case calling another) does not take a second connection: it
 * becomes a savepoint of the outer transaction. On the embedded database a second connection would wait
 * for the outer transaction to end, which waits for the inner run: a deadlock. A failed inner run rolls
 * back to its savepoint only; the outer run decides about the rest.
 */
export class MikroOrmUnitOfWork implements UnitOfWork {
  private readonly current = new AsyncLocalStorage<EntityManager>();
  private readonly referenceData = new ReferenceDataCache();

  constructor(private readonly orm: MikroORM, private readonly jobs: JobQueueFactories = {}) {}

  async run<T>(work: (repos: PersistenceRepositories) => Promise<T>): Promise<T> {
    const outer = this.current.getStore();
    const em = outer ?? this.orm.em.fork();
    try {
      return await em.transactional(async (tx) => {
        const result = await this.current.run(tx, () => work(createMikroOrmRepositories(tx, this.jobs)));
        if (isFailedResult(result)) throw new RollbackWith(result);
        return result;
      });
    } catch (error) {
      if (error instanceof RollbackWith) return error.result as T;
      throw error;
    }
  }

  /**
   * Outside a run: a fork of its own with no transaction, so each query takes a pooled connection only while it
   * runs, and the tiers and prompts come from this process's copy while the database says it is current.
   * Inside a run it reads the transaction's own rows, its uncommitted writes included.
   */
  read<T>(work: (repos: PersistenceRepositories) => Promise<T>): Promise<T> {
    const transaction = this.current.getStore();
    if (transaction) return work(createMikroOrmRepositories(transaction, this.jobs));
    return work(createMikroOrmRepositories(this.orm.em.fork(), this.jobs, this.referenceData));
  }
}
