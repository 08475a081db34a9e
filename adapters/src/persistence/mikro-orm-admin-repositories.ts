import type { EntityManager } from '@mikro-orm/postgresql';
import type { AdminStats, AdminStatsRepository, AuditAction, AuditEntry, AuditLogRepository, DailyActivity, UtcDayRange } from '@civicwatch/core';
import { AuditLogEntryEntity } from './entities/audit-log-entry.entity.ts';

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
 * One total per UTC day of the range, a day with no row as 0: the days come from generate_series and each
 * row of `table` joins the day its `at` falls in, in UTC whatever the session's time zone. Parameters: the
 * first and last day, YYYY-MM-DD.
 */
const totalPerDay = (table: string, at: string, total: string) => `
  select to_char(day, 'YYYY-MM-DD') as day, ${total} as total
  from generate_series(?::timestamp, ?::timestamp, interval '1 day') as day
  left join ${table} t on t.${at} >= day at time zone 'UTC' and t.${at} < (day + interval '1 day') at time zone 'UTC'
  group by day
  order by day`;

/**
 * The summary is one round trip: counts by tier and role, analyses, and the ledger's analysis debits less their
 * refunds. The daily series are one grouped query each.
 */
export class MikroOrmAdminStatsRepository implements AdminStatsRepository {
  constructor(private readonly em: EntityManager) {}

  async summary(): Promise<AdminStats> {
    const [row] = await this.em.execute<Array<Record<string, string | number>>>(`
      select
        (select count(*) from users) as total_users,
        (select count(*) from users where tier_id = 'citizen') as free_users,
        (select count(*) from users where tier_id <> 'citizen') as paid_users,
        (select count(*) from users where role = 'admin') as admins,
        (select count(*) from analyses) as total_analyses,
        (select coalesce(-sum(delta), 0) from credit_ledger where reason in ('analysis_debit', 'analysis_refund')) as credits_spent`);
    const n = (key: string) => Number(row?.[key] ?? 0);
    return {
      totalUsers: n('total_users'),
      freeUsers: n('free_users'),
      paidUsers: n('paid_users'),
      admins: n('admins'),
      totalAnalyses: n('total_analyses'),
      creditsSpent: n('credits_spent'),
    };
  }

  async daily(range: UtcDayRange): Promise<DailyActivity[]> {
    const series = (sql: string) => this.em.execute<Array<{ day: string; total: string | number }>>(sql, [range.first, range.last]);
    // Revenue is read from payments, the one record of money received: a row per paid invoice, whichever of
    // the webhook and the success page reported it, with the total refunded of it; kept, anonymised, when its
    // account is deleted (ADR 0009). Tier prices are list prices, not what was paid after a discount code.
    const [analyses, signUps, revenue] = await Promise.all([
      series(totalPerDay('analyses', 'created_at', 'count(t.id)')),
      series(totalPerDay('users', 'created_at', 'count(t.id)')),
      series(totalPerDay('payments', 'paid_at', 'coalesce(sum(t.amount_cents - t.refunded_cents), 0)')),
    ]);
    return analyses.map((row, i) => ({
      day: row.day,
      analyses: Number(row.total),
      signUps: Number(signUps[i]?.total ?? 0),
      revenueCents: Number(revenue[i]?.total ?? 0),
    }));
  }
}
