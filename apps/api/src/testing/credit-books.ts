import { expect, vi } from 'vitest';
import type { DatabaseHandle } from '@civicwatch/adapters/persistence/open-database.ts';
import { ABANDONED_ANALYSIS_QUEUE, ANALYSIS_QUEUE } from '@civicwatch/adapters/queue/pg-boss-analysis-queue.ts';

/** A query on the test's own connection to the database the processes share. */
export type Sql = <T = Record<string, unknown>>(query: string, params?: unknown[]) => Promise<T[]>;

export const sqlOn = (db: DatabaseHandle): Sql => (query, params = []) => db.orm.em.fork().execute(query, params);

/**
 * Waits (at most `timeoutMs`) until no analysis is pending and no analysis job waits or runs: nothing is stuck.
 * Mail jobs are not counted: without SMTP_URL they wait on purpose, for a mail worker (ADR 0028).
 */
export async function expectQueueDrained(sql: Sql, timeoutMs: number): Promise<void> {
  await vi.waitFor(async () => {
    const [left] = await sql<{ pending: number; jobs: number }>(`select
      (select count(*) from pending_analyses)::int as pending,
      (select count(*) from pgboss.job where name in (?, ?) and state in ('created', 'retry', 'active'))::int as jobs`,
    [ANALYSIS_QUEUE, ABANDONED_ANALYSIS_QUEUE]);
    expect(left).toEqual({ pending: 0, jobs: 0 });
  }, { timeout: timeoutMs, interval: 500 });
}

/**
 * The credit books of the whole database (docs/product/credits-and-tiers.md "Credits"): each balance is the sum of its ledger and never
 * negative; each analysis taken in was debited once and is either stored or refunded once, never both, never
 * neither. Call it once the queue has drained. Answers the ids of the stored and of the refunded analyses.
 */
export async function expectBooksBalance(sql: Sql): Promise<{ stored: Map<string, string>; refunded: Set<string> }> {
  const unbalanced = await sql(`select u.email, u.credits, coalesce(sum(l.delta), 0)::int as ledger from users u
    left join credit_ledger l on l.user_id = u.id group by u.id having u.credits <> coalesce(sum(l.delta), 0) or u.credits < 0`);
  expect(unbalanced).toEqual([]);

  const analyses = await sql<{ id: string; user_id: string }>('select id, user_id from analyses');
  const stored = new Map(analyses.map((a) => [a.id, a.user_id]));
  const debits = await sql<{ reference: string; debits: number; refunds: number }>(`select d.reference, count(*)::int as debits,
    (select count(*) from credit_ledger r where r.reason = 'analysis_refund' and r.reference = d.reference)::int as refunds
    from credit_ledger d where d.reason = 'analysis_debit' group by d.reference`);
  for (const debit of debits) {
    expect(debit.debits, `debits of analysis ${debit.reference}`).toBe(1);
    expect(debit.refunds + (stored.has(debit.reference) ? 1 : 0), `analysis ${debit.reference} stored or refunded once`).toBe(1);
  }
  // Nothing stored without its debit, no refund without one.
  const debited = new Set(debits.map((d) => d.reference));
  expect([...stored.keys()].filter((id) => !debited.has(id))).toEqual([]);
  const refunds = await sql<{ reference: string }>(`select reference from credit_ledger where reason = 'analysis_refund'`);
  expect(refunds.filter((r) => !debited.has(r.reference))).toEqual([]);
  return { stored, refunded: new Set(refunds.map((r) => r.reference)) };
}
