import type { EntityManager } from '@mikro-orm/postgresql';
import type { Kysely } from 'kysely';
import { UniqueConstraintViolationException, type InferEntity } from '@mikro-orm/core';
import {
  domainError, EMAIL_TAKEN_MESSAGE, err, ok,
  type DomainError, type Result, type Role, type TierId, type User, type UserListQuery, type UserRepository,
} from '@civicwatch/core';
import { UserEntity } from './entities/user.entity.ts';
import { isUuid, likePattern } from './sql-helpers.ts';
import { kysely, type Database } from './kysely-database.ts';
import { deleteSessionsOf } from './mikro-orm-session-repository.ts';

export type UserRow = InferEntity<typeof UserEntity>;

export const toUser = (row: UserRow): User => ({
  id: row.id,
  email: row.email,
  firstName: row.firstName ?? null,
  lastName: row.lastName ?? null,
  state: row.state ?? null,
  country: row.country,
  tierId: row.tier as TierId,
  credits: row.credits,
  role: row.role as Role,
  passwordHash: row.passwordHash,
  emailPreferences: { productUpdates: row.emailProductUpdates, analysisNotices: row.emailAnalysisNotices, receipts: row.emailReceipts },
  emailVerifiedAt: row.emailVerifiedAt ?? null,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

/**
 * Reads bypass the identity map: credits change through Kysely's queries in the ledger, so a cached entity could
 * show a stale balance later in the same transaction.
 */
export class MikroOrmUserRepository implements UserRepository {
  constructor(private readonly em: EntityManager) {}

  async findById(id: string): Promise<User | null> {
    // A session may carry any string; an id that is not a UUID simply matches nobody.
    if (!isUuid(id)) return null;
    const row = await this.em.findOne(UserEntity, { id }, { disableIdentityMap: true });
    return row ? toUser(row) : null;
  }

  async findByEmail(email: string): Promise<User | null> {
    const row = await this.em.findOne(UserEntity, { email: email.trim().toLowerCase() }, { disableIdentityMap: true });
    return row ? toUser(row) : null;
  }

  async insert(user: User): Promise<Result<void, DomainError>> {
    // ON CONFLICT rather than catching the violation: the transaction stays usable, and a concurrent
    // registration of the same e-mail waits for the first to commit, then finds it taken.
    const inserted = await this.em.createQueryBuilder(UserEntity)
      .insert({
        id: user.id,
        email: user.email.trim().toLowerCase(),
        firstName: user.firstName,
        lastName: user.lastName,
        state: user.state,
        country: user.country,
        tier: user.tierId,
        credits: user.credits,
        role: user.role,
        passwordHash: user.passwordHash,
        emailProductUpdates: user.emailPreferences.productUpdates,
        emailAnalysisNotices: user.emailPreferences.analysisNotices,
        emailReceipts: user.emailPreferences.receipts,
        emailVerifiedAt: user.emailVerifiedAt,
        createdAt: user.createdAt,
        updatedAt: user.updatedAt,
      })
      .onConflict('email').ignore()
      .execute('run');
    return inserted.affectedRows === 1 ? ok(undefined) : err(domainError('auth.email_taken', EMAIL_TAKEN_MESSAGE));
  }

  async updateProfile(user: User): Promise<void> {
    await this.em.nativeUpdate(UserEntity, { id: user.id }, {
      firstName: user.firstName,
      lastName: user.lastName,
      state: user.state,
      country: user.country,
      emailProductUpdates: user.emailPreferences.productUpdates,
      emailAnalysisNotices: user.emailPreferences.analysisNotices,
      emailReceipts: user.emailPreferences.receipts,
      updatedAt: user.updatedAt,
    });
  }

  async updatePassword(id: string, passwordHash: string, at: Date): Promise<void> {
    if (!isUuid(id)) return;
    await this.em.nativeUpdate(UserEntity, { id }, { passwordHash, updatedAt: at });
  }

  async markEmailVerified(id: string, at: Date): Promise<void> {
    if (!isUuid(id)) return;
    await this.em.nativeUpdate(UserEntity, { id }, { emailVerifiedAt: at, updatedAt: at });
  }

  async changeEmail(id: string, email: string, at: Date): Promise<Result<void, DomainError>> {
    try {
      // Its own savepoint: a unique violation (the address registered meanwhile) leaves the caller's transaction usable.
      await this.em.transactional((tx) => tx.nativeUpdate(UserEntity, { id }, { email: email.trim().toLowerCase(), emailVerifiedAt: at, updatedAt: at }));
      return ok(undefined);
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) return err(domainError('auth.email_taken', EMAIL_TAKEN_MESSAGE));
      throw error;
    }
  }

  async updateTier(id: string, tierId: TierId): Promise<void> {
    if (!isUuid(id)) return;
    await this.em.nativeUpdate(UserEntity, { id }, { tier: tierId, updatedAt: new Date() });
  }

  async configuredAdminEmails(): Promise<string[]> {
    const rows = await this.db.selectFrom('configured_admins').select('email').orderBy('position').execute();
    return rows.map((r) => r.email);
  }

  async saveConfiguredAdminEmails(emails: readonly string[]): Promise<void> {
    await this.db.deleteFrom('configured_admins').execute();
    for (const [position, email] of emails.entries()) {
      await this.db.insertInto('configured_admins').values({ email: email.trim().toLowerCase(), position })
        .onConflict((conflict) => conflict.column('email').doNothing())
        .execute();
    }
  }

  async setRole(id: string, role: 'user' | 'admin'): Promise<void> {
    if (!isUuid(id)) return;
    await this.em.nativeUpdate(UserEntity, { id }, { role, updatedAt: new Date() });
  }

  /** Sessions keep the user's id in their JSON; the rest goes by the foreign keys' ON DELETE CASCADE. */
  async delete(id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    await deleteSessionsOf(this.db, id).execute();
    return (await this.em.nativeDelete(UserEntity, { id })) > 0;
  }

  async grantAdminRole(emails: readonly string[]): Promise<number> {
    const normalised = [...new Set(emails.map((e) => e.trim().toLowerCase()).filter(Boolean))];
    if (normalised.length === 0) return 0;
    return this.em.nativeUpdate(UserEntity, { email: { $in: normalised }, role: { $ne: 'admin' }, emailVerifiedAt: { $ne: null } }, { role: 'admin', updatedAt: new Date() });
  }

  async revokeAdminRoleOfUnverified(emails: readonly string[]): Promise<string[]> {
    const normalised = [...new Set(emails.map((e) => e.trim().toLowerCase()).filter(Boolean))];
    if (normalised.length === 0) return [];
    const where = { email: { $in: normalised }, role: 'admin' as const, emailVerifiedAt: null };
    const found = await this.em.find(UserEntity, where, { fields: ['email'], orderBy: { email: 'asc' }, disableIdentityMap: true });
    if (found.length === 0) return [];
    await this.em.nativeUpdate(UserEntity, where, { role: 'user', updatedAt: new Date() });
    return found.map((u) => u.email);
  }

  async list(query: UserListQuery): Promise<{ users: User[]; total: number }> {
    const search = query.search?.trim();
    const pattern = search ? likePattern(search) : null;
    const where = pattern
      ? { $or: [{ email: { $ilike: pattern } }, { firstName: { $ilike: pattern } }, { lastName: { $ilike: pattern } }] }
      : {};
    const [rows, total] = await this.em.findAndCount(UserEntity, where, {
      orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
      offset: Math.max(0, query.offset),
      limit: Math.max(0, query.limit),
      disableIdentityMap: true,
    });
    return { users: rows.map(toUser), total };
  }

  private get db(): Kysely<Database> {
    return kysely(this.em);
  }
}
