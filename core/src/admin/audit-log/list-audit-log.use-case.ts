import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import type { AuditEntry } from '../audit-log.port.ts';

/** The audit log, newest first, a page at a time (panel and `civicwatch audit`). */
export class ListAuditLog {
  constructor(private readonly uow: UnitOfWork) {}

  execute(input: { page: number; pageSize: number }): Promise<{ entries: AuditEntry[]; total: number }> {
    return this.uow.run(({ audit }) => audit.list({ offset: Math.max(0, input.page - 1) * input.pageSize, limit: input.pageSize }));
  }
}

export const toAuditEntryView = (entry: AuditEntry) => ({
  id: entry.id,
  actor: entry.actorLabel,
  action: entry.action,
  target: entry.target,
  before: entry.before,
  after: entry.after,
  createdAt: entry.createdAt.toISOString(),
});
