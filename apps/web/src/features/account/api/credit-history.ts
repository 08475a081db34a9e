import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { creditHistorySchema } from '@civicwatch/core/contracts/index.ts';
import { getJsonPage } from '../../../lib/api-client.ts';

export const CREDIT_HISTORY_PAGE_SIZE = 10;

/** GET /api/credits/history?page=&pageSize=: newest first; pages count from 1, X-Total-Count gives the whole size. */
export function useCreditHistory(page: number) {
  return useQuery({
    queryKey: ['/api/credits/history', { page }],
    queryFn: () => getJsonPage(`/api/credits/history?page=${page}&pageSize=${CREDIT_HISTORY_PAGE_SIZE}`, creditHistorySchema),
    // While the next page loads, the current one stays on screen.
    placeholderData: keepPreviousData,
    // The balance changes elsewhere (an analysis, a payment): read it afresh each time the page opens.
    staleTime: 0,
  });
}
