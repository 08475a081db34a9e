import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isSessionExpired } from '../../../lib/api-client.ts';
import { dashboardKey } from '../../../lib/query-client.ts';
import { analysisKey } from './get-analysis.ts';
import { analysesKey } from './list-analyses.ts';

/** DELETE /api/analyses/{id} (204). The history, the dashboard's list and its counts are fetched again. */
export function deleteAnalysis(id: string): Promise<unknown> {
  return apiRequest(`/api/analyses/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteAnalysis(callbacks: { onDeleted: () => void; onFailed: (error: unknown) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAnalysis,
    meta: { sessionExpiredNotice: true },
    onSuccess: async (_answer, id) => {
      queryClient.removeQueries({ queryKey: analysisKey(id) });
      callbacks.onDeleted();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: analysesKey }),
        queryClient.invalidateQueries({ queryKey: dashboardKey }),
      ]);
    },
    onError: (error) => {
      // A lapsed session has its own toast (Unauthorized), raised by the query cache.
      if (!isSessionExpired(error)) callbacks.onFailed(error);
    },
  });
}
