import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { analysisListSchema, type AnalysisList, type AnalysisListQuery } from '@civicwatch/core/contracts/index.ts';
import { getJson } from '../../../lib/api-client.ts';

/** Every analyses query starts with this key, so one invalidation refreshes lists and single analyses. */
export const analysesKey = ['/api/analyses'] as const;

export function analysesPath({ page, pageSize, q }: AnalysisListQuery): string {
  const params = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (q) params.set('q', q);
  return `/api/analyses?${params.toString()}`;
}

/** GET /api/analyses: one page of the user's history, newest first, filtered by title. */
export function fetchAnalyses(query: AnalysisListQuery): Promise<AnalysisList> {
  return getJson(analysesPath(query), analysisListSchema);
}

export function useAnalyses(query: AnalysisListQuery) {
  return useQuery({
    queryKey: [...analysesKey, 'list', query],
    queryFn: () => fetchAnalyses(query),
    // Paging and searching keep the current page on screen until the next one arrives.
    placeholderData: keepPreviousData,
    meta: { sessionExpiredNotice: true },
  });
}
