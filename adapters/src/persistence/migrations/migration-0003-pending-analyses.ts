import { Migration } from '@mikro-orm/migrations';

/**
 * Analyses in flight: written with the credit's debit, deleted with the stored result or the refund. A row
 * that survives a restart is an analysis its process never finished; the server refunds it at start. No
 * column can hold the document (docs/product/accounts.md "Privacy promise").
 */
export class Migration0003PendingAnalyses extends Migration {
  override name = '0003-pending-analyses';

  override up(): void {
    this.addSql(`
      create table pending_analyses (
        id uuid primary key,
        user_id uuid not null constraint pending_analyses_user_id_foreign references users (id) on delete cascade,
        created_at timestamptz not null default now()
      )`);
  }

  override down(): void {
    this.addSql(`drop table if exists pending_analyses`);
  }
}
