import { useQuery } from '@tanstack/react-query';
import { dashboardSchema } from '@civicwatch/core/contracts/index.ts';
import { getJson } from '../../../lib/api-client.ts';
import { dashboardKey } from '../../../lib/query-client.ts';

/** GET /api/dashboard, only asked for by signed-in screens; a 401 here announces the logout (docs/product/screens.md "Messages"). */
export function useDashboard() {
  return useQuery({
    queryKey: dashboardKey,
    queryFn: () => getJson('/api/dashboard', dashboardSchema),
    meta: { sessionExpiredNotice: true },
  });
}
