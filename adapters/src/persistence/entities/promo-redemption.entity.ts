import { defineEntity, p } from '@mikro-orm/core';
import { PromoCodeEntity } from './promo-code.entity.ts';
import { UserEntity } from './user.entity.ts';

/** One row per account and code: the primary key is what makes "once per account" hold under concurrency. */
export const PromoRedemptionEntity = defineEntity({
  name: 'PromoRedemption',
  tableName: 'promo_redemptions',
  properties: {
    promo: () => p.manyToOne(PromoCodeEntity).fieldName('promo_id').mapToPk().primary().deleteRule('cascade'),
    user: () => p.manyToOne(UserEntity).fieldName('user_id').mapToPk().primary().deleteRule('cascade').index('promo_redemptions_user_id_index'),
    createdAt: p.datetime().defaultRaw('now()'),
  },
});
