import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setupServer } from 'msw/node';
import {
  AnalyzeDocument, systemClock, type AnalyzeDocumentInput, type DocumentAnalyzer, type ExtractedPage, type TextExtractor,
} from '@civicwatch/core';
import { aDraft, FixedFactFinder, FixedLanguageDetector, FixedTextExtractor, InMemoryUnitOfWork } from '@civicwatch/core/testing';
import type { DocumentUnderstanding } from '@civicwatch/core/analysis/fact-finder.port.ts';
import { FakeLanguageModel, type CapturedRequest } from './llm/testing/fake-language-model.ts';
import { levyOrdinancePages } from './llm/testing/corpus-pages.ts';
import { OpenAiDocumentAnalyzer } from './openai/openai-document-analyzer.ts';
import { fakeOpenAiBaseUrl, openAiChatApiHandlers } from './openai/openai-chat-api.fake.ts';
import { OllamaDocumentAnalyzer } from './ollama/ollama-document-analyzer.ts';
import { fakeOllamaHost, ollamaChatApiHandlers } from './ollama/ollama-chat-api.fake.ts';

// The analysis as the server runs it (the use case, the administrator's saved prompts, the adapter) against fakes
// of the documented APIs: what a language model is really sent, and what a citizen is really shown.

const openAiModel = new FakeLanguageModel();
const ollamaModel = new FakeLanguageModel();
const server = setupServer(...openAiChatApiHandlers(openAiModel), ...ollamaChatApiHandlers(ollamaModel));
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const noSleep = async () => {};
const analyzers: Array<{ name: string; model: FakeLanguageModel; create: () => DocumentAnalyzer }> = [
  {
    name: 'openai',
    model: openAiModel,
    create: () => new OpenAiDocumentAnalyzer(
      { apiKey: 'sk-test', baseUrl: fakeOpenAiBaseUrl, model: 'gpt-4o-mini', contextTokens: 12_000, timeoutMs: 5_000 }, { sleep: noSleep }),
  },
  {
    name: 'ollama',
    model: ollamaModel,
    create: () => new OllamaDocumentAnalyzer({ host: fakeOllamaHost, model: 'llama3.1', contextTokens: 8_192, timeoutMs: 5_000 }, { sleep: noSleep }),
  },
];

const pagesOf = (pages: ExtractedPage[]): TextExtractor => FixedTextExtractor.of(pages);

const useCaseWith = (analyzer: DocumentAnalyzer, pages: ExtractedPage[], understanding?: DocumentUnderstanding) =>
  new AnalyzeDocument(pagesOf(pages), new InMemoryUnitOfWork(), analyzer, systemClock, new FixedLanguageDetector(), new FixedFactFinder(understanding));

const input = (overrides: Partial<AnalyzeDocumentInput> = {}): AnalyzeDocumentInput => ({
  source: { kind: 'pdf', bytes: new Uint8Array([0x25, 0x50, 0x44, 0x46]) },
  title: 'Maintenance levy',
  analysisType: 'constitutional',
  jurisdiction: { country: 'US', state: 'IL' },
  customFocus: null,
  paidTier: true,
  ...overrides,
});

const systemOf = (request: CapturedRequest | undefined): string =>
  request?.body.messages.filter((m) => m.role === 'system').map((m) => m.content).join('\n') ?? '';

