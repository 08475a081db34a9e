import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import {
  domainError, EMAIL_TAKEN_MESSAGE, err, INSUFFICIENT_CREDITS_MESSAGE, ok, summaryPreview, systemClock, USER_NOT_FOUND_MESSAGE,
  type AnalysisJob, type AnalysisJobQueue, type AnalysisRepository, type AnalysisOverview, type AnalysisSearch, type ListedAnalysis, type NewAnalysis, type PendingAnalysis, type PendingAnalysisRepository, type ShareLink,
  type Clock, type CreditLedger, type DomainError, type LedgerEntry, type LedgerRow, type Result, type SettingKey,
  type SettingRepository, type StoredAnalysis, type SubscriptionTier, type SubscriptionTierRepository, type TierId,
  type UnitOfWork, type User, type UserListQuery, type UserRepository,
  promoMessages, type PromoCode, type PromoCodeRepository,
  openSubscriptionStatuses, type BillingRepository, type NewPayment, type StoredPayment, type StoredSubscription,
  type AdminStats, type AdminStatsRepository, type AuditEntry, type AuditLogRepository, type DailyActivity, type UtcDayRange,
  type NewOutboxMessage, type OutboxMessage, type OutboxQuery, type OutboxRepository,
  type AccountToken, type AccountTokenPurpose, type AccountTokenRepository, type SessionRepository,
} from '@civicwatch/core';
import { seededSettings, seededTiers } from '../migrations/migration-0002-seed-tiers-and-prompts.ts';
import { isFailedResult } from '../sql-helpers.ts';
import type { PersistenceRepositories } from '../mikro-orm-unit-of-work.ts';

