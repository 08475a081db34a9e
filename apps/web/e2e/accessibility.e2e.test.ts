import path from 'node:path';
import axe from 'axe-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { corpusDir } from '../../../adapters/src/testing/shared-corpus.ts';
import { openCast, ORDINANCE_TEXT, type Cast, type Visitor } from './support/cast.ts';
import { fill, PHONE, routeCoverage, screenCases, visible, walkScreen } from './support/screens.ts';

// Issue 7: every page, in every state of support/screens.ts (signed out, a Citizen, a paying subscriber, an
// administrator; with their dialogs, menus and results open), passes axe-core (no serious or critical violation
// of WCAG 2.1 A/AA) and works from the keyboard.

/** WCAG 2.0 and 2.1, levels A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);
const onePagePdf = path.join(corpusDir, 'scotus-transcript-p1.pdf');

/**
 * A person at their own browser. axe-core is injected as an inline script, which the server's
 * Content-Security-Policy rightly refuses, so the test's browser does not apply it. Reduced motion: the page
 * scrolls to what Tab focuses at once, where the check below can see it.
 */
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 900 }, bypassCSP: true, reducedMotion: 'reduce' };

let cast: Cast;
const contexts: BrowserContext[] = [];

async function newContext(): Promise<BrowserContext> {
  const context = await cast.j.browser.newContext(DESKTOP);
  contexts.push(context);
  return context;
}

beforeAll(async () => {
  cast = await openCast(DESKTOP);
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await cast?.close();
});

/** axe-core on the page as it stands; answers the serious and critical violations, one readable block each. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axe.source });
  const results = await page.evaluate(
    (tags) => (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }),
    WCAG_TAGS,
  );
  return results.violations
    .filter((v) => FAILING_IMPACTS.has(v.impact ?? ''))
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.helpUrl}\n${v.nodes.map((n) => `  - ${n.target.join(' ')}\n    ${n.html.slice(0, 200)}\n    ${n.failureSummary?.replace(/\s+/g, ' ') ?? ''}`).join('\n')}`);
}

test.for(screenCases())('axe: $name has no serious or critical violation', async (screen) => {
  const page = await cast.open(screen.as);
  try {
    if (screen.phoneOnly) await page.setViewportSize(PHONE);
    await walkScreen(page, cast.j.server.url, cast.found, screen, async (state) => {
      expect((await axeViolations(page)).join('\n\n'), state).toBe('');
    });
  } finally {
    await page.close();
  }
});

test('every route of the router is checked with axe, and so is a path it does not know', () => {
  const { unvisited, visitsUnknownPath } = routeCoverage();
  expect(unvisited).toEqual([]);
  expect(visitsUnknownPath).toBe(true);
});

/** Pages whose every Tab stop is checked, in the order a keyboard user meets them. */
const TAB_WALKS: Array<{ as: Visitor; path: string; shows: string }> = [
  { as: 'visitor', path: '/', shows: 'Your AI-powered watchdog for government transparency' },
  { as: 'visitor', path: '/login', shows: 'Sign in to CivicWatch' },
  { as: 'visitor', path: '/signup', shows: 'Create your account' },
  { as: 'visitor', path: '/subscribe', shows: 'Upgrade Your Watchdog Powers' },
  { as: 'visitor', path: '/no-such-page', shows: 'Page Not Found' },
  { as: 'citizen', path: '/', shows: 'Welcome, Rosa!' },
  { as: 'visitor', path: '/forgot-password', shows: 'Forgot your password?' },
  { as: 'visitor', path: '/shared/{shareToken}', shows: 'A shared analysis' },
  { as: 'citizen', path: '/history', shows: 'Watchdog History' },
  { as: 'citizen', path: '/account', shows: 'Account Settings' },
  { as: 'citizen', path: '/checkout?tier=patriot&price=29', shows: 'Complete Your Subscription' },
  { as: 'admin', path: '/admin', shows: 'Admin Panel' },
];

type FocusStop = { label: string; indicator: boolean; seen: boolean };

