import { useQuery } from '@tanstack/react-query';
import { adminStatsSchema } from '@civicwatch/core/contracts/index.ts';
import { getJson } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-cache.ts';

/** GET /api/admin/stats (DECISIONS "Contract details"). */
export function useAdminStats() {
  return useQuery({ queryKey: adminKeys.stats, queryFn: () => getJson('/api/admin/stats', adminStatsSchema) });
}
