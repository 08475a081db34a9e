import { defineEntity, p } from '@mikro-orm/core';
import { UserEntity } from './user.entity.ts';

/** Append-only: a row is never updated; the user's balance equals the sum of their deltas. */
export const CreditLedgerEntryEntity = defineEntity({
  name: 'CreditLedgerEntry',
  tableName: 'credit_ledger',
  properties: {
    id: p.uuid().primary(),
    user: () => p.manyToOne(UserEntity).fieldName('user_id').mapToPk().deleteRule('cascade'),
    delta: p.integer(),
    reason: p.text(),
    reference: p.text().nullable(),
    balanceAfter: p.integer().check('balance_after >= 0'),
    createdAt: p.datetime().defaultRaw('clock_timestamp()'),
  },
  indexes: [
    { name: 'credit_ledger_user_id_created_at_index', properties: ['user', 'createdAt'] },
  ],
  uniques: [
    // A payment, promo or refund is applied once, however often its event arrives.
    { name: 'credit_ledger_reason_reference_unique', properties: ['reason', 'reference'], where: { reference: { $ne: null } } },
  ],
});
