import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { openCast, type Cast } from './support/cast.ts';
import { artifactsDir } from './support/journey.ts';
import { PHONE, routeCoverage, screenCases, visible, walkScreen } from './support/screens.ts';

// Issue 18, "Every page at 390 px": every route, in every state a person meets it in (the screens of
// support/screens.ts: signed out, a Citizen, a paying subscriber, an administrator; with their dialogs, menus and
// results open), fits a 390 px phone, and a 320 px screen too: nothing makes the page scroll sideways and nothing
// sticks out of the screen.

/** The narrowest screen a page must fit without sideways scrolling (WCAG 2.1 1.4.10 Reflow), checked too. */
const NARROWEST = { width: 320, height: 640 };

let cast: Cast;

// A phone: touch, and the browser zooms out to show a page wider than its screen, as phones do.
beforeAll(async () => {
  cast = await openCast({ viewport: PHONE, isMobile: true, hasTouch: true, reducedMotion: 'reduce' });
});
afterAll(async () => {
  await cast?.close();
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

test.for(screenCases())('at 390 px: $name fits the screen', async (screen) => {
  const page = await cast.open(screen.as);
  const shot = `phone-${screen.number}-${slug(screen.name)}`;
  try {
    await walkScreen(page, cast.j.server.url, cast.found, screen, async (state, step) => {
      // The page whole as it opens; after a step, what the phone's screen shows: a dialog or a popover over the page, in place.
      if (step === 0) await cast.j.shot(page, shot);
      else await page.screenshot({ path: path.join(artifactsDir, `${shot}-${step}.png`) });
      await expectFits(page, state);
    });
  } finally {
    await page.close();
  }
});

test('every route of the router is checked at 390 px, and so is a path it does not know', () => {
  const { unvisited, visitsUnknownPath } = routeCoverage();
  expect(unvisited).toEqual([]);
  expect(visitsUnknownPath).toBe(true);
});

test('on a phone, the landing page\'s menu opens Features and Pricing', async () => {
  const page = await cast.open('visitor');
  try {
    await page.goto(cast.j.server.url);
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
