import { defineEntity, p } from '@mikro-orm/core';
import { SubscriptionTierEntity } from './subscription-tier.entity.ts';

/** `credits` is written only by MikroOrmCreditLedger, together with a ledger row. */
export const UserEntity = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: p.uuid().primary(),
    email: p.text().unique('users_email_unique').check('email = lower(email)'),
    firstName: p.text().nullable(),
    lastName: p.text().nullable(),
    state: p.text().nullable(),
    country: p.text().default('US'),
    tier: () => p.manyToOne(SubscriptionTierEntity).fieldName('tier_id').mapToPk(),
    credits: p.integer().default(0).check('credits >= 0'),
    role: p.text().default('user').check("role in ('user', 'admin')"),
    passwordHash: p.text(),
    emailProductUpdates: p.boolean().default(true),
    emailAnalysisNotices: p.boolean().default(true),
    emailReceipts: p.boolean().default(true),
    emailVerifiedAt: p.datetime().nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
    updatedAt: p.datetime().defaultRaw('now()'),
  },
});
