import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { corpusDir } from '../../../adapters/src/testing/shared-corpus.ts';
import { openJourney, type Journey } from './support/journey.ts';

/** One page of text: a Citizen's tier admits it, and no OCR wait. */
const onePagePdf = path.join(corpusDir, 'scotus-transcript-p1.pdf');
let j: Journey;
beforeAll(async () => { j = await openJourney(); });
afterAll(async () => { await j?.close(); });

/** What the page's content security policy refused, as the browser reports it, and scripts that threw. */
async function watchForRefusals(page: Page): Promise<string[]> {
  const refusals: string[] = [];
  await page.exposeFunction('reportViolation', (violation: string) => refusals.push(violation));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportViolation(v: string): void }).reportViolation(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) refusals.push(message.text());
  });
  page.on('pageerror', (error) => refusals.push(`page error: ${error.message}`));
  return refusals;
}

/** Opens an operation of the reference (Swagger UI's block for its tag and operationId) and presses Try it out. */
async function tryOut(page: Page, tag: string, operationId: string): Promise<Locator> {
  const operation = page.locator(`#operations-${tag}-${operationId}`);
  await operation.locator('.opblock-summary').click();
  await operation.getByRole('button', { name: 'Try it out' }).click();
  return operation;
}

/** Presses Execute and answers the status and body the page shows for the call it made. */
async function execute(operation: Locator): Promise<{ status: number; body: string }> {
  await operation.getByRole('button', { name: 'Execute' }).click();
  const answer = operation.locator('.live-responses-table tbody tr.response').first();
  await answer.waitFor({ timeout: 90_000 });
  return {
    status: Number(await answer.locator('.response-col_status').textContent()),
    body: (await answer.locator('.response-col_description .microlight').first().textContent()) ?? '',
  };
}

test('the landing page links its footer to the API reference', async () => {
  const page = await j.browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${j.server.url}/`);
  await page.getByRole('contentinfo').getByRole('link', { name: 'API Documentation' }).click();
  await page.waitForURL(`${j.server.url}/api/docs`);
  await page.getByRole('heading', { name: /CivicWatch API/ }).waitFor();
  await page.close();
});

test('a reader signs in from the API reference, is answered as that user, and analyses a PDF, with nothing refused by the CSP', async () => {
  const email = `reader.${Date.now()}@example.org`;
  const registered = await fetch(`${j.server.url}/api/register`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ firstName: 'Ida', email, password: 'liberty1' }),
  });
  expect(registered.status).toBe(201);

  const page = await j.browser.newPage({ viewport: { width: 1280, height: 900 } });
  const refusals = await watchForRefusals(page);
  await page.goto(`${j.server.url}/api/docs`);
  await page.getByRole('heading', { name: /CivicWatch API/ }).waitFor();
  await j.shot(page, 'api-docs');

  const signedOut = await execute(await tryOut(page, 'auth', 'getAuthUser'));
  expect(signedOut.status).toBe(401);

  const signIn = await tryOut(page, 'auth', 'signIn');
  await signIn.locator('textarea.body-param__text').fill(JSON.stringify({ email, password: 'liberty1' }));
  expect((await execute(signIn)).status).toBe(200);

  const user = await execute(await tryOut(page, 'auth', 'getUser'));
  expect(user.status).toBe(200);
  expect(JSON.parse(user.body)).toMatchObject({ email, firstName: 'Ida', credits: 1 });

  // A multipart call as the reference describes it: the PDF in its file part, the other fields left as offered.
  const analyze = await tryOut(page, 'analysis', 'analyzeDocument');
  await analyze.locator('tr[data-property-name="document"] input[type="file"]').setInputFiles(onePagePdf);
  const analysis = await execute(analyze);
  expect(analysis.status, analysis.body).toBe(200);
  expect(JSON.parse(analysis.body)).toMatchObject({ analysisId: expect.any(String), summary: expect.any(String) });
  await j.shot(page, 'api-docs-analysed');

  expect(refusals).toEqual([]);
  await page.close();
});
