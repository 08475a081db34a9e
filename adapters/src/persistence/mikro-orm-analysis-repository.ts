import type { EntityManager } from '@mikro-orm/postgresql';
import type { InferEntity } from '@mikro-orm/core';
import type { AnalysisType, StoredAnalysis } from '@civicwatch/core';
import { AnalysisEntity } from './entities/analysis.entity.ts';
import { isUuid } from './sql-helpers.ts';
import type { AnalysisStore } from './analysis-store.ts';

type AnalysisRow = InferEntity<typeof AnalysisEntity>;

const toStoredAnalysis = (row: AnalysisRow): StoredAnalysis => ({
  id: row.id,
  userId: row.user,
  createdAt: row.createdAt,
  analysisType: row.analysisType as AnalysisType,
  document: { title: row.title, type: row.documentType },
  result: row.result,
});

export class MikroOrmAnalysisRepository implements AnalysisStore {
  constructor(private readonly em: EntityManager) {}

  async save(analysis: StoredAnalysis): Promise<void> {
    await this.em.insert(AnalysisEntity, {
      id: analysis.id,
      user: analysis.userId,
      createdAt: analysis.createdAt,
      analysisType: analysis.analysisType,
      title: analysis.document.title,
      documentType: analysis.document.type,
      result: analysis.result,
    });
  }

  async recent(userId: string, limit: number): Promise<StoredAnalysis[]> {
    if (!isUuid(userId) || limit <= 0) return [];
    const rows = await this.em.find(AnalysisEntity, { user: userId }, {
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      limit,
      disableIdentityMap: true,
    });
    return rows.map(toStoredAnalysis);
  }

  async count(userId: string, since?: Date): Promise<number> {
    if (!isUuid(userId)) return 0;
    return this.em.count(AnalysisEntity, since ? { user: userId, createdAt: { $gte: since } } : { user: userId });
  }
}
