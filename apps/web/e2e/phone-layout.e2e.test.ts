import path from 'node:path';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { startLocalSmtpServer, type LocalSmtpServer } from '@civicwatch/adapters/notifications/testing/local-smtp-server.ts';
import { startFakeStripe, stripeEnvironment, type FakeStripe } from '@civicwatch/adapters/payments/stripe/testing/fake-stripe-server.ts';
import { createAppRouter } from '../src/routes/router.tsx';
import { analyzeAndShare } from './support/analyses.ts';
import { artifactsDir, openJourney, type Journey } from './support/journey.ts';
import { routeStripe } from './support/stripe.ts';

// Issue 18, "Every page at 390 px": every route, in every state a person meets it in (signed out, a Citizen, a
// paying subscriber, an administrator; with its dialogs, menus and results open), fits a 390 px phone, and a
// 320 px screen too: nothing makes the page scroll sideways and nothing sticks out of the screen. The server runs as a self-hoster runs it
// with Stripe (the local fake), a mail server (so that the verification banner shows) and the developer pages on.

const PHONE = { width: 390, height: 844 };
/** The narrowest screen a page must fit without sideways scrolling (WCAG 2.1 1.4.10 Reflow), checked too. */
const NARROWEST = { width: 320, height: 640 };

/** Text as people write it: a long address, a URL without a break, a surname of one long word. */
const CITIZEN_EMAIL = 'rosalind.wolfeschlegelsteinhausenbergerdorff@example.org';
const PAID_NAME = 'Wolfeschlegelsteinhausen';
const CHIEF = 'chief@example.org';
const ORDINANCE_URL = 'https://www.springfield-city.gov/council/ordinances/2025/ordinance-2025-14-riverside-park-hours-adopted.pdf';
const ANALYSIS_TITLE = `Ordinance 2025-14 (${ORDINANCE_URL})`;
const ORDINANCE_TEXT = [
  'The City Council of Springfield ordains that Riverside Park shall close at 10:00 p.m. every day from June 1, 2025.',
  'Any person who remains in the park after closing shall be fined $250 for a first offence and $500 for each further offence.',
  `The Parks Department shall post the new hours at every entrance by May 15, 2025 and publish them at ${ORDINANCE_URL}.`,
  'Residents may comment on this ordinance at the public hearing on April 30, 2025 or in writing to the City Clerk.',
].join(' ');
const AMENDED_TEXT = ORDINANCE_TEXT.replace('10:00 p.m.', '11:00 p.m.').replace('$250', '$300');

type Visitor = 'visitor' | 'citizen' | 'paid' | 'admin';
/** What shows once a page or a step has loaded: a heading, a dialog, a button, a link, a text or a quote in a popover. */
type Shows = string | { dialog: string | RegExp } | { button: string | RegExp } | { link: string } | { text: string | RegExp } | { popoverQuote: true };
/** Something the visitor does on the page; the page is checked again once `shows` shows. */
interface Step {
  does: string;
  act: (page: Page) => Promise<void>;
  shows: Shows;
  timeout?: number;
}
interface ScreenCheck {
  as: Visitor;
  /** `{name}` is replaced by the value the setup found for it (a token from an e-mail, say). */
  path: string;
  shows: Shows;
  steps?: Step[];
}

const press = (name: string | RegExp, shows: Shows): Step => ({
  does: `presses ${name}`,
  act: (page) => page.getByRole('button', { name }).first().click(),
  shows,
});

/** Pastes a document and runs the analysis (or comparison) the page offers. */
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

/**
 * The route table, walked in every state worth a look: one line per page and state. A route added to the router
 * without a line here fails "every route of the router is checked" below.
 */
