import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordInput } from '@civicwatch/core/contracts/index.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/password/reset: the token of the e-mailed link and the new password; every other session ends. */
export function useResetPassword() {
  return useMutation({
    mutationFn: async (input: ResetPasswordInput) => {
      await apiRequest('/api/password/reset', { method: 'POST', json: input });
    },
  });
}
