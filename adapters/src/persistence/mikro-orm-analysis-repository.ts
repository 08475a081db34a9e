import type { EntityManager } from '@mikro-orm/postgresql';
import {
  SUMMARY_PREVIEW_LENGTH, summaryPreview,
  type AnalysisOverview, type AnalysisRepository, type AnalysisSearch, type AnalysisType, type ListedAnalysis, type NewAnalysis, type ShareLink, type StoredAnalysis,
} from '@civicwatch/core';
import { AnalysisEntity } from './entities/analysis.entity.ts';
import { isUuid, likePattern } from './sql-helpers.ts';

/** An `analyses` row as PostgreSQL answers it. */
interface AnalysisRow {
  id: string;
  user_id: string;
  created_at: Date | string;
  analysis_type: string;
  title: string;
  document_type: string;
  language: string | null;
  result: Record<string, unknown> | string;
  share_token: string | null;
  shared_at: Date | string | null;
}

/** An `analyses` row as a list reads it: the start of the summary in place of the result. */
type ListedRow = Omit<AnalysisRow, 'result' | 'language'> & { summary: string | null };

/**
 * Reads are plain SQL mapped here once, not entities: hydrating and snapshotting entities for rows nobody
 * changes cost more than the query (ADR 0017). Lists read the summary's start, stored beside the result one
 * character past the preview (enough for `summaryPreview` to know it goes on), and never the result's JSON,
 * which PostgreSQL would decompress whole (ADR 0024).
 */
const LISTED_COLUMNS = 'id, user_id, created_at, analysis_type, title, document_type, share_token, shared_at';
const COLUMNS = `${LISTED_COLUMNS}, language, result`;
const SUMMARY_START = 'summary_start as summary';
const summaryStartOf = (result: Record<string, unknown>): string =>
  typeof result.summary === 'string' ? result.summary.slice(0, SUMMARY_PREVIEW_LENGTH + 1) : '';
const NEWEST_FIRST = 'order by created_at desc, id desc';

/** What every read maps alike. */
const commonFields = (row: ListedRow | AnalysisRow) => ({
  id: row.id,
  userId: row.user_id,
  createdAt: new Date(row.created_at),
  analysisType: row.analysis_type as AnalysisType,
  document: { title: row.title, type: row.document_type },
  share: row.share_token && row.shared_at ? { token: row.share_token, sharedAt: new Date(row.shared_at) } : null,
});

const toListedAnalysis = (row: ListedRow): ListedAnalysis => ({ ...commonFields(row), summary: summaryPreview(row.summary ?? '') });

const toStoredAnalysis = (row: AnalysisRow): StoredAnalysis => ({
  ...commonFields(row),
  language: row.language ?? null,
  result: typeof row.result === 'string' ? JSON.parse(row.result) as Record<string, unknown> : row.result,
});

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
      summaryStart: summaryStartOf(analysis.result),
    });
  }

  async overview(userId: string, limit: number, since: Date): Promise<AnalysisOverview> {
    if (!isUuid(userId)) return { recent: [], total: 0, totalSince: 0 };
    // One statement, one round trip: the counts in one scan, the newest rows beside them (none: one row of nulls).
    const rows = await this.em.execute<Array<ListedRow & { total: number; total_since: number }>>(
      `select c.total, c.total_since, a.* from
         (select count(*)::int as total, (count(*) filter (where created_at >= ?))::int as total_since from analyses where user_id = ?) c
         left join lateral (select ${LISTED_COLUMNS}, ${SUMMARY_START} from analyses where user_id = ? ${NEWEST_FIRST} limit ?) a on true`,
      [since, userId, userId, Math.max(0, limit)]);
    return { recent: rows.filter((row) => row.id !== null).map(toListedAnalysis), total: rows[0]?.total ?? 0, totalSince: rows[0]?.total_since ?? 0 };
  }

  async count(userId: string, since?: Date): Promise<number> {
    if (!isUuid(userId)) return 0;
    const [row] = await this.em.execute<Array<{ n: number }>>(
      `select count(*)::int as n from analyses where user_id = ?${since ? ' and created_at >= ?' : ''}`, since ? [userId, since] : [userId]);
    return row?.n ?? 0;
  }

  async list(query: AnalysisSearch): Promise<{ items: ListedAnalysis[]; total: number }> {
    if (!isUuid(query.userId)) return { items: [], total: 0 };
    const search = query.search?.trim();
    const where = search ? 'user_id = ? and title ilike ?' : 'user_id = ?';
    const params = search ? [query.userId, likePattern(search)] : [query.userId];
    // Side by side: in `read`, each query has a connection of its own (ADR 0017).
    const [items, [counted]] = await Promise.all([
      this.selectListed(`${where} ${NEWEST_FIRST} limit ? offset ?`, [...params, Math.max(0, query.limit), Math.max(0, query.offset)]),
      this.em.execute<Array<{ n: number }>>(`select count(*)::int as n from analyses where ${where}`, params),
    ]);
    return { items, total: counted?.n ?? 0 };
  }

  async get(userId: string, id: string): Promise<StoredAnalysis | null> {
    if (!isUuid(userId) || !isUuid(id)) return null;
    const [analysis] = await this.select('id = ? and user_id = ?', [id, userId]);
    return analysis ?? null;
  }

  async all(userId: string): Promise<StoredAnalysis[]> {
    if (!isUuid(userId)) return [];
    return this.select(`user_id = ? ${NEWEST_FIRST}`, [userId]);
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
    const [analysis] = await this.select('share_token = ?', [token]);
    return analysis ?? null;
  }

  private async selectListed(condition: string, params: unknown[]): Promise<ListedAnalysis[]> {
    const rows = await this.em.execute<ListedRow[]>(`select ${LISTED_COLUMNS}, ${SUMMARY_START} from analyses where ${condition}`, params);
    return rows.map(toListedAnalysis);
  }

  private async select(condition: string, params: unknown[]): Promise<StoredAnalysis[]> {
    const rows = await this.em.execute<AnalysisRow[]>(`select ${COLUMNS} from analyses where ${condition}`, params);
    return rows.map(toStoredAnalysis);
  }
}
