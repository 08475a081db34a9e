import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userViewSchema } from '@civicwatch/core/contracts/index.ts';
import { apiRequest, isSessionExpired } from './api-client.ts';
import { currentUserKey, dashboardKey } from './query-client.ts';

/**
 * A change to the signed-in user that the server answers with the updated user: it replaces the cached one,
 * and the dashboard, which embeds the user, is fetched again. A 401 is announced by the query cache (toast,
 * then /login); `onFailed` hears every other failure.
 */
export function useUserUpdate<TInput>(request: { path: string; method: 'PATCH' | 'PUT' }, options: { onSaved: () => void; onFailed: (error: unknown) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TInput) => userViewSchema.parse(await apiRequest(request.path, { method: request.method, json: input })),
    meta: { sessionExpiredNotice: true },
    onSuccess: async (user) => {
      queryClient.setQueryData(currentUserKey, user);
      options.onSaved();
      await queryClient.invalidateQueries({ queryKey: dashboardKey });
    },
    onError: (error) => {
      if (!isSessionExpired(error)) options.onFailed(error);
    },
  });
}
