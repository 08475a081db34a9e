import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { shareLinkSchema, type AnalysisView, type ShareLinkView } from '@civicwatch/core/contracts/index.ts';
import { apiRequest, isSessionExpired } from '../../../lib/api-client.ts';
import { dashboardKey } from '../../../lib/query-client.ts';
import { analysisKey, fetchAnalysis } from './get-analysis.ts';
import { analysesKey } from './list-analyses.ts';

const sharePath = (id: string) => `/api/analyses/${encodeURIComponent(id)}/share`;

/** POST /api/analyses/{id}/share: the analysis's public link, the live one if it is shared already. */
export async function createShareLink(id: string): Promise<ShareLinkView> {
  return shareLinkSchema.parse(await apiRequest(sharePath(id), { method: 'POST' }));
}

/** DELETE /api/analyses/{id}/share (204): the link stops opening the analysis. */
export function revokeShareLink(id: string): Promise<unknown> {
  return apiRequest(sharePath(id), { method: 'DELETE' });
}

/** The analysis's live public link as the server holds it now; null while it is not shared. */
export function useShareUrl(id: string) {
  return useQuery({
    queryKey: analysisKey(id),
    queryFn: () => fetchAnalysis(id),
    select: (analysis) => analysis.shareUrl,
    meta: { sessionExpiredNotice: true },
  });
}

/**
 * Creates (`share`) or revokes (`unshare`) the link of one analysis. The analysis shows its new link at once;
 * the history and the dashboard, which show it too, are fetched again.
 */
export function useShareLink(id: string, callbacks: { onShared: () => void; onUnshared: () => void; onFailed: (action: 'share' | 'unshare', error: unknown) => void }) {
  const queryClient = useQueryClient();
  const showLink = async (shareUrl: string | null) => {
    queryClient.setQueryData<AnalysisView>(analysisKey(id), (analysis) => analysis && { ...analysis, shareUrl });
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: analysesKey }),
      queryClient.invalidateQueries({ queryKey: dashboardKey }),
    ]);
  };
  const failed = (action: 'share' | 'unshare') => (error: unknown) => {
    // A lapsed session has its own toast (Unauthorized), raised by the query cache.
    if (!isSessionExpired(error)) callbacks.onFailed(action, error);
  };
  const share = useMutation({
    mutationFn: () => createShareLink(id),
    meta: { sessionExpiredNotice: true },
    onSuccess: async (link) => {
      callbacks.onShared();
      await showLink(link.url);
    },
    onError: failed('share'),
  });
  const unshare = useMutation({
    mutationFn: () => revokeShareLink(id),
    meta: { sessionExpiredNotice: true },
    onSuccess: async () => {
      callbacks.onUnshared();
      await showLink(null);
    },
    onError: failed('unshare'),
  });
  return { share, unshare };
}
