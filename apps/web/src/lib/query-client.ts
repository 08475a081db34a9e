import { MutationCache, QueryCache, QueryClient, type Query } from '@tanstack/react-query';
import { isAuthFailure, isSessionExpired } from './api-client.ts';

/** Query keys are the API paths they fetch (docs/product/api.md "How the web app calls the API"). */
export const currentUserKey = ['/api/user'] as const;
export const dashboardKey = ['/api/dashboard'] as const;
export const subscriptionKey = ['/api/subscription'] as const;

/** docs/product/credits-and-tiers.md "Tiers": the redirect after a 401 waits 500 ms so its toast can be read. */
export const SESSION_EXPIRED_REDIRECT_MS = 500;

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AuthMeta;
    mutationMeta: AuthMeta;
  }
}

type AuthMeta = {
  /** A 401 on this call means "You are logged out": toast, then /login (docs/product/screens.md "Common behaviour"). */
  sessionExpiredNotice?: boolean;
};

export type AuthFailureHandlers = {
  /** The session ended under a call that announces it: show the Unauthorized toast. */
  notifySessionExpired: () => void;
  /** Send the browser to /login. */
  goToLogin: () => void;
  /** The path of the page on screen. */
  currentPath: () => string;
};

const isAdminQuery = (query: Query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith('/api/admin');

/**
 * The shared cache of docs/product/screens.md "Common behaviour": data never goes stale, is kept 5 minutes after last use, is not refetched
 * on window focus, and neither queries nor mutations are retried. A 401 or 403 from any call clears the
 * cached current user and admin data, and on an /admin or /profile page sends the user to /login.
 */
export function createQueryClient(handlers: AuthFailureHandlers): QueryClient {
  const onError = (error: unknown, meta: AuthMeta | undefined) => {
    if (!isAuthFailure(error)) return;
    // A 401 is the server saying "signed out"; a 403 leaves the session in doubt, so ask again.
    if (error.status === 401) client.setQueryData(currentUserKey, null);
    else void client.invalidateQueries({ queryKey: currentUserKey });
    client.removeQueries({ predicate: isAdminQuery });

    if (meta?.sessionExpiredNotice && isSessionExpired(error)) {
      handlers.notifySessionExpired();
      setTimeout(handlers.goToLogin, SESSION_EXPIRED_REDIRECT_MS);
    } else if (/\/(admin|profile)/i.test(handlers.currentPath())) {
      handlers.goToLogin();
    }
  };

  const client = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _onMutateResult, mutation) => onError(error, mutation.meta),
    }),
    defaultOptions: {
      queries: { staleTime: Infinity, gcTime: 5 * 60 * 1000, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  return client;
}

/**
 * After sign-out: the current user becomes a known null rather than being removed, so screens on
 * display re-render as signed out; everything else is dropped.
 */
export function clearSessionCache(client: QueryClient): void {
  client.setQueryData(currentUserKey, null);
  client.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserKey[0] });
}
