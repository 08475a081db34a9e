import type { EntityManager } from '@mikro-orm/postgresql';
import type { InferEntity } from '@mikro-orm/core';
import type { AnalysisRepository, AnalysisSearch, AnalysisType, StoredAnalysis } from '@civicwatch/core';
import { AnalysisEntity } from './entities/analysis.entity.ts';
import { isUuid, likePattern } from './sql-helpers.ts';

type AnalysisRow = InferEntity<typeof AnalysisEntity>;

const toStoredAnalysis = (row: AnalysisRow): StoredAnalysis => ({
  id: row.id,
  userId: row.user,
  createdAt: row.createdAt,
  analysisType: row.analysisType as AnalysisType,
  document: { title: row.title, type: row.documentType },
  result: row.result,
});

const NEWEST_FIRST = [{ createdAt: 'desc' }, { id: 'desc' }] as const;

export class MikroOrmAnalysisRepository implements AnalysisRepository {
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
      orderBy: [...NEWEST_FIRST],
      limit,
      disableIdentityMap: true,
    });
    return rows.map(toStoredAnalysis);
  }

  async count(userId: string, since?: Date): Promise<number> {
    if (!isUuid(userId)) return 0;
    return this.em.count(AnalysisEntity, since ? { user: userId, createdAt: { $gte: since } } : { user: userId });
  }

  async list(query: AnalysisSearch): Promise<{ items: StoredAnalysis[]; total: number }> {
    if (!isUuid(query.userId)) return { items: [], total: 0 };
    const search = query.search?.trim();
    const where = search ? { user: query.userId, title: { $ilike: likePattern(search) } } : { user: query.userId };
    const [rows, total] = await this.em.findAndCount(AnalysisEntity, where, {
      orderBy: [...NEWEST_FIRST],
      offset: Math.max(0, query.offset),
      limit: Math.max(0, query.limit),
      disableIdentityMap: true,
    });
    return { items: rows.map(toStoredAnalysis), total };
  }

  async get(userId: string, id: string): Promise<StoredAnalysis | null> {
    if (!isUuid(userId) || !isUuid(id)) return null;
    const row = await this.em.findOne(AnalysisEntity, { id, user: userId }, { disableIdentityMap: true });
    return row ? toStoredAnalysis(row) : null;
  }

  async delete(userId: string, id: string): Promise<boolean> {
    if (!isUuid(userId) || !isUuid(id)) return false;
    return (await this.em.nativeDelete(AnalysisEntity, { id, user: userId })) > 0;
  }
}
