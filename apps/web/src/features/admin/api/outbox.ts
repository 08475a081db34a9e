import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { outboxMessageListSchema } from '@civicwatch/core/contracts/index.ts';
import { getJsonPage } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-cache.ts';

export const OUTBOX_PAGE_SIZE = 20;

/** GET /api/admin/outbox?page=&pageSize=: the e-mail outbox, newest first; X-Total-Count gives the whole size. */
export function useOutbox(page: number) {
  return useQuery({
    queryKey: [...adminKeys.outbox, { page }],
    queryFn: () => getJsonPage(`/api/admin/outbox?page=${page}&pageSize=${OUTBOX_PAGE_SIZE}`, outboxMessageListSchema),
    placeholderData: keepPreviousData,
  });
}