describe.each(analyzers)('Analysing with a language model ($name)', ({ model, create }) => {
  beforeEach(() => model.reset());

  it('sends the paid prompt with the state and the country the citizen chose, in the request body', async () => {
    const result = await useCaseWith(create(), levyOrdinancePages()).execute(input());

    expect(result.ok, JSON.stringify(result)).toBe(true);
    expect(model.requests.length).toBeGreaterThan(0);
    for (const request of model.requests) {
      // The seeded paid prompt, its placeholders filled with names: nothing left for the model to guess.
      expect(systemOf(request)).toContain("Reader's location: state: Illinois; country: United States.");
      expect(systemOf(request)).not.toMatch(/\{\{(?:STATE|COUNTRY)\}\}/);
    }
    // A model does check the state's law: no warning that it was left out.
    expect(result.ok && result.value.metadata.warnings).toEqual([]);
  });

  it('names another country the same way, and a Citizen gets the federal prompt without any state', async () => {
    await useCaseWith(create(), levyOrdinancePages()).execute(input({ jurisdiction: { country: 'FR', state: null } }));
    expect(systemOf(model.requests[0])).toContain("Reader's location: state: no particular state (federal level); country: France.");

    model.reset();
    await useCaseWith(create(), levyOrdinancePages()).execute(input({ paidTier: false, jurisdiction: { country: 'US', state: null } }));
    expect(systemOf(model.requests[0])).toContain('at the federal level of the United States');
    expect(systemOf(model.requests[0])).not.toContain('Illinois');
  });

  it('gives the model the facts found offline whose quote is on their page, as verified anchors with their pages', async () => {
    const understanding: DocumentUnderstanding = {
      kind: 'ordinance',
      date: '2020-07-15',
      facts: [
        { type: 'rate', statement: 'The district levies a special tax of .02% of the value of taxable property.', quote: 'a special tax of .02% of the value of all taxable property', page: 1 },
        { type: 'date', statement: 'The ordinance was published on July 23, 2020.', quote: 'the Ordinance was published on July 23, 2020', page: 3 },
        // Not on page 2: a finder's mistake must not reach the model as verified.
        { type: 'amount', statement: 'The levy raises $95,000.', quote: 'levy of $95,000', page: 2 },
      ],
    };
    const result = await useCaseWith(create(), levyOrdinancePages(), understanding).execute(input());

    expect(result.ok, JSON.stringify(result)).toBe(true);
    const [request] = model.requests;
    const user = request?.body.messages.find((m) => m.role === 'user')?.content ?? '';
    expect(user).toContain([
      '<verified-facts>',
      '- page 1 (rate): The district levies a special tax of .02% of the value of taxable property. Quote: "a special tax of .02% of the value of all taxable property"',
      '- page 3 (date): The ordinance was published on July 23, 2020. Quote: "the Ordinance was published on July 23, 2020"',
      '</verified-facts>',
    ].join('\n'));
    expect(request?.rawBody).not.toContain('95,000');
    expect(systemOf(request)).toContain('They are verified: build your analysis on them');
  });

  it('flags an amount and a date the model invented, on their points and in the warnings, and never shows them verified', async () => {
    const invented = aDraft({
      summary: 'The Warrenville Public Library District levies a special tax of .02% for the 2020-2021 fiscal year.',
      keyInsights: [
        'The special tax is .02% of the value of all taxable property.',
        'The levy will raise $2,500,000 for new library buildings.',
      ],
      citizenAction: ['Comment before the Board votes again on September 1, 2021.', 'Read the notice published on July 23, 2020.'],
      sentiment: { rating: 3, confidence: 0.7 },
      citations: [
        { section: 'summary', index: 0, page: 1, quote: 'ADDITIONAL TAX OF .02%' },
        { section: 'keyInsights', index: 0, page: 1, quote: 'a special tax of .02% of the value of all taxable property' },
        { section: 'keyInsights', index: 1, page: 1, quote: 'for the purchase of sites and buildings' },
        { section: 'citizenAction', index: 0, page: 2, quote: 'pursuant to a roll call vote' },
        { section: 'citizenAction', index: 1, page: 3, quote: 'the Ordinance was published on July 23, 2020' },
      ],
    });
    model.enqueue({ kind: 'content', content: JSON.stringify(invented) });
    const result = await useCaseWith(create(), levyOrdinancePages()).execute(input());
    if (!result.ok) throw new Error(result.error.code);

    expect(result.value.keyInsights[1]).toBe('The levy will raise $2,500,000 for new library buildings. (Check this: the document does not contain $2,500,000.)');
    expect(result.value.citizenAction[0]).toBe(
      'Comment before the Board votes again on September 1, 2021. (Check this: the document does not contain September 1, 2021.)');
    expect(result.value.metadata.warnings).toEqual(['The analysis mentions $2,500,000 and September 1, 2021, which the document does not contain.']);
    // Every quote is on its page; only the points with an invented figure lose their check mark.
    expect(result.value.citations.map((c) => [c.section, c.index, c.verified])).toEqual([
      ['summary', 0, true], ['keyInsights', 0, true], ['keyInsights', 1, false], ['citizenAction', 0, false], ['citizenAction', 1, true],
    ]);
    // The figures the document does contain, in the model's own forms, pass.
    expect(result.value.summary).toBe(invented.summary);
    expect(result.value.keyInsights[0]).toBe(invented.keyInsights[0]);
    expect(result.value.citizenAction[1]).toBe(invented.citizenAction[1]);
  });
});
