import { defineEntity, p } from '@mikro-orm/core';

/** `current_uses` moves only by MikroOrmPromoCodeRepository.claimUse's conditional increment. */
export const PromoCodeEntity = defineEntity({
  name: 'PromoCode',
  tableName: 'promo_codes',
  properties: {
    id: p.uuid().primary(),
    code: p.text().unique('promo_codes_code_unique').check("code = upper(code) and code <> ''"),
    type: p.text().check("type in ('credits', 'discount')"),
    credits: p.integer().default(0).check('credits >= 0'),
    discountPercent: p.integer().default(0).check('discount_percent >= 0 and discount_percent <= 100'),
    maxUses: p.integer().default(1).check('max_uses >= 1'),
    currentUses: p.integer().default(0).check('current_uses >= 0 and current_uses <= max_uses'),
    expiresAt: p.datetime(),
    isActive: p.boolean().default(true),
    createdAt: p.datetime().defaultRaw('now()'),
  },
});
