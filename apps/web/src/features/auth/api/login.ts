import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userViewSchema, type SignInInput, type UserView } from '@civicwatch/core/contracts/index.ts';
import { HttpError, apiRequest, serverMessage } from '../../../lib/api-client.ts';
import { currentUserKey } from '../../../lib/query-client.ts';

/** POST /api/login; on success the answer becomes the cached current user. */
export function useLogin(options: { onSuccess: (user: UserView) => void; onError: (error: unknown) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignInInput) => userViewSchema.parse(await apiRequest('/api/login', { method: 'POST', json: input })),
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserKey, user);
      options.onSuccess(user);
    },
    onError: options.onError,
  });
}

/** docs/product/screens.md "Messages": the server's message, or Invalid credentials; a network problem says so. */
export function loginFailureMessage(error: unknown): string {
  if (error instanceof HttpError) return serverMessage(error) ?? 'Invalid credentials';
  return 'Network error. Please try again.';
}
