import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { refundResponseSchema, userViewSchema, type RefundResponse, type TierId, type UserView } from '@civicwatch/core/contracts/index.ts';
import { apiRequest, getJsonPage } from '../../../lib/api-client.ts';
import { adminKeys, refreshAdminData } from './admin-cache.ts';

/** docs/product/screens.md "Routes", docs/product/credits-and-tiers.md "Tiers": the overview shows the first 10 users, then "And N more users...". */
export const USER_OVERVIEW_SIZE = 10;

/** GET /api/admin/users?page=1&pageSize=10&q=: a plain array, with the whole count in X-Total-Count (docs/product). */
export function useUserOverview(search: string) {
  const q = search.trim();
  return useQuery({
    queryKey: [...adminKeys.users, { q }],
    queryFn: async () => {
      const params = new URLSearchParams({ page: '1', pageSize: String(USER_OVERVIEW_SIZE) });
      if (q) params.set('q', q);
      const { items, total } = await getJsonPage(`/api/admin/users?${params}`, z.array(userViewSchema));
      // A server that ignores pageSize still lists only the first 10 here.
      return { users: items.slice(0, USER_OVERVIEW_SIZE), total };
    },
    // While a new search runs, the previous list stays on screen instead of a spinner.
    placeholderData: keepPreviousData,
  });
}

/** POST /api/admin/update-user-tier: the tier and the credits the user then has; answers the user. */
export function useUpdateUserTier(options: { onUpdated: (user: UserView) => void; onFailed: (error: unknown) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { userId: string; tier: TierId; credits: number }) =>
      userViewSchema.parse(await apiRequest('/api/admin/update-user-tier', { method: 'POST', json: input })),
    onSuccess: async (user) => {
      options.onUpdated(user);
      await refreshAdminData(queryClient, ['users', 'stats']);
    },
    onError: (error) => options.onFailed(error),
  });
}

/**
 * POST /api/admin/users/{id}/verify-email: the administrator vouches for the account's address, as its e-mail
 * link does (an address ADMIN_EMAILS names then holds the admin role); answers the user.
 */
export function useVerifyUserEmail(options: { onVerified: (user: UserView) => void; onFailed: (error: unknown) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (userId: string) =>
      userViewSchema.parse(await apiRequest(`/api/admin/users/${encodeURIComponent(userId)}/verify-email`, { method: 'POST' })),
    onSuccess: async (user) => {
      options.onVerified(user);
      await refreshAdminData(queryClient, ['users', 'stats']);
    },
    onError: (error) => options.onFailed(error),
  });
}

/** POST /api/admin/refund: whole or part of the user's latest payment, in dollars, with a reason. */
export function useRefundUser(options: { onRefunded: (refund: RefundResponse) => void; onFailed: (error: unknown) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { userId: string; amount: number; reason: string }) =>
      refundResponseSchema.parse(await apiRequest('/api/admin/refund', { method: 'POST', json: input })),
    onSuccess: async (refund) => {
      options.onRefunded(refund);
      // A full refund takes back the payment's credits; any refund lowers its day's revenue.
      await refreshAdminData(queryClient, ['users', 'stats', 'trends']);
    },
    onError: (error) => options.onFailed(error),
  });
}

/** DELETE /api/admin/users/{id}; the server refuses the main administrator and other admins. */
export function useDeleteUser(options: { onDeleted: () => void; onFailed: (error: unknown) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => apiRequest(`/api/admin/users/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
    onSuccess: async () => {
      options.onDeleted();
      // The account's sign-up and analyses leave the trends with it.
      await refreshAdminData(queryClient, ['users', 'stats', 'trends']);
    },
    onError: (error) => options.onFailed(error),
  });
}
