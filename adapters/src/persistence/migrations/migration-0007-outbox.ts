import { Migration } from '@mikro-orm/migrations';

/**
 * The e-mail outbox (ADR 0007): each message is written in the transaction of the change it reports and
 * delivered later, when SMTP_URL is set. `next_attempt_at` is when a sender may (re)try it: null once sent
 * or given up. A message outlives its recipient's account for the record (the user id is cleared).
 */
export class Migration0007Outbox extends Migration {
  override name = '0007-outbox';

  override up(): void {
    this.addSql(`
      create table outbox (
        id uuid primary key,
        user_id uuid null constraint outbox_user_id_foreign references users (id) on delete set null,
        recipient text not null,
        kind text not null constraint outbox_kind_check check (kind in ('welcome', 'payment_receipt', 'analysis_complete')),
        subject text not null,
        body text not null,
        created_at timestamptz not null default now(),
        sent_at timestamptz null,
        attempts integer not null default 0 constraint outbox_attempts_check check (attempts >= 0),
        last_error text null,
        next_attempt_at timestamptz null
      )`);
    this.addSql(`create index outbox_user_id_index on outbox (user_id)`);
    this.addSql(`create index outbox_created_at_index on outbox (created_at)`);
    this.addSql(`create index outbox_next_attempt_at_index on outbox (next_attempt_at)`);
  }

  override down(): void {
    this.addSql(`drop table if exists outbox`);
  }
}
