import { defineEntity, p } from '@mikro-orm/core';
import { UserEntity } from './user.entity.ts';

/** An analysis whose credit is taken and whose outcome is not stored yet: ids and a time, never the document. */
export const PendingAnalysisEntity = defineEntity({
  name: 'PendingAnalysis',
  tableName: 'pending_analyses',
  properties: {
    id: p.uuid().primary(),
    user: () => p.manyToOne(UserEntity).fieldName('user_id').mapToPk().deleteRule('cascade'),
    createdAt: p.datetime().defaultRaw('now()'),
  },
});
