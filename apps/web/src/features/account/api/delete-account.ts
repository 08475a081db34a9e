import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteAccountInput } from '@civicwatch/core/contracts/index.ts';
import { apiRequest, isSessionExpired } from '../../../lib/api-client.ts';
import { clearSessionCache } from '../../../lib/query-client.ts';

/**
 * DELETE /api/account with the password. The server signs the browser out with the account, so the cache
 * forgets the session as after a sign-out. A 401 is announced by the query cache; `onFailed` hears every
 * other failure (a wrong password among them).
 */
export function useDeleteAccount(options: { onDeleted: () => void; onFailed: (error: unknown) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: DeleteAccountInput) => {
      await apiRequest('/api/account', { method: 'DELETE', json: input });
    },
    meta: { sessionExpiredNotice: true },
    onSuccess: () => {
      clearSessionCache(queryClient);
      options.onDeleted();
    },
    onError: (error) => {
      if (!isSessionExpired(error)) options.onFailed(error);
    },
  });
}
