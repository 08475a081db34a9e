import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  domainError, err, INSUFFICIENT_CREDITS_MESSAGE, ok, USER_NOT_FOUND_MESSAGE,
  type CreditLedger, type DomainError, type LedgerEntry, type LedgerReason, type LedgerRow, type Result,
} from '@civicwatch/core';
import { isUuid } from './sql-helpers.ts';

interface LedgerRecord {
  id: string;
  user_id: string;
  delta: number;
  reason: string;
  reference: string | null;
  balance_after: number;
  created_at: Date;
}

const toLedgerRow = (r: LedgerRecord): LedgerRow => ({
  id: r.id,
  userId: r.user_id,
  delta: r.delta,
  reason: r.reason as LedgerReason,
  reference: r.reference,
  balanceAfter: r.balance_after,
  createdAt: new Date(r.created_at),
});

/**
 * The balance and its ledger row change in the caller's transaction (ADR 0002).
 *
 * Concurrency: the balance moves by one conditional UPDATE, so PostgreSQL's row lock orders concurrent
 * posts for a user and the `credits + delta >= 0` test sees the committed balance: no debit can take it
 * below zero. Idempotency: an entry whose (reason, reference) is already in the ledger is a replay; it
 * changes nothing and answers the current balance, so a webhook or a retried request never pays twice.
 */
export class MikroOrmCreditLedger implements CreditLedger {
  constructor(private readonly em: EntityManager) {}

  async post(entry: LedgerEntry): Promise<Result<{ balance: number }, DomainError>> {
    if (!Number.isSafeInteger(entry.delta)) throw new Error(`A ledger delta must be a whole number of credits, got ${entry.delta}`);
    if (!isUuid(entry.userId)) return err(domainError('user.not_found', USER_NOT_FOUND_MESSAGE));
    const reference = entry.reference ?? null;

    if (reference !== null && (await this.alreadyPosted(entry.reason, reference))) {
      return this.currentBalance(entry.userId);
    }

    const [moved] = await this.em.execute<Array<{ credits: number }>>(
      'update users set credits = credits + ? where id = ? and credits + ? >= 0 returning credits',
      [entry.delta, entry.userId, entry.delta],
    );
    if (!moved) {
      const current = await this.currentBalance(entry.userId);
      return current.ok ? err(domainError('credits.insufficient', INSUFFICIENT_CREDITS_MESSAGE)) : current;
    }

    // The row lock above orders a user's posts, so each row's time is after the previous one's, even where the
    // clock has not moved on (PGlite's is coarse): statements list in the order the balance moved.
    const [written] = await this.em.execute<Array<{ id: string }>>(
      `insert into credit_ledger (id, user_id, delta, reason, reference, balance_after, created_at)
       values (?, ?, ?, ?, ?, ?, greatest(clock_timestamp(),
         (select max(created_at) + interval '1 microsecond' from credit_ledger where user_id = ?)))
       on conflict (reason, reference) where reference is not null do nothing
       returning id`,
      [randomUUID(), entry.userId, entry.delta, entry.reason, reference, moved.credits, entry.userId],
    );
    if (!written) {
      // A concurrent post with the same reason and reference committed after our first look. We still
      // hold the user's row lock, so undoing our own change is exact.
      const [undone] = await this.em.execute<Array<{ credits: number }>>(
        'update users set credits = credits - ? where id = ? returning credits', [entry.delta, entry.userId]);
      return ok({ balance: undone!.credits });
    }
    return ok({ balance: moved.credits });
  }

  /** Oldest first, like a statement. */
  async history(userId: string): Promise<LedgerRow[]> {
    if (!isUuid(userId)) return [];
    const rows = await this.em.execute<LedgerRecord[]>(
      `select id, user_id, delta, reason, reference, balance_after, created_at
       from credit_ledger where user_id = ? order by created_at, id`,
      [userId],
    );
    return rows.map(toLedgerRow);
  }

  async list(userId: string, page: { offset: number; limit: number }): Promise<{ rows: LedgerRow[]; total: number }> {
    if (!isUuid(userId)) return { rows: [], total: 0 };
    const rows = await this.em.execute<LedgerRecord[]>(
      `select id, user_id, delta, reason, reference, balance_after, created_at
       from credit_ledger where user_id = ? order by created_at desc, id desc offset ? limit ?`,
      [userId, Math.max(0, page.offset), Math.max(0, page.limit)],
    );
    const [count] = await this.em.execute<Array<{ total: string | number }>>('select count(*) as total from credit_ledger where user_id = ?', [userId]);
    return { rows: rows.map(toLedgerRow), total: Number(count?.total ?? 0) };
  }

  private async alreadyPosted(reason: LedgerReason, reference: string): Promise<boolean> {
    const rows = await this.em.execute<unknown[]>(
      'select 1 from credit_ledger where reason = ? and reference = ? limit 1', [reason, reference]);
    return rows.length > 0;
  }

  private async currentBalance(userId: string): Promise<Result<{ balance: number }, DomainError>> {
    const [user] = await this.em.execute<Array<{ credits: number }>>('select credits from users where id = ?', [userId]);
    return user ? ok({ balance: user.credits }) : err(domainError('user.not_found', USER_NOT_FOUND_MESSAGE));
  }
}
