import { queryOptions } from '@tanstack/react-query';
import { publicConfigSchema } from '@civicwatch/core/contracts/index.ts';
import { getJson } from './api-client.ts';

/** GET /api/config: what the server lets the web app know of its configuration (docs/product). */
export const publicConfigQuery = queryOptions({
  queryKey: ['/api/config'],
  queryFn: () => getJson('/api/config', publicConfigSchema),
});
