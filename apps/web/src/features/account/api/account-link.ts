import { useQuery, useQueryClient } from '@tanstack/react-query';
import { messageSchema } from '@civicwatch/core/contracts/index.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { currentUserKey } from '../../../lib/query-client.ts';

/** The API route each e-mailed link's page sends its token to. */
const accountLinkRoutes = {
  'verify-email': '/api/email/verify',
  'confirm-email': '/api/account/email/confirm',
} as const;
export type AccountLinkKind = keyof typeof accountLinkRoutes;

/**
 * Opens an e-mailed link (/verify-email, /confirm-email) once per token: a query keyed by the route and the
 * token, so a second render sends nothing more (the server would answer the same anyway). Its answer changes
 * the account, so the cached current user is fetched again. Not run without a token.
 */
export function useAccountLink(kind: AccountLinkKind, token: string | undefined) {
  const queryClient = useQueryClient();
  const route = accountLinkRoutes[kind];
  return useQuery({
    queryKey: [route, token ?? ''],
    queryFn: async () => {
      const answer = messageSchema.parse(await apiRequest(route, { method: 'POST', json: { token } }));
      await queryClient.invalidateQueries({ queryKey: currentUserKey });
      return answer;
    },
    enabled: Boolean(token),
  });
}
