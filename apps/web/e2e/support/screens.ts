import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { createAppRouter } from '../../src/routes/router.tsx';
import { ANALYSIS_TITLE, CITIZEN_EMAIL, ORDINANCE_TEXT, PAID_NAME, type Visitor } from './cast.ts';

/** What shows once a page or a step has loaded: a heading, a dialog, a button, a link, a text or a quote in a popover. */
export type Shows = string | { dialog: string | RegExp } | { button: string | RegExp } | { link: string } | { text: string | RegExp } | { popoverQuote: true };

/** Something the visitor does on the page; the page is checked again once `shows` shows. */
export interface Step {
  does: string;
  act: (page: Page) => Promise<void>;
  shows: Shows;
  timeout?: number;
}

/** One page in one state: who opens it, where, what shows once it has loaded, and what they then do there. */
export interface Screen {
  as: Visitor;
  /** `{name}` is replaced by the value the cast's set-up found for it (a token from an e-mail, say). */
  path: string;
  shows: Shows;
  steps?: Step[];
  /** A state only a phone's screen has (the landing page's menu): a suite at desktop width narrows the page first. */
  phoneOnly?: true;
}

/** A phone's screen, where every screen is walked, and where a desktop suite walks the phone-only states. */
export const PHONE = { width: 390, height: 844 };

const AMENDED_TEXT = ORDINANCE_TEXT.replace('10:00 p.m.', '11:00 p.m.').replace('$250', '$300');

const press = (name: string | RegExp, shows: Shows): Step => ({
  does: `presses ${name}`,
  act: (page) => page.getByRole('button', { name }).first().click(),
  shows,
});

/** Pastes a document and runs the analysis the page offers. */
const pasteAndAnalyze: Step = {
  does: 'analyzes pasted text',
  act: async (page) => {
    await page.getByRole('tab', { name: 'Paste Text' }).click();
    await page.getByLabel('Document title (optional)').fill(ANALYSIS_TITLE);
    await page.getByLabel('Document text').fill(ORDINANCE_TEXT);
    await page.getByRole('button', { name: /Analyze Document/ }).click();
  },
  shows: { text: 'Completed just now' },
  timeout: 90_000,
};
const pasteAndCompare: Step = {
  does: 'compares two pasted versions',
  act: async (page) => {
    for (const [side, text] of [['Earlier version', ORDINANCE_TEXT], ['Later version', AMENDED_TEXT]] as const) {
      const group = page.getByRole('group', { name: side });
      await group.getByRole('tab', { name: 'Paste Text' }).click();
      await group.getByLabel('Title (optional)').fill(`${side} of ${ANALYSIS_TITLE}`);
      await group.getByLabel('Document text').fill(text);
    }
    await page.getByRole('button', { name: /Compare Versions/ }).click();
  },
  shows: { text: 'Completed just now' },
  timeout: 120_000,
};
/** The first page mark of the results: its popover quotes the document. */
const openCitation: Step = {
  does: 'opens a page mark',
  act: (page) => page.getByRole('button', { name: /Page \d+ ?, / }).first().click(),
  shows: { popoverQuote: true },
};
const askToDeleteAccount: Step = {
  does: 'asks to delete the account',
  act: async (page) => {
    await page.getByLabel('Password', { exact: true }).last().fill('liberty1');
    await page.getByRole('button', { name: 'Delete My Account' }).click();
  },
  shows: { dialog: 'Delete your account?' },
};

/**
 * The route table (docs/product/screens.md "Routes"), walked in every state worth a look: one line per page and
 * state, in the order the cast meets them (the Citizen's home with its verification banner before she verifies).
 * The phone-layout and accessibility suites both walk it; a route added to the router without a line here fails
 * their "every route" test.
 */
