import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Kysely, Selectable } from 'kysely';
import {
  domainError, err, INSUFFICIENT_CREDITS_MESSAGE, ok, USER_NOT_FOUND_MESSAGE,
  type CreditLedger, type DomainError, type LedgerEntry, type LedgerReason, type LedgerRow, type Result,
} from '@civicwatch/core';
import { isUuid } from './sql-helpers.ts';
import { clockTimestamp, countAll, interval, kysely, type Database } from './kysely-database.ts';

const LEDGER_COLUMNS = ['id', 'user_id', 'delta', 'reason', 'reference', 'balance_after', 'created_at'] as const;
type LedgerRecord = Pick<Selectable<Database['credit_ledger']>, (typeof LEDGER_COLUMNS)[number]>;

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

    const moved = await this.db.updateTable('users')
      .set((eb) => ({ credits: eb('credits', '+', entry.delta) }))
      .where('id', '=', entry.userId)
      .where((eb) => eb(eb('credits', '+', entry.delta), '>=', 0))
      .returning('credits')
      .executeTakeFirst();
    if (!moved) {
      const current = await this.currentBalance(entry.userId);
      return current.ok ? err(domainError('credits.insufficient', INSUFFICIENT_CREDITS_MESSAGE)) : current;
    }

    // The row lock above orders a user's posts, so each row's time is after the previous one's, even where the
    // clock has not moved on (PGlite's is coarse): statements list in the order the balance moved.
    const written = await this.db.insertInto('credit_ledger')
      .values((eb) => ({
        id: randomUUID(), user_id: entry.userId, delta: entry.delta, reason: entry.reason, reference, balance_after: moved.credits,
        created_at: eb.fn<string>('greatest', [clockTimestamp(eb), eb.selectFrom('credit_ledger').where('user_id', '=', entry.userId)
          .select((last) => last(last.fn.max('created_at'), '+', interval(last, '1 microsecond')).as('after_last'))]),
      }))
      .onConflict((conflict) => conflict.columns(['reason', 'reference']).where('reference', 'is not', null).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!written) {
      // A concurrent post with the same reason and reference committed after our first look. We still
      // hold the user's row lock, so undoing our own change is exact.
      const undone = await this.db.updateTable('users').set((eb) => ({ credits: eb('credits', '-', entry.delta) }))
        .where('id', '=', entry.userId).returning('credits').executeTakeFirstOrThrow();
      return ok({ balance: undone.credits });
    }
    return ok({ balance: moved.credits });
  }

  /** Oldest first, like a statement. */
  async history(userId: string): Promise<LedgerRow[]> {
    if (!isUuid(userId)) return [];
    const rows = await this.entriesOf(userId).orderBy('created_at').orderBy('id').execute();
    return rows.map(toLedgerRow);
  }

  async list(userId: string, page: { offset: number; limit: number }): Promise<{ rows: LedgerRow[]; total: number }> {
    if (!isUuid(userId)) return { rows: [], total: 0 };
    const rows = await this.entriesOf(userId).orderBy('created_at', 'desc').orderBy('id', 'desc')
      .offset(Math.max(0, page.offset)).limit(Math.max(0, page.limit)).execute();
    const count = await this.db.selectFrom('credit_ledger').select((eb) => countAll(eb).as('total')).where('user_id', '=', userId).executeTakeFirst();
    return { rows: rows.map(toLedgerRow), total: count?.total ?? 0 };
  }

  private get db(): Kysely<Database> {
    return kysely(this.em);
  }

  private entriesOf(userId: string) {
    return this.db.selectFrom('credit_ledger').select(LEDGER_COLUMNS).where('user_id', '=', userId);
  }

  private async alreadyPosted(reason: LedgerReason, reference: string): Promise<boolean> {
    const row = await this.db.selectFrom('credit_ledger').select((eb) => eb.lit(1).as('found'))
      .where('reason', '=', reason).where('reference', '=', reference).limit(1).executeTakeFirst();
    return row !== undefined;
  }

  private async currentBalance(userId: string): Promise<Result<{ balance: number }, DomainError>> {
    const user = await this.db.selectFrom('users').select('credits').where('id', '=', userId).executeTakeFirst();
    return user ? ok({ balance: user.credits }) : err(domainError('user.not_found', USER_NOT_FOUND_MESSAGE));
  }
}
