import { defineEntity, p } from '@mikro-orm/core';
import type { AnalysisProgressEvent } from '@civicwatch/core';
import { UserEntity } from './user.entity.ts';

/** One progress event of a (user, progress id), read by every instance (ADR 0012, migration 0014). */
export const AnalysisProgressEntity = defineEntity({
  name: 'AnalysisProgress',
  tableName: 'analysis_progress',
  properties: {
    id: p.uuid().primary(),
    user: () => p.manyToOne(UserEntity).fieldName('user_id').mapToPk().deleteRule('cascade'),
    progressId: p.uuid(),
    event: p.json<AnalysisProgressEvent>(),
    final: p.boolean(),
    createdAt: p.datetime().defaultRaw('clock_timestamp()').index('analysis_progress_created_at_index'),
  },
  indexes: [
    { name: 'analysis_progress_key_index', properties: ['user', 'progressId', 'createdAt'] },
  ],
});
