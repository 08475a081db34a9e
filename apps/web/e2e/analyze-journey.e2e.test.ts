import { execFileSync } from 'node:child_process';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { corpusDir } from '../../../adapters/src/testing/shared-corpus.ts';
import { artifactsDir, openJourney, type Journey } from './support/journey.ts';

/** One page, so a Citizen's tier admits it; text, so no OCR wait. */
const onePagePdf = path.join(corpusDir, 'scotus-transcript-p1.pdf');
let j: Journey;
beforeAll(async () => { j = await openJourney(); });
afterAll(async () => { await j?.close(); });

/** Drops a file on the zone the way a browser does: a DataTransfer carrying a File, dispatched as drag events. */
async function dropFile(page: Page, selector: string, file: string) {
  const bytes = (await readFile(file)).toString('base64');
  const dataTransfer = await page.evaluateHandle(({ bytes, name }) => {
    const binary = Uint8Array.from(atob(bytes), (c) => c.charCodeAt(0));
    const transfer = new DataTransfer();
    transfer.items.add(new File([binary], name, { type: 'application/pdf' }));
    return transfer;
  }, { bytes, name: path.basename(file) });
  for (const type of ['dragenter', 'dragover', 'drop']) await page.dispatchEvent(selector, type, { dataTransfer });
}

test('a citizen analyses a one-page PDF by drag-and-drop, exports the report and finds it on the dashboard', async () => {
  const context = await j.browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  await j.signUp(page, 'Rosa');

  await dropFile(page, 'role=button[name="Choose File"]', onePagePdf);
  await expect.poll(() => page.getByText('scotus-transcript-p1.pdf').first().isVisible()).toBe(true);
  await page.getByRole('button', { name: /Analyze Document/ }).click();

  await expect.poll(() => page.getByText('Completed just now').isVisible(), { timeout: 60_000 }).toBe(true);
  await expect.poll(() => page.getByText('Your document has been analyzed successfully.', { exact: true }).isVisible()).toBe(true);
  for (const heading of ['Summary', 'Key Insights']) {
    expect(await page.getByRole('heading', { name: heading }).first().isVisible(), heading).toBe(true);
  }
  // Citations beside the points: at least one page mark, verified against the page's text.
  expect(await page.getByRole('button', { name: /page 1/i }).count()).toBeGreaterThan(0);
  await expect.poll(() => page.getByText('0 credits remaining').isVisible()).toBe(true);
  await j.shot(page, '10-analysis-results');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export PDF' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^CivicWatch_Analysis_scotus_transcript_p1_\d{4}-\d{2}-\d{2}\.pdf$/);
  const report = path.join(artifactsDir, 'exported-report.pdf');
  await download.saveAs(report);
  // The report as a reader sees it: rendered by poppler, its text extracted by poppler.
  const text = execFileSync('pdftotext', ['-layout', report, '-'], { encoding: 'utf8' });
  for (const section of ['Executive Summary', 'Key Insights', 'Page 1 of']) expect(text).toContain(section);
  expect(text).not.toContain('Legal Risks');
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', report, path.join(artifactsDir, '11-exported-report')]);
  expect((await readdir(artifactsDir)).some((f) => f.startsWith('11-exported-report'))).toBe(true);

  await page.getByRole('button', { name: 'Analyze Another' }).click();
  await expect.poll(() => page.getByText('Completed just now').isVisible()).toBe(false);
  await expect.poll(() => page.getByText('scotus-transcript-p1').first().isVisible()).toBe(true);
  await page.getByRole('button', { name: 'View Results' }).first().click();
  await expect.poll(() => page.getByRole('dialog').getByRole('heading', { name: 'Summary' }).isVisible()).toBe(true);
  await j.shot(page, '12-view-results-dialog');

  // A second attempt at 0 credits shows the upgrade button instead of the submit.
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByRole('link', { name: /Upgrade/ }).first().isVisible()).toBe(true);
  await context.close();
});
