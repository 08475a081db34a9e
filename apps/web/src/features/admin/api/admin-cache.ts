import type { QueryClient } from '@tanstack/react-query';

/**
 * Admin query keys start with their API path, so the shared cache's rule (a 401 or 403 clears admin data,
 * lib/query-client.ts) finds them.
 */
export const adminKeys = {
  settings: ['/api/admin/settings'],
  users: ['/api/admin/users'],
  promoCodes: ['/api/admin/promo-codes'],
  stats: ['/api/admin/stats'],
  trends: ['/api/admin/stats/trends'],
  tiers: ['/api/admin/tiers'],
  audit: ['/api/admin/audit'],
  outbox: ['/api/admin/outbox'],
} as const;

type AdminArea = keyof typeof adminKeys;

/** After a change: refetch the admin lists it touched. Every change is audited, so the audit log always is. */
export function refreshAdminData(queryClient: QueryClient, areas: AdminArea[]): Promise<void> {
  return Promise.all([...new Set<AdminArea>([...areas, 'audit'])].map((area) => queryClient.invalidateQueries({ queryKey: adminKeys[area] }))).then(
    () => undefined,
  );
}
