import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userViewSchema, type EmailPreferencesInput } from '@civicwatch/core/contracts/index.ts';
import { apiRequest, isSessionExpired } from '../../../lib/api-client.ts';
import { currentUserKey, dashboardKey } from '../../../lib/query-client.ts';

/**
 * PUT /api/account/email-preferences: the three optional kinds of e-mail; answers the updated user, which
 * replaces the cached one. A 401 is announced by the query cache; `onFailed` hears every other failure.
 */
export function useUpdateEmailPreferences(options: { onSaved: () => void; onFailed: (error: unknown) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: EmailPreferencesInput) =>
      userViewSchema.parse(await apiRequest('/api/account/email-preferences', { method: 'PUT', json: input })),
    meta: { sessionExpiredNotice: true },
    onSuccess: async (user) => {
      queryClient.setQueryData(currentUserKey, user);
      options.onSaved();
      // The dashboard embeds the user.
      await queryClient.invalidateQueries({ queryKey: dashboardKey });
    },
    onError: (error) => {
      if (!isSessionExpired(error)) options.onFailed(error);
    },
  });
}