const CHECKS: ScreenCheck[] = [
  { as: 'visitor', path: '/', shows: 'Your AI-powered watchdog for government transparency' },
  { as: 'visitor', path: '/', shows: 'Your AI-powered watchdog for government transparency', steps: [press('Menu', { link: 'Pricing' })] },
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
  {
    as: 'citizen',
    path: '/account',
    shows: 'Account Settings',
    steps: [{ does: 'asks to delete the account', act: async (page) => {
      await page.getByLabel('Password', { exact: true }).last().fill('liberty1');
      await page.getByRole('button', { name: 'Delete My Account' }).click();
    }, shows: { dialog: 'Delete your account?' } }],
  },
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

let j: Journey;
let smtp: LocalSmtpServer;
let fake: FakeStripe;
let forwarding: ReturnType<FakeStripe['forwardTo']> | undefined;
const visitors = {} as Record<Visitor, BrowserContext>;
const found: Record<string, string> = {};

const fill = (template: string) => template.replace(/\{(\w+)\}/g, (_, name: string) => found[name] ?? `{${name}}`);
const locate = (page: Page, shows: Shows): Locator =>
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
const visible = (locator: Locator, timeout = 15_000) => expect.poll(() => locator.first().isVisible(), { timeout }).toBe(true);

/** A page in `as`'s browser; Stripe.js and Stripe's API answered by the local fake. */
async function open(as: Visitor): Promise<Page> {
  const page = await visitors[as].newPage();
  await routeStripe(page, fake);
  return page;
}

beforeAll(async () => {
  smtp = await startLocalSmtpServer();
  fake = await startFakeStripe();
  j = await openJourney({
    ADMIN_EMAILS: CHIEF,
    ENABLE_DEV_PAGES: 'true',
    SMTP_URL: smtp.url,
    ...stripeEnvironment(fake),
    STRIPE_PRICE_PATRIOT: fake.createPrice({ unitAmountCents: 2900, nickname: 'Patriot' }),
    STRIPE_PRICE_DEFENDER: fake.createPrice({ unitAmountCents: 9900, nickname: 'Defender' }),
  });
  forwarding = fake.forwardTo(`${j.server.url}/api/stripe/webhook`);
  // A phone: touch, and the browser zooms out to show a page wider than its screen, as phones do.
  for (const as of ['visitor', 'citizen', 'paid', 'admin'] as const) {
    visitors[as] = await j.browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, reducedMotion: 'reduce' });
  }

  const admin = await open('admin');
  await j.signUp(admin, 'Chief', CHIEF);
  await j.cli('users', 'verify', CHIEF);
  await j.cli('promo', 'create', 'CIVIC5', '--credits', '5', '--max-uses', '10', '--expires', '2099-12-31');

  const citizen = await open('citizen');
  await j.signUp(citizen, 'Rosa', CITIZEN_EMAIL);
  // Her one credit buys the analysis her dashboard, history and View Results show; the code's five, the ones she analyzes with on /analyze.
  found.shareToken = await analyzeAndShare(citizen, j.server.url, { title: ANALYSIS_TITLE, text: ORDINANCE_TEXT });
  expect((await citizen.request.post(`${j.server.url}/api/redeem-promo`, { data: { code: 'CIVIC5' } })).status()).toBe(200);
  const unsubscribe = new URL(await j.emailedLink(CITIZEN_EMAIL, '/unsubscribe'));
  found.unsubscribeToken = unsubscribe.searchParams.get('token')!;
  found.verifyToken = new URL(await j.emailedLink(CITIZEN_EMAIL, '/verify-email')).searchParams.get('token')!;

  // A subscriber who paid for Patriot on her phone.
  const paid = await open('paid');
  const paidEmail = await j.signUp(paid, PAID_NAME);
  await j.verifyEmail(paid, paidEmail);
  await paid.goto(`${j.server.url}/checkout?tier=patriot&price=29`);
  await paid.getByRole('heading', { name: 'Complete Your Subscription' }).waitFor();
  await paid.getByLabel('Full Name').fill('Hubert Wolfeschlegelsteinhausen');
  await paid.getByLabel('Email').fill(paidEmail);
  await paid.getByLabel('Address').fill('2 Market Street');
  await paid.getByLabel('City').fill('Philadelphia');
  await paid.getByLabel('State').fill('PA');
  await paid.getByLabel('ZIP Code').fill('19106');
  await paid.getByLabel('Card number').fill('4242 4242 4242 4242');
  await paid.getByRole('button', { name: 'Subscribe for $29' }).click();
  await paid.waitForURL(/\/payment-success\?tier=patriot/, { timeout: 30_000 });

  for (const page of [admin, citizen, paid]) await page.close();
});
afterAll(async () => {
  for (const context of Object.values(visitors)) await context.close();
  forwarding?.stop();
  await j?.close();
  await fake?.close();
  await smtp?.close();
});

