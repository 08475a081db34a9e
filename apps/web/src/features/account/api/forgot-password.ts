import { useMutation } from '@tanstack/react-query';
import { messageSchema, type ForgotPasswordInput } from '@civicwatch/core/contracts/index.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * POST /api/password/forgot: the server answers the same message whether or not the address has an
 * account, and e-mails a reset link only when it has.
 */
export function useForgotPassword() {
  return useMutation({
    mutationFn: async (input: ForgotPasswordInput) =>
      messageSchema.parse(await apiRequest('/api/password/forgot', { method: 'POST', json: input })).message,
  });
}
