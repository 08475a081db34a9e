import { afterAll, beforeAll, expect, test } from 'vitest';
import { openJourney, type Journey } from './support/journey.ts';

// Issue 8: the landing page's first load holds only what it shows; every other page is a chunk of its own
// (docs/adr/0018-the-landing-page-loads-only-what-it-shows.md), and one that does not arrive says so.

let j: Journey;
beforeAll(async () => { j = await openJourney(); });
afterAll(async () => { await j?.close(); });

/** A page's own chunk, as Rolldown names it after the page's module (`login-page-<hash>.js`). */
const PAGE_CHUNK = /\/assets\/[a-z-]+-pages?-[\w-]+\.js$/;

test('the signed-out landing page fetches no other page\'s code; a page\'s code comes when it is opened', async () => {
  const page = await j.browser.newPage();
  const scripts: string[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(`${j.server.url}/`, { waitUntil: 'networkidle' });
  await expect.poll(() => page.getByRole('link', { name: 'Get Started - Free' }).isVisible()).toBe(true);
  expect(scripts.filter((script) => PAGE_CHUNK.test(script))).toEqual([]);

  await page.getByRole('link', { name: 'Sign In' }).click();
  await expect.poll(() => page.getByRole('heading', { name: 'Sign in to CivicWatch' }).isVisible()).toBe(true);
  expect(scripts.filter((script) => PAGE_CHUNK.test(script))).toEqual([expect.stringMatching(/\/assets\/login-page-/)]);
  expect(await page.title()).toBe('Sign In · CivicWatch');
  await page.close();
});

test('a page whose code does not arrive says so, and Reload brings the page once it can', async () => {
  const page = await j.browser.newPage();
  await page.goto(`${j.server.url}/`);
  await expect.poll(() => page.getByRole('link', { name: 'Get Started - Free' }).isVisible()).toBe(true);
  // As after a deploy that replaced the chunk this tab knows, or a dropped connection.
  const refuse = /\/assets\/login-page-[\w-]+\.js$/;
  await page.route(refuse, (route) => route.abort());

  await page.getByRole('link', { name: 'Sign In' }).click();
  // The router reloads the document once for a missing chunk (a deploy's usual cure); it is still missing.
  await expect.poll(() => page.getByRole('heading', { name: 'This page could not be loaded' }).isVisible(), { timeout: 15_000 }).toBe(true);
  expect(new URL(page.url()).pathname).toBe('/login');
  await j.shot(page, 'page-chunks-01-page-could-not-be-loaded');

  await page.unroute(refuse);
  await page.getByRole('button', { name: 'Reload the page' }).click();
  await expect.poll(() => page.getByRole('heading', { name: 'Sign in to CivicWatch' }).isVisible(), { timeout: 15_000 }).toBe(true);
  await page.close();
});
