import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/**
 * Analyses pasted text (a summary, one credit) as the user signed in on `page`, over the API as the Analyze page
 * posts it, and shares the analysis as Share Analysis does: answers the public link's token. For journeys that need
 * a past analysis in the history and a shared one, without waiting on the form.
 */
export async function analyzeAndShare(page: Page, serverUrl: string, document: { title: string; text: string }): Promise<string> {
  const analyzed = await page.request.post(`${serverUrl}/api/analyze`, {
    multipart: { progressId: crypto.randomUUID(), analysisType: 'summary', country: 'US', title: document.title, text: document.text },
  });
  expect(analyzed.status()).toBe(200);
  const { analysisId } = (await analyzed.json()) as { analysisId: string };
  const shared = await page.request.post(`${serverUrl}/api/analyses/${analysisId}/share`);
  expect(shared.status()).toBe(200);
  return ((await shared.json()) as { token: string }).token;
}
