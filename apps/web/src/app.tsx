import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, type RouterHistory } from '@tanstack/react-router';
import { ToastProvider } from './components/ui/toaster.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { createToastStore } from './lib/toast-store.ts';
import { createAppRouter, type AppRouter } from './routes/router.tsx';

/** One instance of the web app: its toasts, query cache and router, wired to each other. */
export function createApp(options: { history?: RouterHistory } = {}) {
  const toasts = createToastStore();
  // The cache's 401/403 rule needs the router, which needs the cache: the handlers reach the router
  // only when an answer arrives, by which time it exists.
  const queryClient = createQueryClient({
    notifySessionExpired: () =>
      toasts.show({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' }),
    goToLogin: () => void router.navigate({ to: '/login' }),
    currentPath: () => router.state.location.pathname,
  });
  const router: AppRouter = createAppRouter({ queryClient, ...(options.history ? { history: options.history } : {}) });
  return { router, queryClient, toasts };
}

export type AppInstance = ReturnType<typeof createApp>;

export function App({ app }: { app: AppInstance }) {
  return (
    <QueryClientProvider client={app.queryClient}>
      <ToastProvider store={app.toasts}>
        <RouterProvider router={app.router} />
      </ToastProvider>
    </QueryClientProvider>
  );
}
