import { defineEntity, p } from '@mikro-orm/core';
import { UserEntity } from './user.entity.ts';

/** A single-use link's token (reset, verification, e-mail change), kept only as its SHA-256 hash. */
export const AccountTokenEntity = defineEntity({
  name: 'AccountToken',
  tableName: 'account_tokens',
  properties: {
    id: p.uuid().primary(),
    user: () => p.manyToOne(UserEntity).fieldName('user_id').mapToPk().deleteRule('cascade'),
    purpose: p.text().check("purpose in ('password_reset', 'email_verification', 'email_change')"),
    tokenHash: p.text().unique('account_tokens_token_hash_unique'),
    newEmail: p.text().nullable().check('new_email = lower(new_email)'),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
  },
  indexes: [
    { name: 'account_tokens_user_id_purpose_index', properties: ['user', 'purpose'] },
  ],
});
