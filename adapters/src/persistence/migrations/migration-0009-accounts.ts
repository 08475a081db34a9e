import { Migration } from '@mikro-orm/migrations';

/**
 * Account self-service: whether (and when) the e-mail was confirmed, the receipts preference, and the
 * single-use tokens that password-reset, e-mail-verification and e-mail-change links carry. A token is
 * stored only as its SHA-256 hash, so a copy of the database opens no account.
 */
export class Migration0009Accounts extends Migration {
  override name = '0009-accounts';

  override up(): void {
    this.addSql(`alter table users add column email_verified_at timestamptz null`);
    this.addSql(`alter table users add column email_receipts boolean not null default true`);
    this.addSql(`
      create table account_tokens (
        id uuid primary key,
        user_id uuid not null constraint account_tokens_user_id_foreign references users (id) on delete cascade,
        purpose text not null constraint account_tokens_purpose_check
          check (purpose in ('password_reset', 'email_verification', 'email_change')),
        token_hash text not null constraint account_tokens_token_hash_unique unique,
        new_email text null constraint account_tokens_new_email_check check (new_email = lower(new_email)),
        expires_at timestamptz not null,
        used_at timestamptz null,
        created_at timestamptz not null default now()
      )`);
    this.addSql(`create index account_tokens_user_id_purpose_index on account_tokens (user_id, purpose)`);
  }

  override down(): void {
    this.addSql(`drop table if exists account_tokens`);
    this.addSql(`alter table users drop column if exists email_receipts`);
    this.addSql(`alter table users drop column if exists email_verified_at`);
  }
}
