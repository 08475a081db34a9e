import { useQuery } from '@tanstack/react-query';
import { sharedAnalysisSchema, type SharedAnalysis } from '@civicwatch/core/contracts/index.ts';
import { HttpError, getJson } from '../../../lib/api-client.ts';

const sharedPath = (token: string) => `/api/shared/${encodeURIComponent(token)}`;

/** GET /api/shared/{token}: an analysis someone shared, for anyone, signed in or not. */
export function fetchSharedAnalysis(token: string): Promise<SharedAnalysis> {
  return getJson(sharedPath(token), sharedAnalysisSchema);
}

/** A revoked, unknown or mistyped link: the page says the analysis is no longer shared. */
export const isNoLongerShared = (error: unknown): boolean => error instanceof HttpError && error.status === 404;

export function useSharedAnalysis(token: string) {
  return useQuery({ queryKey: [sharedPath(token)], queryFn: () => fetchSharedAnalysis(token) });
}
