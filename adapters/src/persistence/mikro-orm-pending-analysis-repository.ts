import type { InferEntity } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PendingAnalysis, PendingAnalysisRepository } from '@civicwatch/core';
import { PendingAnalysisEntity } from './entities/pending-analysis.entity.ts';
import { isUuid } from './sql-helpers.ts';

type PendingAnalysisRow = InferEntity<typeof PendingAnalysisEntity>;

const toPending = (row: PendingAnalysisRow): PendingAnalysis => ({
  id: row.id,
  userId: row.user,
  createdAt: row.createdAt,
  progressId: row.progressId ?? null,
  title: row.title,
  options: row.options,
  source: row.documentKind === 'pdf'
    ? { kind: 'pdf', bytes: new Uint8Array(row.documentBytes!) }
    : { kind: 'text', text: row.documentText! },
});

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

  async hasProgressId(userId: string, progressId: string): Promise<boolean> {
    if (!isUuid(userId) || !isUuid(progressId)) return false;
    return (await this.em.count(PendingAnalysisEntity, { user: userId, progressId })) > 0;
  }

  async list(): Promise<PendingAnalysis[]> {
    const rows = await this.em.find(PendingAnalysisEntity, {}, { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], disableIdentityMap: true });
    return rows.map(toPending);
  }
}
