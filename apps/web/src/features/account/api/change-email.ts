import { useMutation } from '@tanstack/react-query';
import { messageSchema, type ChangeEmailInput } from '@civicwatch/core/contracts/index.ts';
import { apiRequest, isSessionExpired } from '../../../lib/api-client.ts';

/**
 * POST /api/account/email: the new address and the password. Nothing changes yet: the server e-mails a
 * confirmation link to the new address and a notice to the current one, and answers what it did.
 */
export function useChangeEmail(options: { onRequested: (message: string) => void; onFailed: (error: unknown) => void }) {
  return useMutation({
    mutationFn: async (input: ChangeEmailInput) =>
      messageSchema.parse(await apiRequest('/api/account/email', { method: 'POST', json: input })).message,
    meta: { sessionExpiredNotice: true },
    onSuccess: (message) => options.onRequested(message),
    onError: (error) => {
      if (!isSessionExpired(error)) options.onFailed(error);
    },
  });
}
