import type { EntityManager } from '@mikro-orm/postgresql';
import type { AdminStats, AdminStatsRepository, AuditAction, AuditEntry, AuditLogRepository } from '@civicwatch/core';
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

/** One round trip: counts by tier and role, analyses, and the ledger's analysis debits less their refunds. */
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
}