export const SCREENS: Screen[] = [
  { as: 'visitor', path: '/', shows: 'Your AI-powered watchdog for government transparency' },
  { as: 'visitor', path: '/', shows: 'Your AI-powered watchdog for government transparency', steps: [press('Menu', { link: 'Pricing' })], phoneOnly: true },
  { as: 'visitor', path: '/dashboard', shows: 'Your AI-powered watchdog for government transparency' },
  { as: 'visitor', path: '/login', shows: 'Sign in to CivicWatch' },
  { as: 'visitor', path: '/login', shows: 'Sign in to CivicWatch', steps: [press('Create one here', 'Create an account')] },
  { as: 'visitor', path: '/signup', shows: 'Create your account' },
  { as: 'visitor', path: '/signup', shows: 'Create your account', steps: [press('Create Account', { text: 'Username must be at least 3 characters' })] },
  { as: 'visitor', path: '/signup-old', shows: 'Create your account' },
  { as: 'visitor', path: '/subscribe', shows: 'Upgrade Your Watchdog Powers' },
  { as: 'visitor', path: '/redeem-promo', shows: 'Redeem Promo Code' },
  { as: 'visitor', path: '/privacy', shows: 'Privacy Policy' },
  { as: 'visitor', path: '/terms', shows: 'Terms of Service' },
  { as: 'visitor', path: '/unsubscribe?token={unsubscribeToken}', shows: 'Unsubscribed Successfully' },
  { as: 'visitor', path: '/unsubscribe?token=not-a-real-token', shows: 'Unsubscribe Failed' },
  { as: 'visitor', path: '/forgot-password', shows: 'Forgot your password?' },
  { as: 'visitor', path: '/reset-password?token=a-token-from-an-e-mail', shows: 'Choose a new password' },
  { as: 'visitor', path: '/reset-password', shows: 'Choose a new password' },
  { as: 'visitor', path: '/verify-email?token=not-a-real-token', shows: 'Verification Failed' },
  { as: 'visitor', path: '/confirm-email?token=not-a-real-token', shows: 'E-mail Change Failed' },
  { as: 'visitor', path: '/shared/{shareToken}', shows: 'A shared analysis', steps: [openCitation] },
  { as: 'visitor', path: '/shared/not-a-real-token', shows: 'This analysis is no longer shared' },
  { as: 'visitor', path: '/no-such-page', shows: 'Page Not Found' },
  { as: 'visitor', path: '/admin', shows: 'Access Denied' },
  { as: 'visitor', path: '/test-payment', shows: 'Test Payment' },

  { as: 'citizen', path: '/', shows: 'Welcome, Rosa!' },
  { as: 'citizen', path: '/', shows: 'Welcome, Rosa!', steps: [press(/^View Results/, { dialog: ANALYSIS_TITLE }), openCitation] },
  { as: 'citizen', path: '/', shows: 'Welcome, Rosa!', steps: [press(/^View Results/, { dialog: ANALYSIS_TITLE }), press('Share Analysis', { dialog: 'Share Analysis' })] },
  { as: 'citizen', path: '/', shows: 'Welcome, Rosa!', steps: [press('Edit Profile', { button: 'Save Changes' })] },
  { as: 'citizen', path: '/home', shows: 'Welcome, Rosa!' },
  { as: 'citizen', path: '/verify-email?token={verifyToken}', shows: 'E-mail Address Verified' },
  { as: 'citizen', path: '/analyze', shows: 'Analyze a Government Document', steps: [pasteAndAnalyze, openCitation] },
  { as: 'citizen', path: '/compare', shows: 'Compare Versions' },
  { as: 'citizen', path: '/history', shows: 'Watchdog History', steps: [press(/^Delete/, { dialog: 'Delete this analysis?' })] },
  { as: 'citizen', path: '/account', shows: 'Account Settings' },
  { as: 'citizen', path: '/account', shows: 'Account Settings', steps: [askToDeleteAccount] },
  { as: 'citizen', path: '/redeem-promo', shows: 'Redeem Promo Code' },
  { as: 'citizen', path: '/subscribe', shows: 'Upgrade Your Watchdog Powers' },
  { as: 'citizen', path: '/checkout?tier=patriot&price=29', shows: 'Complete Your Subscription' },
  { as: 'citizen', path: '/admin', shows: 'Access Denied' },

  { as: 'paid', path: '/', shows: `Welcome, ${PAID_NAME}!` },
  { as: 'paid', path: '/', shows: `Welcome, ${PAID_NAME}!`, steps: [press('Manage Subscription', { button: 'Cancel Subscription' }), press('Cancel Subscription', { dialog: 'Cancel your subscription?' })] },
  { as: 'paid', path: '/analyze', shows: 'Analyze a Government Document', steps: [{ does: 'chooses Custom Watchdog', act: (page) => page.getByRole('radio', { name: 'Custom Watchdog' }).check(), shows: { text: 'Custom focus' } }] },
  { as: 'paid', path: '/compare', shows: 'Compare Versions', steps: [pasteAndCompare, openCitation] },
  { as: 'paid', path: '/account', shows: 'Account Settings' },
  { as: 'paid', path: '/subscribe', shows: 'Upgrade Your Watchdog Powers' },
  { as: 'paid', path: '/checkout?tier=defender&price=99', shows: 'Complete Your Subscription' },
  { as: 'paid', path: '/payment-success?tier=patriot&upgraded=true', shows: 'Payment Successful!' },

  { as: 'admin', path: '/', shows: 'Welcome, Chief!' },
  { as: 'admin', path: '/admin', shows: 'Admin Panel' },
  { as: 'admin', path: '/admin', shows: 'Admin Panel', steps: [press(`Manage ${CITIZEN_EMAIL}`, { dialog: 'Manage User' }), press('Delete User', { dialog: 'Delete this user?' })] },
  { as: 'admin', path: '/admin', shows: 'Admin Panel', steps: [press('Delete CIVIC5', { dialog: 'Delete this promo code?' })] },
  { as: 'admin', path: '/test-payment', shows: 'Test Payment' },
  { as: 'admin', path: '/debug-stripe', shows: 'Payment Debugging' },
  { as: 'admin', path: '/simple-payment', shows: 'Simple Payment' },
];

