import { defineEntity, p } from '@mikro-orm/core';
import type { AnalysisOptions } from '@civicwatch/core';
import { UserEntity } from './user.entity.ts';

/**
 * An analysis whose credit is taken and whose outcome is not stored yet, with what its job needs: the document
 * waits here until the job's end deletes the row (ADR 0012, migration 0014).
 */
export const PendingAnalysisEntity = defineEntity({
  name: 'PendingAnalysis',
  tableName: 'pending_analyses',
  properties: {
    id: p.uuid().primary(),
    user: () => p.manyToOne(UserEntity).fieldName('user_id').mapToPk().deleteRule('cascade'),
    createdAt: p.datetime().defaultRaw('now()'),
    progressId: p.uuid().nullable(),
    title: p.text(),
    options: p.json<AnalysisOptions>(),
    documentKind: p.text().check("document_kind in ('pdf', 'text')"),
    documentBytes: p.blob().nullable(),
    documentText: p.text().nullable(),
  },
  checks: [
    {
      name: 'pending_analyses_document_check',
      expression: "(document_bytes is not null) = (document_kind = 'pdf') and (document_text is not null) = (document_kind = 'text')",
    },
  ],
});
