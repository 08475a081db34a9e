import { afterAll, beforeAll, expect, test } from 'vitest';
import { openJourney, type Journey } from './support/journey.ts';

/** A (made-up) council ordinance: long enough to analyse, short enough for a Citizen's 1,000 characters. */
const ORDINANCE = 'ORDINANCE 2024-17. The City Council of Springfield hereby levies a tax of $0.10 per $100 of assessed value '
  + 'for the maintenance of public libraries. The tax shall be collected by the County Treasurer. Any resident may object '
  + 'in writing before the public hearing on June 3, 2024, at City Hall. The Council may not spend the levy on other purposes.';
const TITLE = 'Rosa Parks library levy notes';

let j: Journey;
beforeAll(async () => { j = await openJourney(); });
afterAll(async () => { await j?.close(); });

test('a citizen shares an analysis, a signed-out visitor reads it through the link, and it is gone once she stops sharing', async () => {
  const owner = await j.browser.newContext({ viewport: { width: 1280, height: 900 } });
  await owner.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: j.server.url });
  const page = await owner.newPage();
  const email = await j.signUp(page, 'Rosa');

  await page.getByRole('tab', { name: 'Paste Text' }).click();
  await page.getByLabel('Document title (optional)').fill(TITLE);
  await page.getByLabel('Document text').fill(ORDINANCE);
  await page.getByRole('button', { name: /Analyze Document/ }).click();
  await expect.poll(() => page.getByText('Completed just now').isVisible(), { timeout: 60_000 }).toBe(true);
  const summary = (await page.getByRole('region', { name: 'Summary' }).locator('p').first().innerText()).trim();
  expect(summary.length).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Share Analysis' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share Analysis' });
  await dialog.getByRole('button', { name: 'Create Public Link' }).click();
  const linkField = dialog.getByRole('textbox', { name: 'Public link' });
  await expect.poll(() => linkField.isVisible()).toBe(true);
  const link = await linkField.inputValue();
  expect(link).toMatch(new RegExp(`^${j.server.url}/shared/[A-Za-z0-9_-]{32}$`));
  await dialog.getByRole('button', { name: 'Copy Link' }).click();
  await expect.poll(() => page.getByText('Link Copied', { exact: true }).isVisible()).toBe(true);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await j.shot(page, '30-share-dialog');

  // Someone else, in a browser that has never signed in.
  const visitor = await j.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const reader = await visitor.newPage();
  const opened = await reader.goto(link);
  expect(opened?.headers()['x-robots-tag']).toBe('noindex, nofollow');
  await expect.poll(() => reader.getByRole('heading', { name: 'A shared analysis' }).isVisible(), { timeout: 15_000 }).toBe(true);
  expect(await reader.getByRole('region', { name: 'Summary' }).innerText()).toContain(summary.slice(0, 60));
  expect(await reader.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
  expect(await reader.getByRole('button', { name: 'Export PDF' }).isVisible()).toBe(true);
  expect(await reader.getByRole('button', { name: 'Share Analysis' }).count()).toBe(0);
  expect(await reader.getByRole('link', { name: 'Sign up free' }).getAttribute('href')).toBe('/signup');
  const shown = await reader.locator('body').innerText();
  for (const personal of [TITLE, email, 'Rosa']) expect(shown).not.toContain(personal);
  await j.shot(reader, '31-shared-analysis-signed-out');

  await dialog.getByRole('button', { name: 'Stop Sharing' }).click();
  await expect.poll(() => dialog.getByRole('button', { name: 'Create Public Link' }).isVisible()).toBe(true);
  await expect.poll(() => page.getByText('Sharing Stopped', { exact: true }).isVisible()).toBe(true);

  await reader.reload();
  await expect.poll(() => reader.getByRole('heading', { name: 'This analysis is no longer shared' }).isVisible(), { timeout: 15_000 }).toBe(true);
  expect(await reader.getByRole('region', { name: 'Summary' }).count()).toBe(0);
  await j.shot(reader, '32-shared-link-revoked');

  await visitor.close();
  await owner.close();
});
