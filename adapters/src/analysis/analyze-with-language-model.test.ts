import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setupServer } from 'msw/node';
import { AnalyzeDocument, ok, systemClock, type AnalyzeDocumentInput, type DocumentAnalyzer, type ExtractedPage, type TextExtractor } from '@civicwatch/core';
import { FixedFactFinder, FixedLanguageDetector } from '@civicwatch/core/testing/fakes.ts';
import type { DocumentUnderstanding } from '@civicwatch/core/analysis/fact-finder.port.ts';
import { InMemoryUnitOfWork } from '../persistence/in-memory/in-memory-unit-of-work.ts';
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

const pagesOf = (pages: ExtractedPage[]): TextExtractor => ({ extract: async () => ok(pages) });

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
});
