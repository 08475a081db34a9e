import type { AnalysisListQuery } from '../../contracts/analysis-history.contract.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import type { ListedAnalysis } from '../analysis-repository.port.ts';

export interface AnalysisPage {
  items: ListedAnalysis[];
  total: number;
  page: number;
  pageSize: number;
}

/** The user's own analyses, newest first, a page at a time; `q` searches titles case-insensitively. */
export class ListAnalyses {
  constructor(private readonly uow: UnitOfWork) {}

  async execute(userId: string, query: AnalysisListQuery): Promise<AnalysisPage> {
    const { items, total } = await this.uow.read(({ analyses }) => analyses.list({
      userId,
      search: query.q || undefined,
      offset: (query.page - 1) * query.pageSize,
      limit: query.pageSize,
    }));
    return { items, total, page: query.page, pageSize: query.pageSize };
  }
}
