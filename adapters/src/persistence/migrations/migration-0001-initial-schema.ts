import { Migration } from '@mikro-orm/migrations';

/**
 * The first schema. Written by hand rather than generated so that every rule the data must keep (no
 * negative balance, one ledger row per reason and reference, lower-case e-mails) is a database constraint
 * that holds whatever code writes to it. `entities-match-migrations` in the contract suite keeps the
 * entity definitions honest against this SQL.
 */
export class Migration0001InitialSchema extends Migration {
  override name = '0001-initial-schema';

  override up(): void {
    this.addSql(`
      create table subscription_tiers (
        id text primary key constraint subscription_tiers_id_check check (id in ('citizen', 'patriot', 'defender')),
        name text not null,
        price_cents integer not null constraint subscription_tiers_price_cents_check check (price_cents >= 0),
        monthly_credits integer not null constraint subscription_tiers_monthly_credits_check check (monthly_credits >= 0),
        features jsonb not null default '[]',
        max_pages integer not null constraint subscription_tiers_max_pages_check check (max_pages > 0),
        max_characters integer not null constraint subscription_tiers_max_characters_check check (max_characters > 0),
        stripe_price_id text null,
        is_active boolean not null default true,
        sort_order integer not null
      )`);

    this.addSql(`
      create table users (
        id uuid primary key,
        email text not null constraint users_email_check check (email = lower(email)),
        first_name text null,
        last_name text null,
        state text null,
        country text not null default 'US',
        tier_id text not null constraint users_tier_id_foreign references subscription_tiers (id),
        credits integer not null default 0 constraint users_credits_check check (credits >= 0),
        role text not null default 'user' constraint users_role_check check (role in ('user', 'admin')),
        password_hash text not null,
        email_product_updates boolean not null default true,
        email_analysis_notices boolean not null default true,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        constraint users_email_unique unique (email)
      )`);

    this.addSql(`
      create table credit_ledger (
        id uuid primary key,
        user_id uuid not null constraint credit_ledger_user_id_foreign references users (id) on delete cascade,
        delta integer not null,
        reason text not null,
        reference text null,
        balance_after integer not null constraint credit_ledger_balance_after_check check (balance_after >= 0),
        -- clock_timestamp, not now(): rows of one transaction must keep their order in a statement.
        created_at timestamptz not null default clock_timestamp()
      )`);
    // A payment, promo or refund is applied once, however often its event arrives.
    this.addSql(`create unique index credit_ledger_reason_reference_unique on credit_ledger (reason, reference) where reference is not null`);
    this.addSql(`create index credit_ledger_user_id_created_at_index on credit_ledger (user_id, created_at)`);

    this.addSql(`
      create table settings (
        key text primary key,
        value text not null,
        updated_at timestamptz not null default now()
      )`);

    this.addSql(`
      create table analyses (
        id uuid primary key,
        user_id uuid not null constraint analyses_user_id_foreign references users (id) on delete cascade,
        created_at timestamptz not null default now(),
        analysis_type text not null constraint analyses_analysis_type_check check (analysis_type in ('summary', 'constitutional', 'custom')),
        title text not null,
        document_type text not null,
        result jsonb not null
      )`);
    this.addSql(`create index analyses_user_id_created_at_index on analyses (user_id, created_at desc)`);

    this.addSql(`
      create table sessions (
        sid text primary key,
        data jsonb not null,
        expires_at timestamptz not null
      )`);
    this.addSql(`create index sessions_expires_at_index on sessions (expires_at)`);
  }

  override down(): void {
    for (const table of ['sessions', 'analyses', 'settings', 'credit_ledger', 'users', 'subscription_tiers']) {
      this.addSql(`drop table if exists ${table}`);
    }
  }
}
