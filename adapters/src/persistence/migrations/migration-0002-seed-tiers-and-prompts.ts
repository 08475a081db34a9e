import { Migration } from '@mikro-orm/migrations';
import { seededSettings, seededTiers } from '@civicwatch/core';

/** Writes the tiers and analysis prompts a new installation starts with (core's seeded-tiers.ts and seeded-settings.ts), once. */
export class Migration0002SeedTiersAndPrompts extends Migration {
  override name = '0002-seed-tiers-and-prompts';

  override async up(): Promise<void> {
    for (const tier of seededTiers) {
      await this.execute(
        `insert into subscription_tiers
           (id, name, price_cents, monthly_credits, features, max_pages, max_characters, stripe_price_id, is_active, sort_order)
         values (?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?)
         on conflict (id) do nothing`,
        [tier.id, tier.name, tier.priceCents, tier.monthlyCredits, JSON.stringify(tier.features), tier.maxPages,
          tier.maxCharacters, tier.stripePriceId, tier.isActive, tier.sortOrder],
      );
    }
    for (const [key, value] of Object.entries(seededSettings)) {
      await this.execute(`insert into settings (key, value) values (?, ?) on conflict (key) do nothing`, [key, value]);
    }
  }

  override down(): void {
    this.addSql(`delete from settings where key in ('free_user_prompt', 'paid_user_prompt', 'summary_prompt')`);
    this.addSql(`delete from subscription_tiers where id in ('citizen', 'patriot', 'defender')`);
  }
}
