import type { InferEntity } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { DocumentSource, PendingAnalysis, PendingAnalysisRepository } from '@civicwatch/core';
import { PendingAnalysisEntity } from './entities/pending-analysis.entity.ts';
import { isUuid } from './sql-helpers.ts';

type PendingAnalysisRow = InferEntity<typeof PendingAnalysisEntity>;

const sourceOf = (kind: string, bytes: Uint8Array | null | undefined, text: string | null | undefined): DocumentSource =>
  kind === 'pdf' ? { kind: 'pdf', bytes: new Uint8Array(bytes!) } : { kind: 'text', text: text! };

const toPending = (row: PendingAnalysisRow): PendingAnalysis => {
  const common = {
    id: row.id,
    userId: row.user,
    createdAt: row.createdAt,
    progressId: row.progressId ?? null,
    title: row.title,
    source: sourceOf(row.documentKind, row.documentBytes, row.documentText),
  };
  return row.options.analysisType === 'comparison'
    ? {
        ...common,
        options: row.options,
        earlier: { title: row.earlierTitle!, source: sourceOf(row.earlierDocumentKind!, row.earlierDocumentBytes, row.earlierDocumentText) },
      }
    : { ...common, options: row.options };
};

export class MikroOrmPendingAnalysisRepository implements PendingAnalysisRepository {
  constructor(private readonly em: EntityManager) {}

  async insert(pending: PendingAnalysis): Promise<void> {
    const { source } = pending;
    await this.em.insert(PendingAnalysisEntity, {
      id: pending.id,
      user: pending.userId,
      createdAt: pending.createdAt,
      progressId: pending.progressId,
      title: pending.title,
      options: pending.options,
      documentKind: source.kind,
      documentBytes: source.kind === 'pdf' ? Buffer.from(source.bytes) : null,
      documentText: source.kind === 'text' ? source.text : null,
      earlierTitle: pending.earlier?.title ?? null,
      earlierDocumentKind: pending.earlier?.source.kind ?? null,
      earlierDocumentBytes: pending.earlier?.source.kind === 'pdf' ? Buffer.from(pending.earlier.source.bytes) : null,
      earlierDocumentText: pending.earlier?.source.kind === 'text' ? pending.earlier.source.text : null,
    });
  }

  async find(id: string): Promise<PendingAnalysis | null> {
    if (!isUuid(id)) return null;
    const row = await this.em.findOne(PendingAnalysisEntity, { id }, { disableIdentityMap: true });
    return row ? toPending(row) : null;
  }

  async delete(id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    return (await this.em.nativeDelete(PendingAnalysisEntity, { id })) > 0;
  }

  async idOfProgress(userId: string, progressId: string): Promise<string | null> {
    if (!isUuid(userId) || !isUuid(progressId)) return null;
    const row = await this.em.findOne(PendingAnalysisEntity, { user: userId, progressId }, { fields: ['id'], disableIdentityMap: true });
    return row?.id ?? null;
  }

  async list(): Promise<PendingAnalysis[]> {
    const rows = await this.em.find(PendingAnalysisEntity, {}, { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], disableIdentityMap: true });
    return rows.map(toPending);
  }
}
