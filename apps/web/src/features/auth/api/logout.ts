import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { clearSessionCache } from '../../../lib/query-client.ts';

/** POST /api/logout, then the client cache is cleared (spec §7). */
export function useLogout(options: { onSettled: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/api/logout', { method: 'POST' }),
    // Even when the call fails the user asked to leave: forget the session locally too.
    onSettled: () => {
      clearSessionCache(queryClient);
      options.onSettled();
    },
  });
}
