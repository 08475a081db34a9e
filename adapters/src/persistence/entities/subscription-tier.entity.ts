import { defineEntity, p } from '@mikro-orm/core';
import { bumpReferenceDataVersion } from './reference-data-version.entity.ts';

export const SubscriptionTierEntity = defineEntity({
  name: 'SubscriptionTier',
  tableName: 'subscription_tiers',
  triggers: [bumpReferenceDataVersion],
  properties: {
    id: p.text().primary().check("id in ('citizen', 'patriot', 'defender')"),
    name: p.text(),
    priceCents: p.integer().check('price_cents >= 0'),
    monthlyCredits: p.integer().check('monthly_credits >= 0'),
    features: p.json<string[]>().defaultRaw("'[]'"),
    maxPages: p.integer().check('max_pages > 0'),
    maxCharacters: p.integer().check('max_characters > 0'),
    stripePriceId: p.text().nullable(),
    isActive: p.boolean().default(true),
    sortOrder: p.integer(),
  },
});
