import { defineEntity, p } from '@mikro-orm/core';
import { UserEntity } from './user.entity.ts';

/** Append-only: one row per administrative action, written in the action's transaction. */
export const AuditLogEntryEntity = defineEntity({
  name: 'AuditLogEntry',
  tableName: 'audit_log',
  properties: {
    id: p.uuid().primary(),
    actor: () => p.manyToOne(UserEntity).fieldName('actor_id').mapToPk().nullable().deleteRule('set null'),
    actorLabel: p.text(),
    action: p.text(),
    target: p.text(),
    before: p.json<Record<string, unknown>>().nullable(),
    after: p.json<Record<string, unknown>>().nullable(),
    createdAt: p.datetime().defaultRaw('now()').index('audit_log_created_at_index'),
  },
});
