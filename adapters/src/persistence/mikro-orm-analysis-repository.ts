import type { EntityManager } from '@mikro-orm/postgresql';
import type { Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import {
  SUMMARY_PREVIEW_LENGTH, summaryPreview,
  type AnalysisOverview, type AnalysisRepository, type AnalysisSearch, type AnalysisType, type ListedAnalysis, type NewAnalysis, type ShareLink, type StoredAnalysis,
} from '@civicwatch/core';
import { AnalysisEntity } from './entities/analysis.entity.ts';
import { isUuid, likePattern } from './sql-helpers.ts';
import { countAll, kysely, prepared, type Database } from './kysely-database.ts';

/**
 * Reads are typed queries mapped here once, not entities: hydrating and snapshotting entities for rows nobody
 * changes cost more than the query (ADR 0017). Lists read the summary's start, stored beside the result one
 * character past the preview (enough for `summaryPreview` to know it goes on), and never the result's JSON,
 * which PostgreSQL would decompress whole (ADR 0024).
 */
const LISTED_COLUMNS = ['id', 'user_id', 'created_at', 'analysis_type', 'title', 'document_type', 'share_token', 'shared_at', 'summary_start as summary'] as const;
const COLUMNS = ['id', 'user_id', 'created_at', 'analysis_type', 'title', 'document_type', 'share_token', 'shared_at', 'language', 'result'] as const;

/** An `analyses` row as PostgreSQL answers it. */
type AnalysisRow = Pick<Selectable<Database['analyses']>, (typeof COLUMNS)[number]>;
/** An `analyses` row as a list reads it: the start of the summary in place of the result. */
type ListedRow = Omit<AnalysisRow, 'result' | 'language'> & { summary: string };

const summaryStartOf = (result: Record<string, unknown>): string =>
  typeof result.summary === 'string' ? result.summary.slice(0, SUMMARY_PREVIEW_LENGTH + 1) : '';

/** What every read maps alike. */
const commonFields = (row: ListedRow | AnalysisRow) => ({
  id: row.id,
  userId: row.user_id,
  createdAt: new Date(row.created_at),
  analysisType: row.analysis_type as AnalysisType,
  document: { title: row.title, type: row.document_type },
  share: row.share_token && row.shared_at ? { token: row.share_token, sharedAt: new Date(row.shared_at) } : null,
});

const toListedAnalysis = (row: ListedRow): ListedAnalysis => ({ ...commonFields(row), summary: summaryPreview(row.summary) });

const toStoredAnalysis = (row: AnalysisRow): StoredAnalysis => ({
  ...commonFields(row),
  language: row.language,
  result: row.result,
});

const newestFirst = <Q extends SelectQueryBuilder<Database, 'analyses', object>>(query: Q): Q =>
  query.orderBy('created_at', 'desc').orderBy('id', 'desc') as Q;

/**
 * The dashboard's one statement, one round trip: the counts in one scan, the newest rows beside them (none: one
 * row of nulls). Compiled once, since every dashboard sends it.
 */
const overviewStatement = prepared((db, values: { userId: string; since: Date; limit: number }) => db
  .selectFrom((inner) => inner.selectFrom('analyses').where('user_id', '=', values.userId)
    .select((eb) => [countAll(eb).as('total'), eb.cast<number>(eb.fn.countAll().filterWhere('created_at', '>=', values.since), 'integer').as('total_since')])
    .as('c'))
  .leftJoinLateral((inner) => newestFirst(inner.selectFrom('analyses').select(LISTED_COLUMNS).where('user_id', '=', values.userId)).limit(values.limit).as('a'),
    (join) => join.onTrue())
  .select(['c.total', 'c.total_since'])
  .selectAll('a'));

export class MikroOrmAnalysisRepository implements AnalysisRepository {
  constructor(private readonly em: EntityManager) {}

  private get db(): Kysely<Database> {
    return kysely(this.em);
  }

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
    const rows = await overviewStatement(this.db, { userId, since, limit: Math.max(0, limit) });
    const recent = rows.filter((row): row is typeof row & ListedRow => row.id !== null);
    return { recent: recent.map(toListedAnalysis), total: rows[0]?.total ?? 0, totalSince: rows[0]?.total_since ?? 0 };
  }

  async count(userId: string, since?: Date): Promise<number> {
    if (!isUuid(userId)) return 0;
    const all = this.db.selectFrom('analyses').select((eb) => countAll(eb).as('n')).where('user_id', '=', userId);
    const row = await (since ? all.where('created_at', '>=', since) : all).executeTakeFirst();
    return row?.n ?? 0;
  }

  async list(query: AnalysisSearch): Promise<{ items: ListedAnalysis[]; total: number }> {
    if (!isUuid(query.userId)) return { items: [], total: 0 };
    const search = query.search?.trim();
    const all = this.db.selectFrom('analyses').where('user_id', '=', query.userId);
    const matching = search ? all.where('title', 'ilike', likePattern(search)) : all;
    // Side by side: in `read`, each query has a connection of its own (ADR 0017).
    const [items, counted] = await Promise.all([
      newestFirst(matching.select(LISTED_COLUMNS)).limit(Math.max(0, query.limit)).offset(Math.max(0, query.offset)).execute(),
      matching.select((eb) => countAll(eb).as('n')).executeTakeFirst(),
    ]);
    return { items: items.map(toListedAnalysis), total: counted?.n ?? 0 };
  }

  async get(userId: string, id: string): Promise<StoredAnalysis | null> {
    if (!isUuid(userId) || !isUuid(id)) return null;
    const row = await this.selectStored().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return row ? toStoredAnalysis(row) : null;
  }

  async all(userId: string): Promise<StoredAnalysis[]> {
    if (!isUuid(userId)) return [];
    return (await newestFirst(this.selectStored().where('user_id', '=', userId)).execute()).map(toStoredAnalysis);
  }

  async delete(userId: string, id: string): Promise<boolean> {
    if (!isUuid(userId) || !isUuid(id)) return false;
    return (await this.em.nativeDelete(AnalysisEntity, { id, user: userId })) > 0;
  }

  /** One statement: of two shares at once, the second waits for the first's row lock and keeps its token. */
  async share(userId: string, id: string, link: ShareLink): Promise<ShareLink | null> {
    if (!isUuid(userId) || !isUuid(id)) return null;
    const row = await this.db.updateTable('analyses')
      .set((eb) => ({ share_token: eb.fn.coalesce('share_token', eb.val(link.token)), shared_at: eb.fn.coalesce('shared_at', eb.val(link.sharedAt)) }))
      .where('id', '=', id).where('user_id', '=', userId)
      .returning(['share_token', 'shared_at'])
      .executeTakeFirst();
    return row?.share_token && row.shared_at ? { token: row.share_token, sharedAt: new Date(row.shared_at) } : null;
  }

  async unshare(userId: string, id: string): Promise<boolean> {
    if (!isUuid(userId) || !isUuid(id)) return false;
    return (await this.em.nativeUpdate(AnalysisEntity, { id, user: userId }, { shareToken: null, sharedAt: null })) > 0;
  }

  async findShared(token: string): Promise<StoredAnalysis | null> {
    // A link may carry any text; one that is not base64url (a NUL, say, which PostgreSQL refuses) matches nothing.
    if (!/^[\w-]{1,128}$/.test(token)) return null;
    const row = await this.selectStored().where('share_token', '=', token).executeTakeFirst();
    return row ? toStoredAnalysis(row) : null;
  }

  private selectStored() {
    return this.db.selectFrom('analyses').select(COLUMNS);
  }
}