/** The whole in-memory database; a run works on it directly and a failed run puts a copy back. */
interface State {
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

const seededState = (): State => ({
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

const copy = <T>(value: T): T => structuredClone(value);

class InMemoryUserRepository implements UserRepository {
  constructor(private readonly db: InMemoryUnitOfWork) {}

  async findById(id: string): Promise<User | null> {
    const user = this.db.state.users.get(id);
    return user ? copy(user) : null;
  }

  async findByEmail(email: string): Promise<User | null> {
    const wanted = email.trim().toLowerCase();
    for (const user of this.db.state.users.values()) if (user.email === wanted) return copy(user);
    return null;
  }

  async insert(user: User): Promise<Result<void, DomainError>> {
    const email = user.email.trim().toLowerCase();
    if (await this.findByEmail(email)) return err(domainError('auth.email_taken', EMAIL_TAKEN_MESSAGE));
    if (this.db.state.users.has(user.id)) throw new Error(`Duplicate user id ${user.id}`);
    if (!this.db.state.tiers.some((t) => t.id === user.tierId)) throw new Error(`Unknown tier ${user.tierId}`);
    this.db.state.users.set(user.id, copy({ ...user, email }));
    return ok(undefined);
  }

  async updateProfile(user: User): Promise<void> {
    const stored = this.db.state.users.get(user.id);
    if (!stored) return;
    Object.assign(stored, copy({
      firstName: user.firstName,
      lastName: user.lastName,
      state: user.state,
      country: user.country,
      emailPreferences: user.emailPreferences,
      updatedAt: user.updatedAt,
    }));
  }

  async updatePassword(id: string, passwordHash: string, at: Date): Promise<void> {
    const stored = this.db.state.users.get(id);
    if (!stored) return;
    stored.passwordHash = passwordHash;
    stored.updatedAt = new Date(at);
  }

  async markEmailVerified(id: string, at: Date): Promise<void> {
    const stored = this.db.state.users.get(id);
    if (!stored) return;
    stored.emailVerifiedAt = new Date(at);
    stored.updatedAt = new Date(at);
  }

  async changeEmail(id: string, email: string, at: Date): Promise<Result<void, DomainError>> {
    const wanted = email.trim().toLowerCase();
    const holder = await this.findByEmail(wanted);
    if (holder && holder.id !== id) return err(domainError('auth.email_taken', EMAIL_TAKEN_MESSAGE));
    const stored = this.db.state.users.get(id);
    if (!stored) return ok(undefined);
    Object.assign(stored, { email: wanted, emailVerifiedAt: new Date(at), updatedAt: new Date(at) });
    return ok(undefined);
  }

  async updateTier(id: string, tierId: TierId): Promise<void> {
    const stored = this.db.state.users.get(id);
    if (!stored) return;
    if (!this.db.state.tiers.some((t) => t.id === tierId)) throw new Error(`Unknown tier ${tierId}`);
    stored.tierId = tierId;
    stored.updatedAt = this.db.clock.now();
  }

  async configuredAdminEmails(): Promise<string[]> {
    return [...this.db.state.configuredAdmins];
  }

  async saveConfiguredAdminEmails(emails: readonly string[]): Promise<void> {
    this.db.state.configuredAdmins = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
  }

  async setRole(id: string, role: 'user' | 'admin'): Promise<void> {
    const stored = this.db.state.users.get(id);
    if (!stored) return;
    stored.role = role;
    stored.updatedAt = this.db.clock.now();
  }

  /** As the database's ON DELETE CASCADE (and SET NULL for the audit log's actor and a payment's account). */
  async delete(id: string): Promise<boolean> {
    const state = this.db.state;
    if (!state.users.delete(id)) return false;
    state.ledger = state.ledger.filter((r) => r.userId !== id);
    state.analyses = state.analyses.filter((a) => a.userId !== id);
    state.pendingAnalyses = state.pendingAnalyses.filter((p) => p.userId !== id);
    state.promoRedemptions = state.promoRedemptions.filter((r) => r.userId !== id);
    state.billingCustomers.delete(id);
    state.subscriptions = state.subscriptions.filter((s) => s.userId !== id);
    // Paid invoices stay, anonymised (ADR 0009).
    for (const payment of state.payments) if (payment.userId === id) payment.userId = null;
    for (const entry of state.auditLog) if (entry.actorId === id) entry.actorId = null;
    state.outbox = state.outbox.filter((m) => m.userId !== id);
    state.accountTokens = state.accountTokens.filter((t) => t.userId !== id);
    for (const [sid, userId] of state.sessions) if (userId === id) state.sessions.delete(sid);
    return true;
  }

  async grantAdminRole(emails: readonly string[]): Promise<number> {
    const wanted = new Set(emails.map((e) => e.trim().toLowerCase()));
    let changed = 0;
    for (const user of this.db.state.users.values()) {
      if (wanted.has(user.email) && user.role !== 'admin' && user.emailVerifiedAt) {
        user.role = 'admin';
        user.updatedAt = this.db.clock.now();
        changed++;
      }
    }
    return changed;
  }

  async revokeAdminRoleOfUnverified(emails: readonly string[]): Promise<string[]> {
    const wanted = new Set(emails.map((e) => e.trim().toLowerCase()));
    const revoked: string[] = [];
    for (const user of this.db.state.users.values()) {
      if (wanted.has(user.email) && user.role === 'admin' && !user.emailVerifiedAt) {
        user.role = 'user';
        user.updatedAt = this.db.clock.now();
        revoked.push(user.email);
      }
    }
    return revoked.sort();
  }

  async list(query: UserListQuery): Promise<{ users: User[]; total: number }> {
    const search = query.search?.trim().toLowerCase();
    const matches = [...this.db.state.users.values()]
      .filter((u) => !search || [u.email, u.firstName, u.lastName].some((field) => field?.toLowerCase().includes(search)))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const offset = Math.max(0, query.offset);
    return { users: matches.slice(offset, offset + Math.max(0, query.limit)).map(copy), total: matches.length };
  }
}

class InMemoryCreditLedger implements CreditLedger {
  constructor(private readonly db: InMemoryUnitOfWork) {}

  async post(entry: LedgerEntry): Promise<Result<{ balance: number }, DomainError>> {
    if (!Number.isSafeInteger(entry.delta)) throw new Error(`A ledger delta must be a whole number of credits, got ${entry.delta}`);
    const user = this.db.state.users.get(entry.userId);
    if (!user) return err(domainError('user.not_found', USER_NOT_FOUND_MESSAGE));
    const reference = entry.reference ?? null;
    // A replay of an entry already posted changes nothing (ADR 0002).
    if (reference !== null && this.db.state.ledger.some((r) => r.reason === entry.reason && r.reference === reference)) {
      return ok({ balance: user.credits });
    }
    if (user.credits + entry.delta < 0) return err(domainError('credits.insufficient', INSUFFICIENT_CREDITS_MESSAGE));
    user.credits += entry.delta;
    this.db.state.ledger.push({
      id: randomUUID(),
      userId: entry.userId,
      delta: entry.delta,
      reason: entry.reason,
      reference,
      balanceAfter: user.credits,
      createdAt: this.db.clock.now(),
    });
    return ok({ balance: user.credits });
  }

  async history(userId: string): Promise<LedgerRow[]> {
    return this.db.state.ledger.filter((r) => r.userId === userId).map(copy);
  }

  async list(userId: string, page: { offset: number; limit: number }): Promise<{ rows: LedgerRow[]; total: number }> {
    // Appended in time order, as the database's clock_timestamp() orders them.
    const rows = this.db.state.ledger.filter((r) => r.userId === userId).reverse();
    const offset = Math.max(0, page.offset);
    return { rows: rows.slice(offset, offset + Math.max(0, page.limit)).map(copy), total: rows.length };
  }
}

class InMemorySubscriptionTierRepository implements SubscriptionTierRepository {
  constructor(private readonly db: InMemoryUnitOfWork) {}

  async list(): Promise<SubscriptionTier[]> {
    return [...this.db.state.tiers].sort((a, b) => a.sortOrder - b.sortOrder).map(copy);
  }

  async get(id: TierId): Promise<SubscriptionTier | null> {
    const tier = this.db.state.tiers.find((t) => t.id === id);
    return tier ? copy(tier) : null;
  }

  async update(tier: SubscriptionTier): Promise<void> {
    const index = this.db.state.tiers.findIndex((t) => t.id === tier.id);
    if (index >= 0) this.db.state.tiers[index] = copy(tier);
  }
}

class InMemorySettingRepository implements SettingRepository {
  constructor(private readonly db: InMemoryUnitOfWork) {}

  async get(key: SettingKey): Promise<string | null> {
    return this.db.state.settings.get(key) ?? null;
  }

  async list(): Promise<Array<{ key: SettingKey; value: string }>> {
    return [...this.db.state.settings].map(([key, value]) => ({ key, value })).sort((a, b) => a.key.localeCompare(b.key));
  }

  async set(key: SettingKey, value: string): Promise<void> {
    this.db.state.settings.set(key, value);
  }
}

const newestFirst = (a: StoredAnalysis, b: StoredAnalysis) =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** What a list reads of an analysis, as the SQL repository answers it. */
const listed = ({ result, language: _language, ...analysis }: StoredAnalysis): ListedAnalysis => copy({
  ...analysis,
  summary: summaryPreview(typeof result.summary === 'string' ? result.summary : ''),
});

class InMemoryAnalysisRepository implements AnalysisRepository {
  constructor(private readonly db: InMemoryUnitOfWork) {}

  async save(analysis: NewAnalysis): Promise<void> {
    if (!this.db.state.users.has(analysis.userId)) throw new Error(`Unknown user ${analysis.userId}`);
    if (this.db.state.analyses.some((a) => a.id === analysis.id)) throw new Error(`Duplicate analysis id ${analysis.id}`);
    this.db.state.analyses.push(copy({ ...analysis, share: null }));
  }

  async overview(userId: string, limit: number, since: Date): Promise<AnalysisOverview> {
    const own = this.db.state.analyses.filter((a) => a.userId === userId).sort(newestFirst);
    return {
      recent: own.slice(0, Math.max(0, limit)).map(listed),
      total: own.length,
      totalSince: own.filter((a) => a.createdAt >= since).length,
    };
  }

  async count(userId: string, since?: Date): Promise<number> {
    return this.db.state.analyses.filter((a) => a.userId === userId && (!since || a.createdAt >= since)).length;
  }

  async list(query: AnalysisSearch): Promise<{ items: ListedAnalysis[]; total: number }> {
    const search = query.search?.trim().toLowerCase();
    const matches = this.db.state.analyses
      .filter((a) => a.userId === query.userId && (!search || a.document.title.toLowerCase().includes(search)))
      .sort(newestFirst);
    const offset = Math.max(0, query.offset);
    return { items: matches.slice(offset, offset + Math.max(0, query.limit)).map(listed), total: matches.length };
  }

  async get(userId: string, id: string): Promise<StoredAnalysis | null> {
    const found = this.db.state.analyses.find((a) => a.id === id && a.userId === userId);
    return found ? copy(found) : null;
  }

  async all(userId: string): Promise<StoredAnalysis[]> {
    return this.db.state.analyses.filter((a) => a.userId === userId).sort(newestFirst).map(copy);
  }

  async delete(userId: string, id: string): Promise<boolean> {
    const before = this.db.state.analyses.length;
    this.db.state.analyses = this.db.state.analyses.filter((a) => !(a.id === id && a.userId === userId));
    return this.db.state.analyses.length < before;
  }

  async share(userId: string, id: string, link: ShareLink): Promise<ShareLink | null> {
    const found = this.db.state.analyses.find((a) => a.id === id && a.userId === userId);
    if (!found) return null;
    if (!found.share) {
      // As the database's unique constraint.
      if (this.db.state.analyses.some((a) => a.share?.token === link.token)) throw new Error('Duplicate share token');
      found.share = copy(link);
    }
    return copy(found.share);
  }

  async unshare(userId: string, id: string): Promise<boolean> {
    const found = this.db.state.analyses.find((a) => a.id === id && a.userId === userId);
    if (found) found.share = null;
    return found !== undefined;
  }

  async findShared(token: string): Promise<StoredAnalysis | null> {
    const found = this.db.state.analyses.find((a) => a.share?.token === token);
    return found ? copy(found) : null;
  }
}

class InMemoryPendingAnalysisRepository implements PendingAnalysisRepository {
  constructor(private readonly db: InMemoryUnitOfWork) {}

  async insert(pending: PendingAnalysis): Promise<void> {
    if (!this.db.state.users.has(pending.userId)) throw new Error(`Unknown user ${pending.userId}`);
    if (this.db.state.pendingAnalyses.some((p) => p.id === pending.id)) throw new Error(`Duplicate pending analysis ${pending.id}`);
    this.db.state.pendingAnalyses.push(copy(pending));
  }

  async find(id: string): Promise<PendingAnalysis | null> {
    const found = this.db.state.pendingAnalyses.find((p) => p.id === id);
    return found ? copy(found) : null;
  }

  async delete(id: string): Promise<boolean> {
    const before = this.db.state.pendingAnalyses.length;
    this.db.state.pendingAnalyses = this.db.state.pendingAnalyses.filter((p) => p.id !== id);
    return this.db.state.pendingAnalyses.length < before;
  }

  async list(): Promise<PendingAnalysis[]> {
    return [...this.db.state.pendingAnalyses].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map(copy);
  }

  async idOfProgress(userId: string, progressId: string): Promise<string | null> {
    return this.db.state.pendingAnalyses.find((p) => p.userId === userId && p.progressId === progressId)?.id ?? null;
  }
}

class InMemoryPromoCodeRepository implements PromoCodeRepository {
  constructor(private readonly db: InMemoryUnitOfWork) {}

  async findByCode(code: string): Promise<PromoCode | null> {
    const found = this.db.state.promoCodes.find((p) => p.code === code);
    return found ? copy(found) : null;
  }

  async findById(id: string): Promise<PromoCode | null> {
    const found = this.db.state.promoCodes.find((p) => p.id === id);
    return found ? copy(found) : null;
  }

  async insert(promo: PromoCode): Promise<Result<void, DomainError>> {
    if (promo.code !== promo.code.toUpperCase() || promo.code === '') throw new Error(`A promo code is stored upper case, got ${promo.code}`);
    if (this.db.state.promoCodes.some((p) => p.code === promo.code)) return err(domainError('promo.code_taken', promoMessages.codeTaken));
    if (this.db.state.promoCodes.some((p) => p.id === promo.id)) throw new Error(`Duplicate promo id ${promo.id}`);
    this.db.state.promoCodes.push(copy(promo));
    return ok(undefined);
  }

  async list(): Promise<PromoCode[]> {
    return [...this.db.state.promoCodes]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || a.code.localeCompare(b.code))
      .map(copy);
  }

  async delete(id: string): Promise<boolean> {
    const before = this.db.state.promoCodes.length;
    this.db.state.promoCodes = this.db.state.promoCodes.filter((p) => p.id !== id);
    this.db.state.promoRedemptions = this.db.state.promoRedemptions.filter((r) => r.promoId !== id);
    return this.db.state.promoCodes.length < before;
  }

  async hasRedeemed(promoId: string, userId: string): Promise<boolean> {
    return this.db.state.promoRedemptions.some((r) => r.promoId === promoId && r.userId === userId);
  }

  async claimUse(promoId: string, now: Date): Promise<boolean> {
    const promo = this.db.state.promoCodes.find((p) => p.id === promoId);
    if (!promo || !promo.isActive || promo.currentUses >= promo.maxUses || promo.expiresAt.getTime() <= now.getTime()) return false;
    promo.currentUses += 1;
    return true;
  }

  async recordRedemption(promoId: string, userId: string, at: Date): Promise<boolean> {
    if (!this.db.state.users.has(userId)) throw new Error(`Unknown user ${userId}`);
    if (!this.db.state.promoCodes.some((p) => p.id === promoId)) throw new Error(`Unknown promo ${promoId}`);
    if (await this.hasRedeemed(promoId, userId)) return false;
    this.db.state.promoRedemptions.push({ promoId, userId, createdAt: new Date(at) });
    return true;
  }

  async redemptionsOf(userId: string): Promise<Array<{ code: string; redeemedAt: Date }>> {
    return this.db.state.promoRedemptions
      .filter((r) => r.userId === userId)
      .flatMap((r) => {
        const promo = this.db.state.promoCodes.find((p) => p.id === r.promoId);
        return promo ? [{ code: promo.code, redeemedAt: new Date(r.createdAt) }] : [];
      })
      .sort((a, b) => a.redeemedAt.getTime() - b.redeemedAt.getTime() || a.code.localeCompare(b.code));
  }
}

const newestSubscriptionFirst = (a: StoredSubscription, b: StoredSubscription) =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

class InMemoryBillingRepository implements BillingRepository {
  constructor(private readonly db: InMemoryUnitOfWork) {}

  async customerIdOf(userId: string): Promise<string | null> {
    return this.db.state.billingCustomers.get(userId) ?? null;
  }

  async userIdOfCustomer(customerId: string): Promise<string | null> {
    for (const [userId, id] of this.db.state.billingCustomers) if (id === customerId) return userId;
    return null;
  }

  async saveCustomer(userId: string, customerId: string): Promise<void> {
    if (!this.db.state.users.has(userId)) throw new Error(`Unknown user ${userId}`);
    const owner = await this.userIdOfCustomer(customerId);
    if (owner && owner !== userId) throw new Error(`Customer ${customerId} belongs to another user`);
    this.db.state.billingCustomers.set(userId, customerId);
  }

  async findSubscription(id: string): Promise<StoredSubscription | null> {
    const found = this.db.state.subscriptions.find((s) => s.id === id);
    return found ? copy(found) : null;
  }

  async saveSubscription(subscription: StoredSubscription): Promise<void> {
    if (!this.db.state.users.has(subscription.userId)) throw new Error(`Unknown user ${subscription.userId}`);
    const index = this.db.state.subscriptions.findIndex((s) => s.id === subscription.id);
    if (index < 0) {
      this.db.state.subscriptions.push(copy(subscription));
      return;
    }
    // As the database's upsert: the owner, customer and creation time of a subscription never change.
    const stored = this.db.state.subscriptions[index]!;
    this.db.state.subscriptions[index] = copy({ ...subscription, userId: stored.userId, customerId: stored.customerId, createdAt: stored.createdAt });
  }

  async openSubscriptions(userId: string): Promise<StoredSubscription[]> {
    return this.db.state.subscriptions
      .filter((s) => s.userId === userId && openSubscriptionStatuses.includes(s.status))
      .sort(newestSubscriptionFirst)
      .map(copy);
  }

  async recordPayment(payment: NewPayment): Promise<boolean> {
    if (!this.db.state.users.has(payment.userId)) throw new Error(`Unknown user ${payment.userId}`);
    if (this.db.state.payments.some((p) => p.invoiceId === payment.invoiceId)) return false;
    if (payment.paymentId !== null && this.db.state.payments.some((p) => p.paymentId === payment.paymentId)) {
      throw new Error(`Payment ${payment.paymentId} already paid another invoice`);
    }
    this.db.state.payments.push(copy(payment));
    return true;
  }

  async findPaymentByPaymentId(paymentId: string): Promise<StoredPayment | null> {
    const found = this.db.state.payments.find((p) => p.paymentId === paymentId);
    return found ? copy(found) : null;
  }

  async listPayments(userId: string): Promise<StoredPayment[]> {
    return this.db.state.payments
      .filter((p) => p.userId === userId)
      .sort((a, b) => b.paidAt.getTime() - a.paidAt.getTime() || (a.invoiceId < b.invoiceId ? 1 : -1))
      .map(copy);
  }

  async setRefunded(invoiceId: string, refundedCents: number): Promise<void> {
    const payment = this.db.state.payments.find((p) => p.invoiceId === invoiceId);
    if (!payment) return;
    if (refundedCents < 0 || refundedCents > payment.amountCents) throw new Error(`A refund of ${refundedCents} cents exceeds invoice ${invoiceId}`);
    payment.refundedCents = refundedCents;
  }

  async markEventProcessed(eventId: string): Promise<boolean> {
    if (this.db.state.paymentEvents.has(eventId)) return false;
    this.db.state.paymentEvents.add(eventId);
    return true;
  }
}

class InMemoryAuditLogRepository implements AuditLogRepository {
  constructor(private readonly db: InMemoryUnitOfWork) {}

  async record(entry: AuditEntry): Promise<void> {
    if (entry.actorId !== null && !this.db.state.users.has(entry.actorId)) throw new Error(`Unknown actor ${entry.actorId}`);
    this.db.state.auditLog.push(copy(entry));
  }

  async list(query: { offset: number; limit: number }): Promise<{ entries: AuditEntry[]; total: number }> {
    const sorted = [...this.db.state.auditLog].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
    const offset = Math.max(0, query.offset);
    return { entries: sorted.slice(offset, offset + Math.max(0, query.limit)).map(copy), total: sorted.length };
  }
}

class InMemoryAdminStatsRepository implements AdminStatsRepository {
  constructor(private readonly db: InMemoryUnitOfWork) {}

  async summary(): Promise<AdminStats> {
    const users = [...this.db.state.users.values()];
    return {
      totalUsers: users.length,
      freeUsers: users.filter((u) => u.tierId === 'citizen').length,
      paidUsers: users.filter((u) => u.tierId !== 'citizen').length,
      admins: users.filter((u) => u.role === 'admin').length,
      totalAnalyses: this.db.state.analyses.length,
      creditsSpent: -this.db.state.ledger
        .filter((r) => r.reason === 'analysis_debit' || r.reason === 'analysis_refund')
        .reduce((sum, r) => sum + r.delta, 0),
    };
  }

  async daily(range: UtcDayRange): Promise<DailyActivity[]> {
    const utcDay = (at: Date | number) => new Date(at).toISOString().slice(0, 10);
    const byDay = new Map<string, DailyActivity>();
    for (let at = Date.parse(range.first); at <= Date.parse(range.last); at += 86_400_000) {
      byDay.set(utcDay(at), { day: utcDay(at), analyses: 0, signUps: 0, revenueCents: 0 });
    }
    // What happened outside the range finds no day.
    const add = (at: Date, series: 'analyses' | 'signUps' | 'revenueCents', amount: number) => {
      const day = byDay.get(utcDay(at));
      if (day) day[series] += amount;
    };
    for (const analysis of this.db.state.analyses) add(analysis.createdAt, 'analyses', 1);
    for (const user of this.db.state.users.values()) add(user.createdAt, 'signUps', 1);
    for (const payment of this.db.state.payments) add(payment.paidAt, 'revenueCents', payment.amountCents - payment.refundedCents);
    return [...byDay.values()];
  }
}

const oldestFirst = (a: OutboxMessage, b: OutboxMessage) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

class InMemoryOutboxRepository implements OutboxRepository {
  constructor(private readonly db: InMemoryUnitOfWork) {}

  async enqueue(message: NewOutboxMessage): Promise<void> {
    if (message.userId !== null && !this.db.state.users.has(message.userId)) throw new Error(`Unknown user ${message.userId}`);
    if (this.db.state.outbox.some((m) => m.id === message.id)) throw new Error(`Duplicate outbox message ${message.id}`);
    this.db.state.outbox.push(copy({ ...message, sentAt: null, attempts: 0, lastError: null, nextAttemptAt: message.createdAt }));
  }

  async list(query: OutboxQuery): Promise<{ messages: OutboxMessage[]; total: number }> {
    const matches = this.db.state.outbox.filter((m) => !query.unsentOnly || m.sentAt === null).sort((a, b) => oldestFirst(b, a));
    const offset = Math.max(0, query.offset);
    return { messages: matches.slice(offset, offset + Math.max(0, query.limit)).map(copy), total: matches.length };
  }

  async claimNextDue(now: Date, leaseUntil: Date): Promise<OutboxMessage | null> {
    const due = this.db.state.outbox
      .filter((m) => m.sentAt === null && m.nextAttemptAt !== null && m.nextAttemptAt.getTime() <= now.getTime())
      .sort((a, b) => a.nextAttemptAt!.getTime() - b.nextAttemptAt!.getTime() || oldestFirst(a, b))[0];
    if (!due) return null;
    due.attempts += 1;
    due.nextAttemptAt = new Date(leaseUntil);
    return copy(due);
  }

  async markSent(id: string, at: Date): Promise<void> {
    const message = this.db.state.outbox.find((m) => m.id === id);
    if (!message || message.sentAt !== null) return;
    message.sentAt = new Date(at);
    message.nextAttemptAt = null;
  }

  async markFailed(id: string, attempt: number, error: string, retryAt: Date | null): Promise<void> {
    const message = this.db.state.outbox.find((m) => m.id === id);
    if (!message || message.sentAt !== null || message.attempts !== attempt) return;
    message.lastError = error;
    message.nextAttemptAt = retryAt ? new Date(retryAt) : null;
  }
}

class InMemoryAccountTokenRepository implements AccountTokenRepository {
  constructor(private readonly db: InMemoryUnitOfWork) {}

  async insert(token: AccountToken): Promise<void> {
    if (!this.db.state.users.has(token.userId)) throw new Error(`Unknown user ${token.userId}`);
    // As the database's unique constraint.
    if (this.db.state.accountTokens.some((t) => t.tokenHash === token.tokenHash)) throw new Error('Duplicate account token');
    this.db.state.accountTokens.push(copy(token));
  }

  async findByHash(tokenHash: string): Promise<AccountToken | null> {
    const found = this.db.state.accountTokens.find((t) => t.tokenHash === tokenHash);
    return found ? copy(found) : null;
  }

  async markUsed(id: string, at: Date): Promise<boolean> {
    const found = this.db.state.accountTokens.find((t) => t.id === id);
    if (!found || found.usedAt) return false;
    found.usedAt = new Date(at);
    return true;
  }

  async deleteUnused(userId: string, purposes: readonly AccountTokenPurpose[]): Promise<void> {
    this.db.state.accountTokens = this.db.state.accountTokens.filter((t) => !(t.userId === userId && t.usedAt === null && purposes.includes(t.purpose)));
  }
}

class InMemoryAnalysisJobQueue implements AnalysisJobQueue {
  constructor(private readonly db: InMemoryUnitOfWork) {}

  async enqueue(job: AnalysisJob): Promise<void> {
    this.db.state.analysisJobs.push(copy(job));
  }

  async cancel(analysisId: string): Promise<void> {
    this.db.state.analysisJobs = this.db.state.analysisJobs.filter((job) => job.analysisId !== analysisId);
  }
}

class InMemorySessionRepository implements SessionRepository {
  constructor(private readonly db: InMemoryUnitOfWork) {}

  async endSessionsOf(userId: string, keep?: string): Promise<number> {
    let ended = 0;
    for (const [sid, owner] of this.db.state.sessions) {
      if (owner === userId && sid !== keep) {
        this.db.state.sessions.delete(sid);
        ended++;
      }
    }
    return ended;
  }
}

export interface InMemoryUnitOfWorkOptions {
  clock?: Clock;
}

/**
 * The unit of work for tests of core: the same seed and the same transactional rules as the database.
 * Runs are serialised, one at a time, and a run that throws or returns a Result with ok: false leaves
 * no trace. A run inside a run joins it; a failed inner run undoes only its own changes (a savepoint).
 */
export class InMemoryUnitOfWork implements UnitOfWork {
  /** @internal read by the repositories above. */
  state: State = seededState();
  readonly clock: Clock;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly inRun = new AsyncLocalStorage<true>();
  private readonly repos: PersistenceRepositories = {
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

  run<T>(work: (repos: PersistenceRepositories) => Promise<T>): Promise<T> {
    if (this.inRun.getStore()) return this.attempt(work);
    const result = this.queue.then(() => this.inRun.run(true, () => this.attempt(work)));
    this.queue = result.catch(() => undefined);
    return result;
  }

  /** Reads are serialised with the runs, so they see no run's half-done state, as the database's reads do not. */
  read<T>(work: (repos: PersistenceRepositories) => Promise<T>): Promise<T> {
    return this.run(work);
  }

  private async attempt<T>(work: (repos: PersistenceRepositories) => Promise<T>): Promise<T> {
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
