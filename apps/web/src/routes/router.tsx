import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import {
  HeadContent,
  Outlet,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  notFound,
  redirect,
  type RouterHistory,
} from '@tanstack/react-router';
import { PageFrame } from '../components/ui/main-content.tsx';
import { publicConfigQuery } from '../features/config/api/get-config.ts';
import { AccountPage } from './account-page.tsx';
import { ConfirmEmailPage, VerifyEmailPage } from './account-link-pages.tsx';
import { AdminPage } from './admin-page.tsx';
import { AnalyzePage } from './analyze-page.tsx';
import { HistoryPage } from './history-page.tsx';
import { IndexPage } from './index-page.tsx';
import { ForgotPasswordPage } from './forgot-password-page.tsx';
import { LoginPage } from './login-page.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { PaymentSuccessPage } from './payment-success-page.tsx';
import { RedeemPromoPage } from './redeem-promo-page.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';
import { SharedAnalysisPage } from './shared-analysis-page.tsx';
import { PrivacyPage } from './privacy-page.tsx';
import { TermsPage } from './terms-page.tsx';
import { SignUpPage } from './signup-page.tsx';
import { SubscribePage } from './subscribe-page.tsx';
import { UnsubscribePage } from './unsubscribe-page.tsx';

export type RouterContext = { queryClient: QueryClient };

/** A search value as the router parsed it: `?tier=patriot` is a string, `?price=29` a number. */
const searchText = (value: unknown): string | undefined => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined);
const searchWholeNumber = (value: unknown): number | undefined => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : undefined;
};

/** /checkout?tier={tier}&price={price} (spec §2); the page applies the defaults of spec §9. */
const validateCheckoutSearch = (search: Record<string, unknown>): { tier?: string; price?: number } => ({
  tier: searchText(search.tier),
  price: searchWholeNumber(search.price),
});

/** /payment-success?tier=...&upgraded=true (spec §4 "Payment"). */
const validatePaymentSuccessSearch = (search: Record<string, unknown>): { tier?: string; upgraded?: boolean } => ({
  tier: searchText(search.tier),
  upgraded: search.upgraded === true || search.upgraded === 'true' ? true : undefined,
});

/** The pages an e-mailed link opens: /unsubscribe?token=... (spec §2), /reset-password, /verify-email, /confirm-email. */
const validateTokenSearch = (search: Record<string, unknown>): { token?: string } => ({ token: searchText(search.token) });

/** Each page names itself in the browser's title bar and history (WCAG 2.4.2). */
const titled = (title: string) => ({ meta: [{ title }] });

/**
 * The route table of spec §2 and DECISIONS. Paths match case-insensitively and with or without a
 * trailing slash (the router's defaults, pinned below); anything else is Page Not Found.
 */
function createRouteTree() {
  const rootRoute = createRootRouteWithContext<RouterContext>()({
    head: () => titled('CivicWatch'),
    component: () => (
      <PageFrame>
        <HeadContent />
        <Outlet />
      </PageFrame>
    ),
    notFoundComponent: NotFoundPage,
  });
  const page = <TPath extends string>(path: TPath, title: string, component: () => ReactNode) =>
    createRoute({ getParentRoute: () => rootRoute, path, head: () => titled(`${title} · CivicWatch`), component });
  const redirectRoute = <TPath extends string>(path: TPath, to: '/' | '/signup') =>
    createRoute({
      getParentRoute: () => rootRoute,
      path,
      beforeLoad: () => {
        throw redirect({ to, replace: true });
      },
    });
  /**
   * Payment test pages exist only when the server enables them (ENABLE_DEV_PAGES, DECISIONS). Like the
   * checkout, they load as their own chunk, so Stripe's libraries stay out of every other page.
   */
  const developerPage = <TPath extends string>(path: TPath, title: string, component: ReturnType<typeof lazyRouteComponent>) =>
    createRoute({
      getParentRoute: () => rootRoute,
      path,
      head: () => titled(`${title} · CivicWatch`),
      beforeLoad: async ({ context }) => {
        const config = await context.queryClient.ensureQueryData(publicConfigQuery).catch(() => null);
        if (!config?.devPagesEnabled) throw notFound();
      },
      component,
    });

  return rootRoute.addChildren([
    page('/', 'Home', IndexPage),
    page('/login', 'Sign In', LoginPage),
    page('/signup', 'Create Account', SignUpPage),
    redirectRoute('/signup-old', '/signup'),
    redirectRoute('/dashboard', '/'),
    redirectRoute('/home', '/'),
    page('/subscribe', 'Plans', SubscribePage),
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/checkout',
      head: () => titled('Checkout · CivicWatch'),
      validateSearch: validateCheckoutSearch,
      component: lazyRouteComponent(() => import('./checkout-page.tsx'), 'CheckoutPage'),
    }),
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/payment-success',
      head: () => titled('Payment Successful · CivicWatch'),
      validateSearch: validatePaymentSuccessSearch,
      component: PaymentSuccessPage,
    }),
    page('/redeem-promo', 'Redeem Promo Code', RedeemPromoPage),
    page('/privacy', 'Privacy Policy', PrivacyPage),
    page('/terms', 'Terms of Service', TermsPage),
    createRoute({ getParentRoute: () => rootRoute, path: '/unsubscribe', validateSearch: validateTokenSearch, head: () => titled('Unsubscribe · CivicWatch'), component: UnsubscribePage }),
    page('/forgot-password', 'Forgot Password', ForgotPasswordPage),
    createRoute({ getParentRoute: () => rootRoute, path: '/reset-password', validateSearch: validateTokenSearch, head: () => titled('Reset Password · CivicWatch'), component: ResetPasswordPage }),
    createRoute({ getParentRoute: () => rootRoute, path: '/verify-email', validateSearch: validateTokenSearch, head: () => titled('Verify E-mail Address · CivicWatch'), component: VerifyEmailPage }),
    createRoute({ getParentRoute: () => rootRoute, path: '/confirm-email', validateSearch: validateTokenSearch, head: () => titled('Confirm E-mail Address · CivicWatch'), component: ConfirmEmailPage }),
    page('/admin', 'Admin Panel', AdminPage),
    page('/analyze', 'Analyze a Document', AnalyzePage),
    page('/history', 'Watchdog History', HistoryPage),
    page('/account', 'Account Settings', AccountPage),
    page('/shared/$token', 'Shared Analysis', SharedAnalysisPage),
    developerPage('/test-payment', 'Test Payment', lazyRouteComponent(() => import('./test-payment-page.tsx'), 'TestPaymentPage')),
    developerPage('/debug-stripe', 'Payment Debugging', lazyRouteComponent(() => import('./debug-stripe-page.tsx'), 'DebugStripePage')),
    developerPage('/simple-payment', 'Simple Payment', lazyRouteComponent(() => import('./simple-payment-page.tsx'), 'SimplePaymentPage')),
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
