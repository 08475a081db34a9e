import type { AccountTokenRepository } from '../../accounts/account-token-repository.port.ts';
import type { AccountToken, AccountTokenPurpose } from '../../accounts/account-token.ts';
import { copy, type InMemoryDatabase } from './in-memory-database.ts';

export class InMemoryAccountTokenRepository implements AccountTokenRepository {
  constructor(private readonly db: InMemoryDatabase) {}

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
