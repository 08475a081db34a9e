import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { auditEntryListSchema } from '@civicwatch/core/contracts/index.ts';
import { getJsonPage } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-cache.ts';

export const AUDIT_PAGE_SIZE = 20;

/** GET /api/admin/audit?page=&pageSize=: newest first; pages count from 1, X-Total-Count gives the whole size. */
export function useAuditLog(page: number) {
  return useQuery({
    queryKey: [...adminKeys.audit, { page }],
    queryFn: () => getJsonPage(`/api/admin/audit?page=${page}&pageSize=${AUDIT_PAGE_SIZE}`, auditEntryListSchema),
    placeholderData: keepPreviousData,
  });
}
