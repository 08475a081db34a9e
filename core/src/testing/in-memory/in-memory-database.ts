import type { AccountToken } from '../../accounts/account-token.ts';
import type { User } from '../../accounts/user.ts';
import type { AuditEntry } from '../../admin/audit-log.port.ts';
import type { AnalysisJob } from '../../analysis/analysis-jobs.port.ts';
import type { StoredAnalysis } from '../../analysis/analysis-repository.port.ts';
import type { PendingAnalysis } from '../../analysis/pending-analysis-repository.port.ts';
import type { LedgerRow } from '../../credits/credit-ledger.port.ts';
import type { OutboxMessage } from '../../notifications/outbox.port.ts';
import type { StoredPayment, StoredSubscription } from '../../payments/billing-repository.port.ts';
import type { PromoCode } from '../../promos/promo-code.ts';
import { seededSettings } from '../../settings/seeded-settings.ts';
import type { SettingKey } from '../../contracts/prompt-settings.ts';
import type { Clock } from '../../shared/clock.port.ts';
import { seededTiers } from '../../tiers/seeded-tiers.ts';
import type { SubscriptionTier } from '../../tiers/subscription-tier.ts';

/** The whole in-memory database; a run works on it directly and a failed run puts a copy back. */
export interface State {
  users: Map<string, User>;
  ledger: LedgerRow[];
  tiers: SubscriptionTier[];
  settings: Map<SettingKey, string>;
  analyses: StoredAnalysis[];
  pendingAnalyses: PendingAnalysis[];
  /** Jobs enqueued by committed runs, oldest first: a test plays the worker by taking them. */
  analysisJobs: AnalysisJob[];
  promoCodes: PromoCode[];
  promoRedemptions: Array<{ promoId: string; userId: string; createdAt: Date }>;
  billingCustomers: Map<string, string>;
  subscriptions: StoredSubscription[];
  payments: StoredPayment[];
  paymentEvents: Set<string>;
  auditLog: AuditEntry[];
  outbox: OutboxMessage[];
  configuredAdmins: string[];
  accountTokens: AccountToken[];
  /** Signed-in sessions: the user id of each session id. */
  sessions: Map<string, string>;
}

/** A freshly migrated database: the seeded tiers and prompts, nothing else. */
export const seededState = (): State => ({
  users: new Map(),
  ledger: [],
  tiers: structuredClone([...seededTiers]),
  settings: new Map(Object.entries(seededSettings) as Array<[SettingKey, string]>),
  analyses: [],
  pendingAnalyses: [],
  analysisJobs: [],
  promoCodes: [],
  promoRedemptions: [],
  billingCustomers: new Map(),
  subscriptions: [],
  payments: [],
  paymentEvents: new Set(),
  auditLog: [],
  outbox: [],
  configuredAdmins: [],
  accountTokens: [],
  sessions: new Map(),
});

export const copy = <T>(value: T): T => structuredClone(value);

/** What each in-memory repository works on: its unit of work's current state, and its clock. */
export interface InMemoryDatabase {
  readonly state: State;
  readonly clock: Clock;
}