/**
 * What has focus, named as a reader would find it; whether it shows that it has focus, and whether it can be
 * seen: in the window and not under something else, a sticky header say (WCAG 2.4.7, 2.4.11). A focus
 * indicator is an outline or a ring (a box-shadow spread with no offset or blur, Tailwind's `ring`); nothing
 * in this app draws either on an element without focus, so either one is the focus style.
 */
const focusStop = (page: Page): Promise<FocusStop | null> =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!(el instanceof HTMLElement) || el === document.body) return null;
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const ring = /0px 0px 0px [1-9][\d.]*px/.test(style.boxShadow);
    const box = el.getBoundingClientRect();
    const onTop = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    const name = el.getAttribute('aria-label') ?? (el.textContent?.trim().replace(/\s+/g, ' ').slice(0, 60) || el.getAttribute('name') || el.id);
    return {
      label: `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''} "${name}"`,
      indicator: outline || ring,
      seen: box.width > 0 && box.height > 0 && onTop !== null && (onTop === el || el.contains(onTop)),
    };
  });

const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

/** Presses Tab (Shift+Tab with `back`) until `target` has focus; fails, listing the stops, if it never does. */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}) {
  const stops: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await isFocused(target)) {
      const stop = await focusStop(page);
      expect(stop?.indicator, `${stop?.label} shows a focus indicator`).toBe(true);
      expect(stop?.seen, `${stop?.label} can be seen`).toBe(true);
      return;
    }
    stops.push((await focusStop(page))?.label ?? '(nothing)');
  }
  throw new Error(`${target} was not reached with ${back ? 'Shift+Tab' : 'Tab'}; focus went to:\n  ${stops.join('\n  ')}`);
}

test.for(TAB_WALKS.map((walk) => ({ ...walk, name: `${walk.as} ${walk.path}` })))(
  'keyboard: on $name, Tab meets the skip link first, then every control, each in sight with a focus indicator',
  async (walk) => {
    const page = await cast.open(walk.as);
    try {
      await page.goto(`${cast.j.server.url}${fill(walk.path, cast.found)}`);
      await visible(page.getByRole('heading', { name: walk.shows, exact: true }));
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => (window as unknown as { firstStop: Element | null }).firstStop = null);
      const stops: FocusStop[] = [];
      for (let i = 0; i < 400; i++) {
        await page.keyboard.press('Tab');
        // Past the last control focus leaves the page, or wraps to the first one.
        const wrapped = await page.evaluate(() => {
          const w = window as unknown as { firstStop: Element | null };
          if (w.firstStop === document.activeElement) return true;
          w.firstStop ??= document.activeElement;
          return false;
        });
        const stop = await focusStop(page);
        if (!stop || wrapped) break;
        stops.push(stop);
      }
      expect(stops[0]?.label).toBe('a "Skip to main content"');
      expect(stops.length).toBeGreaterThan(1);
      expect(stops.filter((s) => !s.indicator || !s.seen).map((s) => `${s.label}${s.indicator ? '' : ' has no focus indicator'}${s.seen ? '' : ' is out of sight'}`)).toEqual([]);
    } finally {
      await page.close();
    }
  },
);

