import { EMAIL_TAKEN_MESSAGE } from '../../accounts/account-messages.ts';
import type { UserListQuery, UserRepository } from '../../accounts/user-repository.port.ts';
import type { User } from '../../accounts/user.ts';
import type { TierId } from '../../contracts/tiers.contract.ts';
import { domainError, type DomainError } from '../../shared/domain-error.ts';
import { err, ok, type Result } from '../../shared/result.ts';
import { copy, type InMemoryDatabase } from './in-memory-database.ts';

export class InMemoryUserRepository implements UserRepository {
  constructor(private readonly db: InMemoryDatabase) {}

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
