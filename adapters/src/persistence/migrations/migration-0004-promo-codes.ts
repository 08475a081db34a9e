import { Migration } from '@mikro-orm/migrations';

/**
 * Promo codes and who redeemed them. The rules that must hold under concurrency are constraints: a code
 * is unique and upper case, uses never pass max uses, and an account redeems a code once.
 */
export class Migration0004PromoCodes extends Migration {
  override name = '0004-promo-codes';

  override up(): void {
    this.addSql(`
      create table promo_codes (
        id uuid primary key,
        code text not null constraint promo_codes_code_check check (code = upper(code) and code <> ''),
        type text not null constraint promo_codes_type_check check (type in ('credits', 'discount')),
        credits integer not null default 0 constraint promo_codes_credits_check check (credits >= 0),
        discount_percent integer not null default 0 constraint promo_codes_discount_percent_check check (discount_percent >= 0 and discount_percent <= 100),
        max_uses integer not null default 1 constraint promo_codes_max_uses_check check (max_uses >= 1),
        current_uses integer not null default 0 constraint promo_codes_current_uses_check check (current_uses >= 0 and current_uses <= max_uses),
        expires_at timestamptz not null,
        is_active boolean not null default true,
        created_at timestamptz not null default now(),
        constraint promo_codes_code_unique unique (code)
      )`);

    // `on update cascade` is MikroORM's rule for foreign keys that are part of a primary key; ids never change.
    this.addSql(`
      create table promo_redemptions (
        promo_id uuid not null constraint promo_redemptions_promo_id_foreign references promo_codes (id) on update cascade on delete cascade,
        user_id uuid not null constraint promo_redemptions_user_id_foreign references users (id) on update cascade on delete cascade,
        created_at timestamptz not null default now(),
        constraint promo_redemptions_pkey primary key (promo_id, user_id)
      )`);
    this.addSql(`create index promo_redemptions_user_id_index on promo_redemptions (user_id)`);
  }

  override down(): void {
    this.addSql(`drop table if exists promo_redemptions`);
    this.addSql(`drop table if exists promo_codes`);
  }
}