/**
 * What does not fit the screen. `scrollWidth` against the layout's width: a phone zooms out to show a page wider
 * than itself, so `innerWidth` grows with the page and cannot be the yardstick. Answers the page's width and, for
 * each element that sticks out of the screen (page scroll, a fixed dialog cut off, content hidden off-screen by a
 * clipping box), or that scrolls sideways inside a box that is not a table's own scroll container, one line
 * naming it, its place and its size: the widest first.
 */
function measure() {
  const width = document.documentElement.clientWidth;
  const name = (el: Element) => {
    const classes = [...el.classList].slice(0, 8).join('.');
    const label = el.getAttribute('aria-label') ?? el.textContent?.trim().replace(/\s+/g, ' ').slice(0, 50) ?? '';
    return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${classes ? `.${classes}` : ''}${label ? ` "${label}"` : ''}`;
  };
  const ancestry = (el: Element) => {
    const parts: string[] = [];
    for (let a = el.parentElement; a && a !== document.body && parts.length < 4; a = a.parentElement) parts.push(a.tagName.toLowerCase() + (a.id ? `#${a.id}` : ''));
    return parts.join(' < ');
  };
  const decorative = (el: Element) => el.closest('[aria-hidden="true"]') !== null;
  /** Visually hidden (`sr-only`: clipped to nothing), there for screen readers only. */
  const unseen = (el: Element) => {
    for (let a: Element | null = el; a; a = a.parentElement) {
      const s = getComputedStyle(a);
      if ((s.clip && s.clip !== 'auto') || s.clipPath !== 'none') return true;
    }
    return false;
  };
  /**
   * The box that clips or scrolls what sticks out of `el`: its nearest ancestor with overflow other than visible,
   * at or above its containing block (a box that is not positioned clips nothing absolutely positioned inside).
   */
  const clipperOf = (el: Element, style: CSSStyleDeclaration) => {
    if (style.position === 'fixed') return null;
    let inBlock = style.position !== 'absolute';
    for (let a = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (!inBlock && s.position === 'static' && s.transform === 'none') continue;
      inBlock = true;
      if (s.overflowX !== 'visible') return a;
    }
    return null;
  };
  const fits = (box: DOMRect) => box.right <= width + 0.5 && box.left >= -0.5;
  /** A box that scrolls sideways on purpose: a table's, which the reader swipes. */
  const ownScroller = (el: Element) => el.querySelector(':scope > table, :scope > pre') !== null;
  const problems: Array<{ line: string; size: number }> = [];

  for (const el of document.querySelectorAll('body *')) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || decorative(el)) continue;
    // Hidden from sight, an element only matters where it widens the page.
    if (unseen(el) ? box.right > width + 0.5 : !fits(box)) {
      const clipper = clipperOf(el, style);
      // Inside a box that clips or scrolls and itself fits, the part past the edge is that box's concern (below).
      if (clipper && clipper !== document.body && fits(clipper.getBoundingClientRect())) continue;
      // The element where it starts: none of its children sticks out further.
      const child = [...el.children].some((c) => {
        const r = c.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && !fits(r) && !decorative(c);
      });
      if (child) continue;
      problems.push({
        line: `${name(el)} in ${ancestry(el)}: from x=${Math.round(box.left)} to x=${Math.round(box.right)} (${Math.round(box.width)} px wide) on a ${width} px screen${clipper ? `, clipped by ${name(clipper).slice(0, 80)}` : ''}`,
        size: box.right - Math.min(0, box.left),
      });
    }
    const sideways = (style.overflowX === 'auto' || style.overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1;
    if (sideways && !el.matches('input, textarea, select') && !ownScroller(el)) {
      problems.push({ line: `${name(el)} in ${ancestry(el)} scrolls sideways: ${el.scrollWidth} px of content in ${el.clientWidth} px`, size: el.scrollWidth });
    }
  }
  problems.sort((a, b) => b.size - a.size);
  return { width, scrollWidth: document.documentElement.scrollWidth, problems: problems.slice(0, 8).map((p) => p.line) };
}

