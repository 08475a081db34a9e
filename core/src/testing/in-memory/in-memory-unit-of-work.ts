import { AsyncLocalStorage } from 'node:async_hooks';
import { systemClock, type Clock } from '../../shared/clock.port.ts';
import { isFailedResult } from '../../shared/result.ts';
import type { Repositories, UnitOfWork } from '../../shared/unit-of-work.port.ts';
import { InMemoryUserRepository } from './in-memory-user-repository.ts';
import { InMemoryCreditLedger } from './in-memory-credit-ledger.ts';
import { InMemorySubscriptionTierRepository } from './in-memory-subscription-tier-repository.ts';
import { InMemorySettingRepository } from './in-memory-setting-repository.ts';
import { InMemoryAnalysisRepository } from './in-memory-analysis-repository.ts';
import { InMemoryPendingAnalysisRepository } from './in-memory-pending-analysis-repository.ts';
import { InMemoryAnalysisJobQueue } from './in-memory-analysis-job-queue.ts';
import { InMemoryPromoCodeRepository } from './in-memory-promo-code-repository.ts';
import { InMemoryBillingRepository } from './in-memory-billing-repository.ts';
import { InMemoryAuditLogRepository } from './in-memory-audit-log-repository.ts';
import { InMemoryAdminStatsRepository } from './in-memory-admin-stats-repository.ts';
import { InMemoryOutboxRepository } from './in-memory-outbox-repository.ts';
import { InMemoryAccountTokenRepository } from './in-memory-account-token-repository.ts';
import { InMemorySessionRepository } from './in-memory-session-repository.ts';
import { copy, seededState, type State } from './in-memory-database.ts';

export interface InMemoryUnitOfWorkOptions {
  clock?: Clock;
}

/**
 * The unit of work for tests of core: the same seed and the same transactional rules as the database.
 * Runs are serialised, one at a time, and a run that throws or returns a Result with ok: false leaves
 * no trace. A run inside a run joins it; a failed inner run undoes only its own changes (a savepoint).
 */
export class InMemoryUnitOfWork implements UnitOfWork {
  /** Read by its repositories, and by tests that look behind them (the jobs queued, the sessions open). */
  state: State = seededState();
  readonly clock: Clock;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly inRun = new AsyncLocalStorage<true>();
  private readonly repos: Repositories = {
    users: new InMemoryUserRepository(this),
    ledger: new InMemoryCreditLedger(this),
    tiers: new InMemorySubscriptionTierRepository(this),
    settings: new InMemorySettingRepository(this),
    analyses: new InMemoryAnalysisRepository(this),
    pendingAnalyses: new InMemoryPendingAnalysisRepository(this),
    analysisJobs: new InMemoryAnalysisJobQueue(this),
    promos: new InMemoryPromoCodeRepository(this),
    billing: new InMemoryBillingRepository(this),
    audit: new InMemoryAuditLogRepository(this),
    stats: new InMemoryAdminStatsRepository(this),
    outbox: new InMemoryOutboxRepository(this),
    accountTokens: new InMemoryAccountTokenRepository(this),
    sessions: new InMemorySessionRepository(this),
  };

  constructor(options: InMemoryUnitOfWorkOptions = {}) {
    this.clock = options.clock ?? systemClock;
  }

  run<T>(work: (repos: Repositories) => Promise<T>): Promise<T> {
    if (this.inRun.getStore()) return this.attempt(work);
    const result = this.queue.then(() => this.inRun.run(true, () => this.attempt(work)));
    this.queue = result.catch(() => undefined);
    return result;
  }

  /** Reads are serialised with the runs, so they see no run's half-done state, as the database's reads do not. */
  read<T>(work: (repos: Repositories) => Promise<T>): Promise<T> {
    return this.run(work);
  }

  private async attempt<T>(work: (repos: Repositories) => Promise<T>): Promise<T> {
    const savepoint = copy(this.state);
    try {
      const result = await work(this.repos);
      if (isFailedResult(result)) this.state = savepoint;
      return result;
    } catch (error) {
      this.state = savepoint;
      throw error;
    }
  }
}
