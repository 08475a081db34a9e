import type { EntityManager } from '@mikro-orm/postgresql';
import type { InferEntity } from '@mikro-orm/core';
import type { AnalysisRepository, AnalysisSearch, AnalysisType, NewAnalysis, ShareLink, StoredAnalysis } from '@civicwatch/core';
import { AnalysisEntity } from './entities/analysis.entity.ts';
import { isUuid, likePattern } from './sql-helpers.ts';

type AnalysisRow = InferEntity<typeof AnalysisEntity>;

const toStoredAnalysis = (row: AnalysisRow): StoredAnalysis => ({
  id: row.id,
  userId: row.user,
  createdAt: row.createdAt,
  analysisType: row.analysisType as AnalysisType,
  document: { title: row.title, type: row.documentType },
  language: row.language ?? null,
  result: row.result,
  share: row.shareToken && row.sharedAt ? { token: row.shareToken, sharedAt: row.sharedAt } : null,
});

const NEWEST_FIRST = [{ createdAt: 'desc' }, { id: 'desc' }] as const;

export class MikroOrmAnalysisRepository implements AnalysisRepository {
  constructor(private readonly em: EntityManager) {}

  async save(analysis: NewAnalysis): Promise<void> {
    await this.em.insert(AnalysisEntity, {
      id: analysis.id,
      user: analysis.userId,
      createdAt: analysis.createdAt,
      analysisType: analysis.analysisType,
      title: analysis.document.title,
      documentType: analysis.document.type,
      language: analysis.language ?? null,
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

  async all(userId: string): Promise<StoredAnalysis[]> {
    if (!isUuid(userId)) return [];
    const rows = await this.em.find(AnalysisEntity, { user: userId }, { orderBy: [...NEWEST_FIRST], disableIdentityMap: true });
    return rows.map(toStoredAnalysis);
  }

  async delete(userId: string, id: string): Promise<boolean> {
    if (!isUuid(userId) || !isUuid(id)) return false;
    return (await this.em.nativeDelete(AnalysisEntity, { id, user: userId })) > 0;
  }

  /** One statement: of two shares at once, the second waits for the first's row lock and keeps its token. */
  async share(userId: string, id: string, link: ShareLink): Promise<ShareLink | null> {
    if (!isUuid(userId) || !isUuid(id)) return null;
    const [row] = await this.em.execute<Array<{ share_token: string; shared_at: Date | string }>>(
      `update analyses set share_token = coalesce(share_token, ?), shared_at = coalesce(shared_at, ?)
       where id = ? and user_id = ?
       returning share_token, shared_at`,
      [link.token, link.sharedAt, id, userId],
    );
    return row ? { token: row.share_token, sharedAt: new Date(row.shared_at) } : null;
  }

  async unshare(userId: string, id: string): Promise<boolean> {
    if (!isUuid(userId) || !isUuid(id)) return false;
    return (await this.em.nativeUpdate(AnalysisEntity, { id, user: userId }, { shareToken: null, sharedAt: null })) > 0;
  }

  async findShared(token: string): Promise<StoredAnalysis | null> {
    // A link may carry any text; one that is not base64url (a NUL, say, which PostgreSQL refuses) matches nothing.
    if (!/^[\w-]{1,128}$/.test(token)) return null;
    const row = await this.em.findOne(AnalysisEntity, { shareToken: token }, { disableIdentityMap: true });
    return row ? toStoredAnalysis(row) : null;
  }
}
