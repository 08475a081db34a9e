import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import {
  Outlet,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  notFound,
  redirect,
  type RouterHistory,
} from '@tanstack/react-router';
import { publicConfigQuery } from '../features/config/api/get-config.ts';
import { AdminPage } from './admin-page.tsx';
import { AnalyzePage } from './analyze-page.tsx';
import { ComingSoonPage } from './coming-soon-page.tsx';
import { HistoryPage } from './history-page.tsx';
import { IndexPage } from './index-page.tsx';
import { LoginPage } from './login-page.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RedeemPromoPage } from './redeem-promo-page.tsx';
import { SignUpPage } from './signup-page.tsx';

export type RouterContext = { queryClient: QueryClient };

/**
 * The route table of spec §2 and DECISIONS. Paths match case-insensitively and with or without a
 * trailing slash (the router's defaults, pinned below); anything else is Page Not Found.
 */
function createRouteTree() {
  const rootRoute = createRootRouteWithContext<RouterContext>()({
    component: Outlet,
    notFoundComponent: NotFoundPage,
  });
  const page = <TPath extends string>(path: TPath, component: () => ReactNode) => createRoute({ getParentRoute: () => rootRoute, path, component });
  const redirectRoute = <TPath extends string>(path: TPath, to: '/' | '/signup') =>
    createRoute({
      getParentRoute: () => rootRoute,
      path,
      beforeLoad: () => {
        throw redirect({ to, replace: true });
      },
    });
  /** Payment test pages exist only when the server enables them (ENABLE_DEV_PAGES, DECISIONS). */
  const developerPage = <TPath extends string>(path: TPath, title: string) =>
    createRoute({
      getParentRoute: () => rootRoute,
      path,
      beforeLoad: async ({ context }) => {
        const config = await context.queryClient.ensureQueryData(publicConfigQuery).catch(() => null);
        if (!config?.devPagesEnabled) throw notFound();
      },
      component: () => <ComingSoonPage title={title} description="A developer page for testing payments on this server." />,
    });

  return rootRoute.addChildren([
    page('/', IndexPage),
    page('/login', LoginPage),
    page('/signup', SignUpPage),
    redirectRoute('/signup-old', '/signup'),
    redirectRoute('/dashboard', '/'),
    redirectRoute('/home', '/'),
    page('/subscribe', () => (
      <ComingSoonPage title="Upgrade Your Watchdog Powers" description="Choosing and upgrading a plan will happen here." />
    )),
    page('/checkout', () => (
      <ComingSoonPage title="Complete Your Subscription" description="Secure card payment for the Patriot and Defender plans will happen here." />
    )),
    page('/payment-success', () => (
      <ComingSoonPage title="Payment confirmation" description="After a payment, your new plan and credits will be confirmed here." />
    )),
    page('/redeem-promo', RedeemPromoPage),
    page('/unsubscribe', () => (
      <ComingSoonPage title="E-mail preferences" description="The unsubscribe links of CivicWatch e-mails will be handled here." />
    )),
    page('/admin', AdminPage),
    page('/analyze', AnalyzePage),
    page('/history', HistoryPage),
    developerPage('/test-payment', 'Test Payment'),
    developerPage('/debug-stripe', 'Payment Debugging'),
    developerPage('/simple-payment', 'Simple Payment'),
  ]);
}

export function createAppRouter({ queryClient, history }: { queryClient: QueryClient; history?: RouterHistory }) {
  return createRouter({
    routeTree: createRouteTree(),
    context: { queryClient },
    caseSensitive: false,
    trailingSlash: 'never',
    notFoundMode: 'root',
    defaultPreload: 'intent',
    scrollRestoration: true,
    ...(history ? { history } : {}),
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
