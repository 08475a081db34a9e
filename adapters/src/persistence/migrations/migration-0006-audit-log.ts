import { Migration } from '@mikro-orm/migrations';

/**
 * The audit log of administrative actions: who, what, on what, when, and the values before and after. An
 * entry outlives the administrator who wrote it (the actor's id is cleared, the label stays).
 */
export class Migration0006AuditLog extends Migration {
  override name = '0006-audit-log';

  override up(): void {
    this.addSql(`
      create table audit_log (
        id uuid primary key,
        actor_id uuid null constraint audit_log_actor_id_foreign references users (id) on delete set null,
        actor_label text not null,
        action text not null,
        target text not null,
        before jsonb null,
        after jsonb null,
        created_at timestamptz not null default now()
      )`);
    this.addSql(`create index audit_log_created_at_index on audit_log (created_at)`);
  }

  override down(): void {
    this.addSql(`drop table if exists audit_log`);
  }
}
