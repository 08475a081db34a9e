import type { AnalysisOverview, AnalysisRepository, AnalysisSearch, ListedAnalysis, NewAnalysis, StoredAnalysis } from '../../analysis/analysis-repository.port.ts';
import type { ShareLink } from '../../analysis/share-link.ts';
import { summaryPreview } from '../../contracts/dashboard.contract.ts';
import { copy, type InMemoryDatabase } from './in-memory-database.ts';

const newestFirst = (a: StoredAnalysis, b: StoredAnalysis) =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** What a list reads of an analysis, as the SQL repository answers it. */
const listed = ({ result, language: _language, ...analysis }: StoredAnalysis): ListedAnalysis => copy({
  ...analysis,
  summary: summaryPreview(typeof result.summary === 'string' ? result.summary : ''),
});

export class InMemoryAnalysisRepository implements AnalysisRepository {
  constructor(private readonly db: InMemoryDatabase) {}

  async save(analysis: NewAnalysis): Promise<void> {
    if (!this.db.state.users.has(analysis.userId)) throw new Error(`Unknown user ${analysis.userId}`);
    if (this.db.state.analyses.some((a) => a.id === analysis.id)) throw new Error(`Duplicate analysis id ${analysis.id}`);
    this.db.state.analyses.push(copy({ ...analysis, share: null }));
  }

  async overview(userId: string, limit: number, since: Date): Promise<AnalysisOverview> {
    const own = this.db.state.analyses.filter((a) => a.userId === userId).sort(newestFirst);
    return {
      recent: own.slice(0, Math.max(0, limit)).map(listed),
      total: own.length,
      totalSince: own.filter((a) => a.createdAt >= since).length,
    };
  }

  async count(userId: string, since?: Date): Promise<number> {
    return this.db.state.analyses.filter((a) => a.userId === userId && (!since || a.createdAt >= since)).length;
  }

  async list(query: AnalysisSearch): Promise<{ items: ListedAnalysis[]; total: number }> {
    const search = query.search?.trim().toLowerCase();
    const matches = this.db.state.analyses
      .filter((a) => a.userId === query.userId && (!search || a.document.title.toLowerCase().includes(search)))
      .sort(newestFirst);
    const offset = Math.max(0, query.offset);
    return { items: matches.slice(offset, offset + Math.max(0, query.limit)).map(listed), total: matches.length };
  }

  async get(userId: string, id: string): Promise<StoredAnalysis | null> {
    const found = this.db.state.analyses.find((a) => a.id === id && a.userId === userId);
    return found ? copy(found) : null;
  }

  async all(userId: string): Promise<StoredAnalysis[]> {
    return this.db.state.analyses.filter((a) => a.userId === userId).sort(newestFirst).map(copy);
  }

  async delete(userId: string, id: string): Promise<boolean> {
    const before = this.db.state.analyses.length;
    this.db.state.analyses = this.db.state.analyses.filter((a) => !(a.id === id && a.userId === userId));
    return this.db.state.analyses.length < before;
  }

  async share(userId: string, id: string, link: ShareLink): Promise<ShareLink | null> {
    const found = this.db.state.analyses.find((a) => a.id === id && a.userId === userId);
    if (!found) return null;
    if (!found.share) {
      // As the database's unique constraint.
      if (this.db.state.analyses.some((a) => a.share?.token === link.token)) throw new Error('Duplicate share token');
      found.share = copy(link);
    }
    return copy(found.share);
  }

  async unshare(userId: string, id: string): Promise<boolean> {
    const found = this.db.state.analyses.find((a) => a.id === id && a.userId === userId);
    if (found) found.share = null;
    return found !== undefined;
  }

  async findShared(token: string): Promise<StoredAnalysis | null> {
    const found = this.db.state.analyses.find((a) => a.share?.token === token);
    return found ? copy(found) : null;
  }
}
