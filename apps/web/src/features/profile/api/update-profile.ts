import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userViewSchema, type ProfileUpdateInput } from '@civicwatch/core/contracts/index.ts';
import { apiRequest, isSessionExpired } from '../../../lib/api-client.ts';
import { currentUserKey, dashboardKey } from '../../../lib/query-client.ts';

/**
 * PATCH /api/profile. Success refreshes the user and dashboard data (spec §7). A 401 is announced by
 * the query cache (toast, then /login); `onFailed` hears every other failure.
 */
export function useUpdateProfile(options: { onSaved: () => void; onFailed: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ProfileUpdateInput) =>
      userViewSchema.parse(await apiRequest('/api/profile', { method: 'PATCH', json: input })),
    meta: { sessionExpiredNotice: true },
    onSuccess: async (user) => {
      // The answer is the refreshed user; the dashboard embeds it, so it is fetched again.
      queryClient.setQueryData(currentUserKey, user);
      options.onSaved();
      await queryClient.invalidateQueries({ queryKey: dashboardKey });
    },
    onError: (error) => {
      if (!isSessionExpired(error)) options.onFailed();
    },
  });
}
