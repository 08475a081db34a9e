import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageSchema } from '@civicwatch/core/contracts/index.ts';
import { apiRequest, serverErrorCode } from '../../../lib/api-client.ts';
import { currentUserKey } from '../../../lib/query-client.ts';

/**
 * POST /api/email/verification: a new verification link to the signed-in user's address. An address
 * verified meanwhile (in another tab) means the cached user is out of date: it is fetched again.
 */
export function useResendVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => messageSchema.parse(await apiRequest('/api/email/verification', { method: 'POST' })).message,
    meta: { sessionExpiredNotice: true },
    onError: async (error) => {
      if (serverErrorCode(error) === 'email.already_verified') await queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
  });
}
