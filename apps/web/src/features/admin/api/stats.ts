import { useQuery } from '@tanstack/react-query';
import { adminStatsSchema, adminTrendsSchema } from '@civicwatch/core/contracts/index.ts';
import { getJson } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-cache.ts';

/** GET /api/admin/stats (docs/product/api.md "Wire formats"). */
export function useAdminStats() {
  return useQuery({ queryKey: adminKeys.stats, queryFn: () => getJson('/api/admin/stats', adminStatsSchema) });
}

/** GET /api/admin/stats/trends: analyses, sign-ups and revenue on each of the last 30 UTC days. */
export function useAdminTrends() {
  return useQuery({ queryKey: adminKeys.trends, queryFn: () => getJson('/api/admin/stats/trends', adminTrendsSchema) });
}
