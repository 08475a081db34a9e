import type { EntityManager } from '@mikro-orm/postgresql';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { AdminStats, AdminStatsRepository, AuditAction, AuditEntry, AuditLogRepository, DailyActivity, UtcDayRange } from '@civicwatch/core';
import { AuditLogEntryEntity } from './entities/audit-log-entry.entity.ts';
import { interval, kysely, type Database } from './kysely-database.ts';

export class MikroOrmAuditLogRepository implements AuditLogRepository {
  constructor(private readonly em: EntityManager) {}

  async record(entry: AuditEntry): Promise<void> {
    await this.em.insert(AuditLogEntryEntity, {
      id: entry.id,
      actor: entry.actorId,
      actorLabel: entry.actorLabel,
      action: entry.action,
      target: entry.target,
      before: entry.before,
      after: entry.after,
      createdAt: entry.createdAt,
    });
  }

  async list(query: { offset: number; limit: number }): Promise<{ entries: AuditEntry[]; total: number }> {
    const [rows, total] = await this.em.findAndCount(AuditLogEntryEntity, {}, {
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      offset: Math.max(0, query.offset),
      limit: Math.max(0, query.limit),
      disableIdentityMap: true,
    });
    return {
      total,
      entries: rows.map((row) => ({
        id: row.id,
        actorId: row.actor ?? null,
        actorLabel: row.actorLabel,
        action: row.action as AuditAction,
        target: row.target,
        before: row.before ?? null,
        after: row.after ?? null,
        createdAt: row.createdAt,
      })),
    };
  }
}

/**
 * The UTC days of the range, first and last day given as YYYY-MM-DD, with each day's start and end as
 * instants: rows join the day their time falls in, in UTC whatever the session's time zone.
 */
const utcDays = (db: Kysely<Database>, range: UtcDayRange) => db.selectFrom((eb) => eb.fn<{ day: string }>('generate_series', [
  eb.cast(eb.val(range.first), 'timestamp'), eb.cast(eb.val(range.last), 'timestamp'), interval(eb, '1 day'),
]).as('day'));
const dayStart = (eb: ExpressionBuilder<Database & { day: { day: string } }, 'day'>) => eb.fn<string>('timezone', [eb.val('UTC'), 'day.day']);
const dayEnd = (eb: ExpressionBuilder<Database & { day: { day: string } }, 'day'>) =>
  eb.fn<string>('timezone', [eb.val('UTC'), eb('day.day', '+', interval(eb, '1 day'))]);
/** A day as YYYY-MM-DD. */
const dayText = (eb: ExpressionBuilder<Database & { day: { day: string } }, 'day'>) => eb.fn<string>('to_char', ['day.day', eb.val('YYYY-MM-DD')]).as('day');

/**
 * The summary is one round trip: counts by tier and role, analyses, and the ledger's analysis debits less their
 * refunds. The daily series are one grouped query each, a day with no row as 0.
 */
export class MikroOrmAdminStatsRepository implements AdminStatsRepository {
  constructor(private readonly em: EntityManager) {}

  async summary(): Promise<AdminStats> {
    const row = await kysely(this.em).selectNoFrom((eb) => [
      eb.selectFrom('users').select(eb.fn.countAll().as('n')).as('total_users'),
      eb.selectFrom('users').select(eb.fn.countAll().as('n')).where('tier_id', '=', 'citizen').as('free_users'),
      eb.selectFrom('users').select(eb.fn.countAll().as('n')).where('tier_id', '<>', 'citizen').as('paid_users'),
      eb.selectFrom('users').select(eb.fn.countAll().as('n')).where('role', '=', 'admin').as('admins'),
      eb.selectFrom('analyses').select(eb.fn.countAll().as('n')).as('total_analyses'),
      eb.selectFrom('credit_ledger').select((ledger) => ledger.fn.coalesce(ledger.neg(ledger.fn.sum('delta')), ledger.lit(0)).as('n'))
        .where('reason', 'in', ['analysis_debit', 'analysis_refund']).as('credits_spent'),
    ]).executeTakeFirst();
    return {
      totalUsers: Number(row?.total_users ?? 0),
      freeUsers: Number(row?.free_users ?? 0),
      paidUsers: Number(row?.paid_users ?? 0),
      admins: Number(row?.admins ?? 0),
      totalAnalyses: Number(row?.total_analyses ?? 0),
      creditsSpent: Number(row?.credits_spent ?? 0),
    };
  }

  async daily(range: UtcDayRange): Promise<DailyActivity[]> {
    const db = kysely(this.em);
    const days = utcDays(db, range);
    // Revenue is read from payments, the one record of money received: a row per paid invoice, whichever of
    // the webhook and the success page reported it, with the total refunded of it; kept, anonymised, when its
    // account is deleted (ADR 0009). Tier prices are list prices, not what was paid after a discount code.
    const [analyses, signUps, revenue] = await Promise.all([
      days.leftJoin('analyses as t', (join) => join.on((eb) => eb.and([eb('t.created_at', '>=', dayStart(eb)), eb('t.created_at', '<', dayEnd(eb))])))
        .select((eb) => [dayText(eb), eb.fn.count('t.id').as('total')]).groupBy('day.day').orderBy('day.day').execute(),
      days.leftJoin('users as t', (join) => join.on((eb) => eb.and([eb('t.created_at', '>=', dayStart(eb)), eb('t.created_at', '<', dayEnd(eb))])))
        .select((eb) => [dayText(eb), eb.fn.count('t.id').as('total')]).groupBy('day.day').orderBy('day.day').execute(),
      days.leftJoin('payments as t', (join) => join.on((eb) => eb.and([eb('t.paid_at', '>=', dayStart(eb)), eb('t.paid_at', '<', dayEnd(eb))])))
        .select((eb) => [dayText(eb), eb.fn.coalesce(eb.fn.sum(eb('t.amount_cents', '-', eb.ref('t.refunded_cents'))), eb.lit(0)).as('total')])
        .groupBy('day.day').orderBy('day.day').execute(),
    ]);
    return analyses.map((row, i) => ({
      day: row.day,
      analyses: Number(row.total),
      signUps: Number(signUps[i]?.total ?? 0),
      revenueCents: Number(revenue[i]?.total ?? 0),
    }));
  }
}
