import type { EntityManager } from '@mikro-orm/postgresql';
import type { InferEntity } from '@mikro-orm/core';
import type { AccountToken, AccountTokenPurpose, AccountTokenRepository } from '@civicwatch/core';
import { AccountTokenEntity } from './entities/account-token.entity.ts';

type AccountTokenRow = InferEntity<typeof AccountTokenEntity>;

const toToken = (row: AccountTokenRow): AccountToken => ({
  id: row.id,
  userId: row.user,
  purpose: row.purpose as AccountTokenPurpose,
  tokenHash: row.tokenHash,
  newEmail: row.newEmail ?? null,
  expiresAt: row.expiresAt,
  usedAt: row.usedAt ?? null,
  createdAt: row.createdAt,
});

export class MikroOrmAccountTokenRepository implements AccountTokenRepository {
  constructor(private readonly em: EntityManager) {}

  async insert(token: AccountToken): Promise<void> {
    await this.em.insert(AccountTokenEntity, {
      id: token.id,
      user: token.userId,
      purpose: token.purpose,
      tokenHash: token.tokenHash,
      newEmail: token.newEmail,
      expiresAt: token.expiresAt,
      usedAt: token.usedAt,
      createdAt: token.createdAt,
    });
  }

  async findByHash(tokenHash: string): Promise<AccountToken | null> {
    const row = await this.em.findOne(AccountTokenEntity, { tokenHash }, { disableIdentityMap: true });
    return row ? toToken(row) : null;
  }

  /** One conditional UPDATE: of two concurrent uses, the second waits for the first and then matches nothing. */
  async markUsed(id: string, at: Date): Promise<boolean> {
    return (await this.em.nativeUpdate(AccountTokenEntity, { id, usedAt: null }, { usedAt: at })) === 1;
  }

  async deleteUnused(userId: string, purposes: readonly AccountTokenPurpose[]): Promise<void> {
    if (purposes.length === 0) return;
    await this.em.nativeDelete(AccountTokenEntity, { user: userId, purpose: { $in: [...purposes] }, usedAt: null });
  }
}
