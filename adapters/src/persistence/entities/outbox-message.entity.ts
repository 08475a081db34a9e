import { defineEntity, p } from '@mikro-orm/core';
import { UserEntity } from './user.entity.ts';

/** One e-mail of the outbox, written with the change it reports (ADR 0007), with how its delivery went (ADR 0028). */
export const OutboxMessageEntity = defineEntity({
  name: 'OutboxMessage',
  tableName: 'outbox',
  properties: {
    id: p.uuid().primary(),
    user: () => p.manyToOne(UserEntity).fieldName('user_id').mapToPk().nullable().deleteRule('cascade').index('outbox_user_id_index'),
    recipient: p.text(),
    kind: p.text().check(
      "kind in ('welcome', 'payment_receipt', 'analysis_complete', 'email_verification', 'password_reset', 'password_changed', "
      + "'email_change_confirmation', 'email_change_notice')",
    ),
    subject: p.text(),
    body: p.text(),
    createdAt: p.datetime().defaultRaw('now()').index('outbox_created_at_index'),
    sentAt: p.datetime().nullable(),
    attempts: p.integer().default(0).check('attempts >= 0'),
    lastError: p.text().nullable(),
    givenUpAt: p.datetime().nullable(),
  },
});