test('keyboard: a citizen signs in, moves through the home, analyzes a document and opens and closes View Results, all from the keyboard', async () => {
  const page = await (await newContext()).newPage();
  const email = await cast.j.signUp(page, 'Ada');
  const keys = page.keyboard;

  // Sign Out, found with Tab, pressed with Enter.
  await tabTo(page, page.getByRole('button', { name: 'Sign Out' }));
  await keys.press('Enter');
  await visible(page.getByRole('link', { name: 'Sign In' }));

  // Sign in: the skip link first, then the form's fields in order; Enter submits.
  await page.goto(`${cast.j.server.url}/login`);
  await visible(page.getByRole('heading', { name: 'Sign in to CivicWatch' }));
  await keys.press('Tab');
  expect((await focusStop(page))?.label).toBe('a "Skip to main content"');
  await tabTo(page, page.getByLabel('Email'));
  await keys.type(email);
  await keys.press('Tab');
  expect(await isFocused(page.getByLabel('Password', { exact: true }))).toBe(true);
  await keys.type('liberty1');
  await keys.press('Enter');
  await page.waitForURL(`${cast.j.server.url}/`);
  await visible(page.getByRole('heading', { name: 'Welcome back, Ada!' }));
  await page.waitForLoadState('networkidle');

  // The skip link takes focus past the header into the page's content.
  await keys.press('Tab');
  expect((await focusStop(page))?.label).toBe('a "Skip to main content"');
  await keys.press('Enter');
  expect(await isFocused(page.getByRole('main'))).toBe(true);
  await keys.press('Tab');
  expect(await page.getByRole('main').evaluate((main) => main.contains(document.activeElement) && main !== document.activeElement)).toBe(true);

  // The header's navigation, back with Shift+Tab: Profile jumps to the Profile Settings section.
  await tabTo(page, page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Profile' }), { back: true });
  await keys.press('Enter');
  await page.waitForURL(/#profile$/);

  // Upload PDF: Choose File opens the file chooser with Enter; Remove gives focus back to Choose File.
  const uploadTab = page.getByRole('tab', { name: 'Upload PDF' });
  await tabTo(page, uploadTab, { back: true, max: 120 });
  const choose = page.getByRole('button', { name: 'Choose File' });
  // Waiting from before the key press: Playwright takes the file chooser over only once it is asked to.
  const chooser = page.waitForEvent('filechooser');
  await tabTo(page, choose);
  await keys.press('Enter');
  await (await chooser).setFiles(onePagePdf);
  const remove = page.getByRole('button', { name: 'Remove scotus-transcript-p1.pdf' });
  await tabTo(page, remove);
  await keys.press('Enter');
  await expect.poll(() => isFocused(choose)).toBe(true);

  // Tabs move with the arrow keys: Paste Text, then its fields.
  await tabTo(page, uploadTab, { back: true });
  await keys.press('ArrowRight');
  const pasteTab = page.getByRole('tab', { name: 'Paste Text' });
  // Radix moves focus between tabs a moment after the key.
  await expect.poll(() => isFocused(pasteTab)).toBe(true);
  expect(await pasteTab.getAttribute('aria-selected')).toBe('true');
  await tabTo(page, page.getByLabel('Document title (optional)'));
  await keys.type('Riverside Park Hours');
  await keys.press('Tab');
  expect(await isFocused(page.getByLabel('Document text'))).toBe(true);
  await keys.insertText(ORDINANCE_TEXT);

  // The analysis type: Tab lands on the chosen radio, the arrow keys choose another.
  const constitutional = page.getByRole('radio', { name: 'Constitutional Check' });
  await tabTo(page, constitutional);
  await keys.press('ArrowUp');
  const summary = page.getByRole('radio', { name: 'Summary' });
  expect(await isFocused(summary)).toBe(true);
  expect(await summary.isChecked()).toBe(true);

  await tabTo(page, page.getByRole('button', { name: /Analyze Document/ }));
  await keys.press('Enter');
  await visible(page.getByText('Completed just now'), 60_000);
  await visible(page.getByRole('heading', { name: 'Summary' }));

  // Analyze Another returns to the form, focus on its heading.
  await tabTo(page, page.getByRole('button', { name: 'Analyze Another' }));
  await keys.press('Space');
  await expect.poll(() => isFocused(page.getByRole('heading', { name: 'Analyze a Government Document' }))).toBe(true);

  // View Results opens with Enter, keeps focus inside while open, and Escape closes it, focus back on the button.
  const viewResults = page.getByRole('button', { name: /^View Results\W*Riverside Park Hours$/ });
  await tabTo(page, viewResults);
  await keys.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Riverside Park Hours' });
  await visible(dialog);
  for (let i = 0; i < 25; i++) {
    await keys.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  expect((await focusStop(page))?.indicator).toBe(true);
  await keys.press('Escape');
  await expect.poll(() => dialog.isVisible()).toBe(false);
  // Radix gives focus back a moment after the dialog has gone.
  await expect.poll(() => isFocused(viewResults)).toBe(true);
});
