import { afterAll, beforeAll, expect, test } from 'vitest';
import { FakeLanguageModel } from '../../../adapters/src/analysis/llm/testing/fake-language-model.ts';
import { startOpenAiChatServer, type OpenAiChatServer } from '../../../adapters/src/analysis/openai/openai-chat-server.fake.ts';
import { openJourney, type Journey } from './support/journey.ts';

/**
 * A citizen cancels an analysis while it runs (docs/product/analysis.md "Cancelling"). The server asks a language model that
 * never answers, so the analysis runs until it is cancelled: the page says so, the credit is back, and the
 * history stays empty.
 */
const MINUTES = 'Minutes of the Springfield City Council, June 3, 2024. The Council voted 5-2 to levy a tax of $0.10 per '
  + '$100 of assessed value for the public libraries. Residents may object in writing before the hearing on July 1.';

let model: FakeLanguageModel;
let llm: OpenAiChatServer;
let j: Journey;
beforeAll(async () => {
  model = new FakeLanguageModel();
  model.always({ kind: 'hang' });
  llm = await startOpenAiChatServer(model);
  j = await openJourney({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: llm.baseUrl, LLM_TIMEOUT_MS: '300000' });
});
afterAll(async () => {
  await j?.close();
  await llm?.close();
});

test('a citizen cancels a running analysis and gets the credit back', async () => {
  const context = await j.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await j.signUp(page, 'Rosa');
  // The home's dashboard loads after the page: on a busy machine that takes more than the poll's default second.
  await expect.poll(() => page.getByText('1 credit remaining').isVisible(), { timeout: 15_000 }).toBe(true);

  await page.getByRole('tab', { name: 'Paste Text' }).click();
  await page.getByLabel('Document text').fill(MINUTES);
  await page.getByRole('button', { name: /Analyze Document/ }).click();
  // The model has the document: the analysis is running, its bar says so to a screen reader too.
  await expect.poll(() => model.requests.length, { timeout: 30_000 }).toBeGreaterThan(0);
  await expect.poll(() => page.getByTestId('analysis-progress').textContent()).toBe('Analysing');
  expect(await page.getByRole('progressbar', { name: 'Analysis progress' }).isVisible()).toBe(true);
  await j.shot(page, '40-analysis-running');

  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect.poll(() => page.getByText('Analysis Cancelled', { exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
  expect(await page.getByText('Analysis cancelled. Your credit has been returned.').first().isVisible()).toBe(true);
  await expect.poll(() => page.getByText('1 credit remaining').isVisible(), { timeout: 15_000 }).toBe(true);
  expect(await page.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
  expect(await page.getByRole('button', { name: /Analyze Document/ }).isEnabled()).toBe(true);
  await j.shot(page, '41-analysis-cancelled');

  // Nothing was kept.
  await page.goto(`${j.server.url}/history`);
  await expect.poll(() => page.getByText('No analyses yet. Upload your first document to get started!').isVisible(), { timeout: 15_000 }).toBe(true);
  await context.close();
});
