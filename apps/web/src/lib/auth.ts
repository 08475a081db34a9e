import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { userViewSchema, type UserView } from '@civicwatch/core/contracts/index.ts';
import { apiRequest, getJsonOrNullIfUnauthorized } from './api-client.ts';
import { clearSessionCache, currentUserKey } from './query-client.ts';

/** The signed-in user, or null when signed out (docs/product/screens.md "Common behaviour": never retried or refetched on focus). */
export const currentUserQuery = queryOptions<UserView | null>({
  queryKey: currentUserKey,
  queryFn: () => getJsonOrNullIfUnauthorized('/api/user', userViewSchema),
});

export type SessionState =
  | { status: 'loading'; user: null }
  | { status: 'signed-out'; user: null }
  | { status: 'signed-in'; user: UserView };

/** Loading until the user call answers; signed in when it returns a user (docs/product/screens.md "Common behaviour"). */
export function useSession(): SessionState {
  const { data } = useQuery(currentUserQuery);
  if (data === undefined) return { status: 'loading', user: null };
  if (data === null) return { status: 'signed-out', user: null };
  return { status: 'signed-in', user: data };
}

/** POST /api/logout, then the client cache is cleared (docs/product/api.md "Endpoints"). */
export function useLogout(options: { onSettled: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/api/logout', { method: 'POST' }),
    // Even when the call fails the user asked to leave: forget the session locally too.
    onSettled: () => {
      clearSessionCache(queryClient);
      options.onSettled();
    },
  });
}
