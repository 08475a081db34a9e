import type { EntityManager } from '@mikro-orm/postgresql';
import type { PendingAnalysis, PendingAnalysisRepository } from '@civicwatch/core';
import { PendingAnalysisEntity } from './entities/pending-analysis.entity.ts';
import { isUuid } from './sql-helpers.ts';

export class MikroOrmPendingAnalysisRepository implements PendingAnalysisRepository {
  constructor(private readonly em: EntityManager) {}

  async insert(pending: PendingAnalysis): Promise<void> {
    await this.em.insert(PendingAnalysisEntity, { id: pending.id, user: pending.userId, createdAt: pending.createdAt });
  }

  async delete(id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    return (await this.em.nativeDelete(PendingAnalysisEntity, { id })) > 0;
  }

  async list(): Promise<PendingAnalysis[]> {
    const rows = await this.em.find(PendingAnalysisEntity, {}, { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], disableIdentityMap: true });
    return rows.map((row) => ({ id: row.id, userId: row.user, createdAt: row.createdAt }));
  }
}
