import { useQuery } from '@tanstack/react-query';
import { analysisViewSchema, type AnalysisView } from '@civicwatch/core/contracts/index.ts';
import { getJson } from '../../../lib/api-client.ts';
import { analysesKey } from './list-analyses.ts';

/** The query of one analysis, as the server holds it now; its share link changes it too. */
export const analysisKey = (id: string) => [...analysesKey, 'detail', id] as const;

/** GET /api/analyses/{id}: one past analysis with its full result. */
export function fetchAnalysis(id: string): Promise<AnalysisView> {
  return getJson(`/api/analyses/${encodeURIComponent(id)}`, analysisViewSchema);
}

/**
 * The whole analysis, asked for when a reader opens it: the dashboard and the history list only the start
 * of each summary (issue 19).
 */
export function useAnalysis(id: string) {
  return useQuery({
    queryKey: analysisKey(id),
    queryFn: () => fetchAnalysis(id),
    meta: { sessionExpiredNotice: true },
  });
}
