import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Locator } from 'playwright-core';
import { corpusDir } from '../../../adapters/src/testing/shared-corpus.ts';
import { artifactsDir, openJourney, type Journey } from './support/journey.ts';

/** A real ordinance of three pages, with a text layer; its later version is its own text with the adoption date changed. */
const levy = path.join(corpusDir, 'wpld-ordinance-20-21-02-maintenance-levy.pdf');
let j: Journey;
beforeAll(async () => { j = await openJourney(); });
afterAll(async () => { await j?.close(); });

/** Drops a file on a zone the way a browser does: a DataTransfer carrying a File, dispatched as drag events. */
async function dropFile(zone: Locator, file: string) {
  const bytes = (await readFile(file)).toString('base64');
  const dataTransfer = await zone.page().evaluateHandle(({ bytes, name }) => {
    const binary = Uint8Array.from(atob(bytes), (c) => c.charCodeAt(0));
    const transfer = new DataTransfer();
    transfer.items.add(new File([binary], name, { type: 'application/pdf' }));
    return transfer;
  }, { bytes, name: path.basename(file) });
  for (const type of ['dragenter', 'dragover', 'drop']) await zone.dispatchEvent(type, { dataTransfer });
}

test('a paying user compares an ordinance with an amended text, sees the changed date with its page in each version, and finds it in the history', async () => {
  // The text a reader copies out of the PDF, then amended: the board adopted it on another day.
  const amended = execFileSync('pdftotext', ['-layout', levy, '-'], { encoding: 'utf8' }).replace('15th day of July 2020', '19th day of August 2020');
  expect(amended).toContain('ADOPTED this 19th day of August 2020');

  const context = await j.browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  const email = await j.signUp(page, 'Vera');
  await j.cli('users', 'set-tier', email, 'patriot');

  await page.goto(`${j.server.url}/analyze`);
  await page.getByRole('link', { name: 'Compare two versions' }).click();
  await page.getByRole('heading', { level: 1, name: 'Compare Versions' }).waitFor();
  const earlier = page.getByRole('group', { name: 'Earlier version' });
  const later = page.getByRole('group', { name: 'Later version' });
  await dropFile(earlier.getByRole('button', { name: 'Choose File' }), levy);
  await expect.poll(() => earlier.getByText(path.basename(levy)).isVisible()).toBe(true);
  await later.getByRole('tab', { name: 'Paste Text' }).click();
  await later.getByLabel('Title (optional)').fill('Levy ordinance, as amended');
  await later.getByLabel('Document text').fill(amended);
  await page.getByRole('button', { name: /Compare Versions/ }).click();

  await expect.poll(() => page.getByText('Completed just now').isVisible(), { timeout: 90_000 }).toBe(true);
  const changes = page.getByRole('region', { name: 'What changed' });
  const dateChange = changes.getByRole('listitem').filter({ hasText: 'changed from July 15, 2020 to August 19, 2020' });
  expect(await dateChange.count()).toBe(1);
  expect(await dateChange.getByText('Date', { exact: true }).isVisible()).toBe(true);
  // Page 2 of the PDF, the one page of the pasted text; both quotes found there. (Chromium names the mark
  // "Page 2 , verified quote": a space where the hidden words begin.)
  const mark = (version: string, page: number) => dateChange.getByRole('button', { name: new RegExp(`^${version}, Page ${page} ?, verified quote$`) });
  expect(await mark('Earlier version', 2).isVisible()).toBe(true);
  expect(await mark('Later version', 1).isVisible()).toBe(true);
  await mark('Later version', 1).click();
  await expect.poll(() => page.getByRole('dialog').getByText(/ADOPTED this 19th day of August 2020/).isVisible()).toBe(true);
  await j.shot(page, '40-comparison-result');
  await page.keyboard.press('Escape');

  // The report carries the change too.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export PDF' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^CivicWatch_Comparison_Levy_ordinance_as_amended_\d{4}-\d{2}-\d{2}\.pdf$/);
  const report = path.join(artifactsDir, 'exported-comparison.pdf');
  await download.saveAs(report);
  const text = execFileSync('pdftotext', [report, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  expect(text).toContain('July 15, 2020 to August 19, 2020');

  await page.goto(`${j.server.url}/history`);
  const entry = page.getByRole('list', { name: 'Past analyses' }).getByRole('listitem').filter({ hasText: 'Levy ordinance, as amended' });
  await expect.poll(() => entry.getByText('Version comparison').isVisible()).toBe(true);
  await entry.getByRole('button', { name: /View Results/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Levy ordinance, as amended' });
  await expect.poll(() => dialog.getByText('changed from July 15, 2020 to August 19, 2020', { exact: false }).isVisible()).toBe(true);
  await j.shot(page, '41-comparison-in-history');
  await context.close();
});
