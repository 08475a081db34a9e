import { defineEntity, p } from '@mikro-orm/core';
import { analysisTypeKeys, comparisonEntry } from '@civicwatch/core/contracts/analysis-catalogue.ts';
import { UserEntity } from './user.entity.ts';

/** The catalogue's types and comparisons; a new one also needs a migration that widens the database's check. */
const analysisTypeCheck = `analysis_type in (${[...analysisTypeKeys, comparisonEntry.key].map((key) => `'${key}'`).join(', ')})`;

/** Holds the result, never the document's text or bytes (docs/product/accounts.md "Privacy promise"). */
export const AnalysisEntity = defineEntity({
  name: 'Analysis',
  tableName: 'analyses',
  properties: {
    id: p.uuid().primary(),
    user: () => p.manyToOne(UserEntity).fieldName('user_id').mapToPk().deleteRule('cascade'),
    createdAt: p.datetime().defaultRaw('now()'),
    analysisType: p.text().check(analysisTypeCheck),
    title: p.text(),
    documentType: p.text(),
    /** ISO 639-1 code of the document's language; null when undetermined (migration 0011). */
    language: p.text().nullable().check("language ~ '^[a-z]{2}$'"),
    result: p.json<Record<string, unknown>>(),
    /** The summary's first characters, what lists show (ADR 0024, migration 0019); written with the result. */
    summaryStart: p.text(),
    /** The live share link's token (ADR 0010): null while the analysis is not shared (migration 0010). */
    shareToken: p.text().nullable().unique('analyses_share_token_unique'),
    sharedAt: p.datetime().nullable().check('(shared_at is null) = (share_token is null)'),
  },
  indexes: [
    { name: 'analyses_user_id_created_at_index', columns: [{ name: 'user_id' }, { name: 'created_at', sort: 'DESC' }] },
  ],
});