/** The screens as test cases, each named by its visitor, path and steps. */
export const screenCases = () => SCREENS.map((screen, i) => ({
  ...screen,
  number: String(i + 1).padStart(2, '0'),
  name: `${screen.as} ${screen.path}${screen.steps ? ` → ${screen.steps.map((s) => s.does).join(' → ')}` : ''}`,
}));

/** `template` with each `{name}` replaced by what the set-up found. */
export const fill = (template: string, found: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, name: string) => found[name] ?? `{${name}}`);

export const locate = (page: Page, shows: Shows): Locator =>
  typeof shows === 'string'
    ? page.getByRole('heading', { name: shows, exact: true })
    : 'dialog' in shows
      ? page.getByRole('dialog', { name: shows.dialog }).or(page.getByRole('alertdialog', { name: shows.dialog }))
      : 'button' in shows
        ? page.getByRole('button', { name: shows.button })
        : 'link' in shows
          ? page.getByRole('link', { name: shows.link, exact: true })
          : 'text' in shows
            ? page.getByText(shows.text)
            : page.locator('[data-radix-popper-content-wrapper] blockquote');

export const visible = (locator: Locator, timeout = 15_000) => expect.poll(() => locator.first().isVisible(), { timeout }).toBe(true);

/**
 * Walks `screen` on `page`: opens it, waits for what shows, calls `check` on it, then on each step's outcome.
 * `check` gets the state's name and the step's number (0 for the page as it opens).
 */
export async function walkScreen(page: Page, baseUrl: string, found: Record<string, string>, screen: Screen, check: (state: string, step: number) => Promise<void>) {
  const name = `${screen.as} ${screen.path}`;
  await page.goto(`${baseUrl}${fill(screen.path, found)}`);
  await visible(locate(page, screen.shows));
  await page.waitForLoadState('networkidle');
  await check(name, 0);
  for (const [i, step] of (screen.steps ?? []).entries()) {
    await step.act(page);
    await visible(locate(page, step.shows), step.timeout);
    await page.waitForLoadState('networkidle');
    await check(`${name} → ${step.does}`, i + 1);
  }
}

/** The router's routes that no screen visits, and whether some screen visits a path the router does not know. */
export function routeCoverage() {
  const router = createAppRouter({ queryClient: new QueryClient(), history: createMemoryHistory() });
  const routes = Object.keys(router.routesByPath);
  const pattern = (route: string) => new RegExp(`^${route.replace(/\$\w+/g, '[^/]+')}$`, 'i');
  const paths = SCREENS.map((screen) => screen.path.split('?')[0]!);
  return {
    unvisited: routes.filter((route) => !paths.some((path) => pattern(route).test(path))),
    visitsUnknownPath: paths.some((path) => !routes.some((route) => pattern(route).test(path))),
  };
}
