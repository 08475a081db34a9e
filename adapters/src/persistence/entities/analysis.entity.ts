import { defineEntity, p } from '@mikro-orm/core';
import { UserEntity } from './user.entity.ts';

/** Holds the result, never the document's text or bytes (DECISIONS, "Privacy promise"). */
export const AnalysisEntity = defineEntity({
  name: 'Analysis',
  tableName: 'analyses',
  properties: {
    id: p.uuid().primary(),
    user: () => p.manyToOne(UserEntity).fieldName('user_id').mapToPk().deleteRule('cascade'),
    createdAt: p.datetime().defaultRaw('now()'),
    analysisType: p.text().check("analysis_type in ('summary', 'constitutional', 'custom')"),
    title: p.text(),
    documentType: p.text(),
    result: p.json<Record<string, unknown>>(),
  },
  indexes: [
    { name: 'analyses_user_id_created_at_index', columns: [{ name: 'user_id' }, { name: 'created_at', sort: 'DESC' }] },
  ],
});
