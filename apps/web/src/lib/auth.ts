import { queryOptions, useQuery } from '@tanstack/react-query';
import { userViewSchema, type UserView } from '@civicwatch/core/contracts/index.ts';
import { getJsonOrNullIfUnauthorized } from './api-client.ts';
import { currentUserKey } from './query-client.ts';

/** The signed-in user, or null when signed out (spec §4 "Authentication": never retried or refetched on focus). */
export const currentUserQuery = queryOptions<UserView | null>({
  queryKey: currentUserKey,
  queryFn: () => getJsonOrNullIfUnauthorized('/api/user', userViewSchema),
});

export type SessionState =
  | { status: 'loading'; user: null }
  | { status: 'signed-out'; user: null }
  | { status: 'signed-in'; user: UserView };

/** Loading until the user call answers; signed in when it returns a user (spec §4). */
export function useSession(): SessionState {
  const { data } = useQuery(currentUserQuery);
  if (data === undefined) return { status: 'loading', user: null };
  if (data === null) return { status: 'signed-out', user: null };
  return { status: 'signed-in', user: data };
}