/** `state` fits the phone and, once the window is narrowed to it, the narrowest screen too. */
async function expectFits(page: Page, state: string) {
  for (const screen of [PHONE, NARROWEST]) {
    await page.setViewportSize(screen);
    // A frame for what positions itself by script (a popover) to follow the new width.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const { width, scrollWidth, problems } = await page.evaluate(measure);
    const report = problems.length ? `\n  ${problems.join('\n  ')}` : '';
    expect(width, `${state}: the layout is as wide as the screen`).toBe(screen.width);
    expect(scrollWidth, `${state}: the page is ${scrollWidth} px wide on a ${width} px screen${report}`).toBeLessThanOrEqual(width);
    expect(problems, `${state} at ${width} px: everything fits the screen`).toEqual([]);
  }
  await page.setViewportSize(PHONE);
}

const slug = (text: string) => text.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').toLowerCase().slice(0, 60);

test.for(CHECKS.map((check, i) => ({ ...check, number: String(i + 1).padStart(2, '0'), name: `${check.as} ${check.path}${check.steps ? ` → ${check.steps.map((s) => s.does).join(' → ')}` : ''}` })))(
  'at 390 px: $name fits the screen',
  async (check) => {
    const page = await open(check.as);
    const shot = `phone-${check.number}-${slug(check.name)}`;
    try {
      await page.goto(`${j.server.url}${fill(check.path)}`);
      await visible(locate(page, check.shows));
      await page.waitForLoadState('networkidle');
      await j.shot(page, shot);
      await expectFits(page, `${check.as} ${check.path}`);
      for (const [i, step] of (check.steps ?? []).entries()) {
        await step.act(page);
        await visible(locate(page, step.shows), step.timeout);
        await page.waitForLoadState('networkidle');
        // What the phone's screen shows: a dialog or a popover over the page, in place.
        await page.screenshot({ path: path.join(artifactsDir, `${shot}-${i + 1}.png`) });
        await expectFits(page, `${check.as} ${check.path} → ${step.does}`);
      }
    } finally {
      await page.close();
    }
  },
);

test('every route of the router is checked at 390 px, and so is a path it does not know', () => {
  const router = createAppRouter({ queryClient: new QueryClient(), history: createMemoryHistory() });
  const routes = Object.keys(router.routesByPath);
  const pattern = (route: string) => new RegExp(`^${route.replace(/\$\w+/g, '[^/]+')}$`, 'i');
  const paths = CHECKS.map((check) => check.path.split('?')[0]!);
  expect(routes.filter((route) => !paths.some((path) => pattern(route).test(path)))).toEqual([]);
  expect(paths.some((path) => !routes.some((route) => pattern(route).test(path)))).toBe(true);
});

test('on a phone, the landing page\'s menu opens Features and Pricing', async () => {
  const page = await open('visitor');
  try {
    await page.goto(j.server.url);
    const menu = page.getByRole('button', { name: 'Menu' });
    await visible(menu);
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).isVisible()).toBe(false);
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Simple, honest pricing' }).evaluate((h) => {
      const box = h.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    })).toBe(true);
    // The menu closes once a link in it is followed.
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await menu.click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Features' }).click();
    await expect.poll(() => page.url()).toMatch(/#features$/);
  } finally {
    await page.close();
  }
});
