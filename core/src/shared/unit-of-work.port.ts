import type { UserRepository } from '../accounts/user-repository.port.ts';
import type { CreditLedger } from '../credits/credit-ledger.port.ts';
import type { SubscriptionTierRepository } from '../tiers/subscription-tier-repository.port.ts';
import type { SettingRepository } from '../settings/setting-repository.port.ts';
import type { AnalysisRepository } from '../analysis/analysis-repository.port.ts';
import type { PendingAnalysisRepository } from '../analysis/pending-analysis-repository.port.ts';
import type { AnalysisJobQueue } from '../analysis/analysis-jobs.port.ts';
import type { PromoCodeRepository } from '../promos/promo-code-repository.port.ts';
import type { BillingRepository } from '../payments/billing-repository.port.ts';
import type { AuditLogRepository } from '../admin/audit-log.port.ts';
import type { AdminStatsRepository } from '../admin/admin-stats.port.ts';
import type { OutboxRepository } from '../notifications/outbox.port.ts';
import type { AccountTokenRepository } from '../accounts/account-token-repository.port.ts';
import type { SessionRepository } from '../accounts/session-repository.port.ts';

/** The repositories of one transaction. */
export interface Repositories {
  users: UserRepository;
  ledger: CreditLedger;
  tiers: SubscriptionTierRepository;
  settings: SettingRepository;
  analyses: AnalysisRepository;
  pendingAnalyses: PendingAnalysisRepository;
  /** Jobs queued with the transaction's other writes (ADR 0012). */
  analysisJobs: AnalysisJobQueue;
  promos: PromoCodeRepository;
  billing: BillingRepository;
  audit: AuditLogRepository;
  stats: AdminStatsRepository;
  /** E-mail written with the change it reports (ADR 0007). */
  outbox: OutboxRepository;
  /** The single-use tokens of password-reset, verification and e-mail-change links (ADR 0008). */
  accountTokens: AccountTokenRepository;
  sessions: SessionRepository;
}

/**
 * Runs `work` in one database transaction: every write commits together or not at all.
 * A returned failure (Result with ok: false) rolls back as well, so a use case never leaves half a change.
 */
export interface UnitOfWork {
  run<T>(work: (repos: Repositories) => Promise<T>): Promise<T>;
  /**
   * Runs `work` that only reads, without a transaction: each query sees what was committed when it began, and
   * independent queries may run side by side. The signed-in pages' reads take this path, so they hold no
   * connection between queries (issue 8). Inside a `run` it joins that transaction.
   */
  read<T>(work: (repos: Repositories) => Promise<T>): Promise<T>;
}
export const UnitOfWork = Symbol('UnitOfWork');
