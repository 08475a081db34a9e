import type { QueryClient } from '@tanstack/react-query';
import {
  HeadContent,
  Outlet,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  notFound,
  redirect,
  type RouteComponent,
  type RouterHistory,
} from '@tanstack/react-router';
import { PageFrame } from '../components/ui/main-content.tsx';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { publicConfigQuery } from '../lib/public-config.ts';
import { IndexPage } from './index-page.tsx';
import { lazyPage } from './lazy-page.ts';
import { NotFoundPage } from './not-found-page.tsx';
import { RouteErrorPage } from './route-error-page.tsx';

export type RouterContext = { queryClient: QueryClient };

/** A search value as the router parsed it: `?tier=patriot` is a string, `?price=29` a number. */
const searchText = (value: unknown): string | undefined => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined);
const searchWholeNumber = (value: unknown): number | undefined => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : undefined;
};

/** /checkout?tier={tier}&price={price} (docs/product/screens.md "Routes"); the page applies the defaults of docs/product/credits-and-tiers.md "Tiers". */
const validateCheckoutSearch = (search: Record<string, unknown>): { tier?: string; price?: number } => ({
  tier: searchText(search.tier),
  price: searchWholeNumber(search.price),
});

/** /payment-success?tier=...&upgraded=true (docs/product/payments.md "Checkout"). */
const validatePaymentSuccessSearch = (search: Record<string, unknown>): { tier?: string; upgraded?: boolean } => ({
  tier: searchText(search.tier),
  upgraded: search.upgraded === true || search.upgraded === 'true' ? true : undefined,
});

/** The pages an e-mailed link opens: /unsubscribe?token=... (docs/product/screens.md "Routes"), /reset-password, /verify-email, /confirm-email. */
const validateTokenSearch = (search: Record<string, unknown>): { token?: string } => ({ token: searchText(search.token) });

/**
 * Every page but `/` and Page Not Found is a chunk of its own, fetched when its route matches or a link to it
 * is hovered (`defaultPreload: 'intent'`), so the landing page's first load holds only what it shows.
 */
const LoginPage = lazyPage(() => import('./login-page.tsx'), 'LoginPage');
const SignUpPage = lazyPage(() => import('./signup-page.tsx'), 'SignUpPage');
const SubscribePage = lazyPage(() => import('./subscribe-page.tsx'), 'SubscribePage');
const CheckoutPage = lazyPage(() => import('./checkout-page.tsx'), 'CheckoutPage');
const PaymentSuccessPage = lazyPage(() => import('./payment-success-page.tsx'), 'PaymentSuccessPage');
const RedeemPromoPage = lazyPage(() => import('./redeem-promo-page.tsx'), 'RedeemPromoPage');
const PrivacyPage = lazyPage(() => import('./privacy-page.tsx'), 'PrivacyPage');
const TermsPage = lazyPage(() => import('./terms-page.tsx'), 'TermsPage');
const UnsubscribePage = lazyPage(() => import('./unsubscribe-page.tsx'), 'UnsubscribePage');
const ForgotPasswordPage = lazyPage(() => import('./forgot-password-page.tsx'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(() => import('./reset-password-page.tsx'), 'ResetPasswordPage');
const VerifyEmailPage = lazyPage(() => import('./account-link-pages.tsx'), 'VerifyEmailPage');
const ConfirmEmailPage = lazyPage(() => import('./account-link-pages.tsx'), 'ConfirmEmailPage');
const AdminPage = lazyPage(() => import('./admin-page.tsx'), 'AdminPage');
const AnalyzePage = lazyPage(() => import('./analyze-page.tsx'), 'AnalyzePage');
const ComparePage = lazyPage(() => import('./compare-page.tsx'), 'ComparePage');
const HistoryPage = lazyPage(() => import('./history-page.tsx'), 'HistoryPage');
const AccountPage = lazyPage(() => import('./account-page.tsx'), 'AccountPage');
const SharedAnalysisPage = lazyPage(() => import('./shared-analysis-page.tsx'), 'SharedAnalysisPage');
const TestPaymentPage = lazyPage(() => import('./test-payment-page.tsx'), 'TestPaymentPage');
const DebugStripePage = lazyPage(() => import('./debug-stripe-page.tsx'), 'DebugStripePage');
const SimplePaymentPage = lazyPage(() => import('./simple-payment-page.tsx'), 'SimplePaymentPage');

/** Each page names itself in the browser's title bar and history (WCAG 2.4.2). */
const titled = (title: string) => ({ meta: [{ title }] });

/**
 * The route table of docs/product/screens.md "Routes". Paths match case-insensitively and with or without a
 * trailing slash (the router's defaults, pinned below); anything else is Page Not Found.
 * What a route needs before its page renders (title, search parsing, `beforeLoad` guards) stays here, in the
 * first load, so it runs before the page's chunk arrives (docs/adr/0018-the-landing-page-loads-only-what-it-shows.md).
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
  const page = <TPath extends string>(path: TPath, title: string, component: RouteComponent) =>
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
   * Payment test pages exist only when the server enables them (ENABLE_DEV_PAGES). Like the
   * checkout, they load as their own chunk, so Stripe's libraries stay out of every other page.
   */
  const developerPage = <TPath extends string>(path: TPath, title: string, component: RouteComponent) =>
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
      component: CheckoutPage,
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
    page('/compare', 'Compare Versions', ComparePage),
    page('/history', 'Watchdog History', HistoryPage),
    page('/account', 'Account Settings', AccountPage),
    page('/shared/$token', 'Shared Analysis', SharedAnalysisPage),
    developerPage('/test-payment', 'Test Payment', TestPaymentPage),
    developerPage('/debug-stripe', 'Payment Debugging', DebugStripePage),
    developerPage('/simple-payment', 'Simple Payment', SimplePaymentPage),
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
    // A page whose chunk is slow to arrive shows a spinner after the router's pendingMs (1 s); one that does
    // not arrive says so (RouteErrorPage), as does any page that throws.
    defaultPendingComponent: PageSpinner,
    defaultErrorComponent: RouteErrorPage,
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
