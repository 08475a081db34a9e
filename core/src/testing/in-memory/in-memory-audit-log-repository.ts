import type { AuditEntry, AuditLogRepository } from '../../admin/audit-log.port.ts';
import { copy, type InMemoryDatabase } from './in-memory-database.ts';

export class InMemoryAuditLogRepository implements AuditLogRepository {
  constructor(private readonly db: InMemoryDatabase) {}

  async record(entry: AuditEntry): Promise<void> {
    if (entry.actorId !== null && !this.db.state.users.has(entry.actorId)) throw new Error(`Unknown actor ${entry.actorId}`);
    this.db.state.auditLog.push(copy(entry));
  }

  async list(query: { offset: number; limit: number }): Promise<{ entries: AuditEntry[]; total: number }> {
    const sorted = [...this.db.state.auditLog].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
    const offset = Math.max(0, query.offset);
    return { entries: sorted.slice(offset, offset + Math.max(0, query.limit)).map(copy), total: sorted.length };
  }
}
