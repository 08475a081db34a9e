import { useQuery } from '@tanstack/react-query';
import { dashboardAnalysisSchema, type DashboardAnalysis } from '@civicwatch/core/contracts/index.ts';
import { getJson } from '../../../lib/api-client.ts';
import { analysesKey } from './list-analyses.ts';

/** The query of one analysis, as the server holds it now; its share link changes it too. */
export const analysisKey = (id: string) => [...analysesKey, 'detail', id] as const;

/** GET /api/analyses/{id}: one past analysis with its full result. */
export function fetchAnalysis(id: string): Promise<DashboardAnalysis> {
  return getJson(`/api/analyses/${encodeURIComponent(id)}`, dashboardAnalysisSchema);
}

/**
 * The analysis as the server holds it now. The copy from the list it was opened from shows at once,
 * and stays on screen if the call fails.
 */
export function useAnalysis(listed: DashboardAnalysis, enabled = true) {
  const query = useQuery({
    queryKey: analysisKey(listed.id),
    queryFn: () => fetchAnalysis(listed.id),
    placeholderData: listed,
    enabled,
  });
  return query.data ?? listed;
}
