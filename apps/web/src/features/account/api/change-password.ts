import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@civicwatch/core/contracts/index.ts';
import { apiRequest, isSessionExpired } from '../../../lib/api-client.ts';

/**
 * POST /api/account/password: the current password and the new one. The server signs out every other
 * session of the account; this one stays. A 401 is announced by the query cache (toast, then /login);
 * `onFailed` hears every other failure (a wrong current password among them).
 */
export function useChangePassword(options: { onChanged: () => void; onFailed: (error: unknown) => void }) {
  return useMutation({
    mutationFn: async (input: ChangePasswordInput) => {
      await apiRequest('/api/account/password', { method: 'POST', json: input });
    },
    meta: { sessionExpiredNotice: true },
    onSuccess: () => options.onChanged(),
    onError: (error) => {
      if (!isSessionExpired(error)) options.onFailed(error);
    },
  });
}
