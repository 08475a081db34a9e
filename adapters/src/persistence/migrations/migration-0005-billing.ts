import { Migration } from '@mikro-orm/migrations';

/**
 * Billing with the payment provider (docs/product/payments.md "Renewals and webhooks"). The rules that must hold however often the
 * provider or the browser reports something are keys: one customer per user, one row per paid invoice
 * (its credits are granted with the insert), one row per provider event (handled once).
 */
export class Migration0005Billing extends Migration {
  override name = '0005-billing';

  override up(): void {
    this.addSql(`
      create table billing_customers (
        user_id uuid primary key constraint billing_customers_user_id_foreign references users (id) on update cascade on delete cascade,
        customer_id text not null,
        created_at timestamptz not null default now(),
        constraint billing_customers_customer_id_unique unique (customer_id)
      )`);

    this.addSql(`
      create table subscriptions (
        id text primary key,
        user_id uuid not null constraint subscriptions_user_id_foreign references users (id) on delete cascade,
        customer_id text not null,
        tier_id text not null constraint subscriptions_tier_id_foreign references subscription_tiers (id),
        status text not null,
        cancel_at_period_end boolean not null default false,
        current_period_end timestamptz null,
        promo_id uuid null constraint subscriptions_promo_id_foreign references promo_codes (id) on delete set null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    this.addSql(`create index subscriptions_user_id_index on subscriptions (user_id)`);

    this.addSql(`
      create table payments (
        invoice_id text primary key,
        user_id uuid not null constraint payments_user_id_foreign references users (id) on delete cascade,
        subscription_id text null,
        payment_id text null,
        tier_id text not null constraint payments_tier_id_foreign references subscription_tiers (id),
        amount_cents integer not null constraint payments_amount_cents_check check (amount_cents >= 0),
        refunded_cents integer not null default 0 constraint payments_refunded_cents_check check (refunded_cents >= 0 and refunded_cents <= amount_cents),
        credits_granted integer not null constraint payments_credits_granted_check check (credits_granted >= 0),
        billing_reason text not null,
        paid_at timestamptz not null default now(),
        constraint payments_payment_id_unique unique (payment_id)
      )`);
    this.addSql(`create index payments_user_id_index on payments (user_id)`);

    this.addSql(`
      create table payment_events (
        id text primary key,
        type text not null,
        processed_at timestamptz not null default now()
      )`);
  }

  override down(): void {
    this.addSql(`drop table if exists payment_events`);
    this.addSql(`drop table if exists payments`);
    this.addSql(`drop table if exists subscriptions`);
    this.addSql(`drop table if exists billing_customers`);
  }
}
