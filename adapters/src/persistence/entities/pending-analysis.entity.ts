import { defineEntity, p } from '@mikro-orm/core';
import type { AnalysisOptions, ComparisonOptions } from '@civicwatch/core';
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
    options: p.json<AnalysisOptions | ComparisonOptions>(),
    documentKind: p.text().check("document_kind in ('pdf', 'text')"),
    documentBytes: p.blob().nullable(),
    documentText: p.text().nullable(),
    // A comparison's earlier version (migration 0017); null for an analysis.
    earlierTitle: p.text().nullable(),
    earlierDocumentKind: p.text().nullable().check("earlier_document_kind in ('pdf', 'text')"),
    earlierDocumentBytes: p.blob().nullable(),
    earlierDocumentText: p.text().nullable(),
  },
  checks: [
    {
      name: 'pending_analyses_earlier_document_check',
      expression: "(earlier_title is not null) = (earlier_document_kind is not null) and (earlier_document_bytes is not null) = coalesce(earlier_document_kind = 'pdf', false) and (earlier_document_text is not null) = coalesce(earlier_document_kind = 'text', false)",
    },
    {
      name: 'pending_analyses_document_check',
      expression: "(document_bytes is not null) = (document_kind = 'pdf') and (document_text is not null) = (document_kind = 'text')",
    },
  ],
});
