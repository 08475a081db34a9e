import type { CreditLedger, LedgerEntry, LedgerRow } from '../../credits/credit-ledger.port.ts';
import { INSUFFICIENT_CREDITS_MESSAGE, USER_NOT_FOUND_MESSAGE } from '../../credits/credit-messages.ts';
import { domainError, type DomainError } from '../../shared/domain-error.ts';
import { err, ok, type Result } from '../../shared/result.ts';
import { copy, type InMemoryDatabase } from './in-memory-database.ts';

export class InMemoryCreditLedger implements CreditLedger {
  constructor(private readonly db: InMemoryDatabase) {}

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
      id: crypto.randomUUID(),
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
