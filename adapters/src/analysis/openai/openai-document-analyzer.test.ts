import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { FakeLanguageModel } from '../llm/testing/fake-language-model.ts';
import { analysisRequest, levyOrdinancePages } from '../llm/testing/corpus-pages.ts';
import { OpenAiDocumentAnalyzer } from './openai-document-analyzer.ts';
import { fakeOpenAiBaseUrl, openAiChatApiHandlers } from './openai-chat-api.fake.ts';

const model = new FakeLanguageModel();
const selfHostedUrl = 'http://vllm.internal:8000/v1';
const server = setupServer(...openAiChatApiHandlers(model), ...openAiChatApiHandlers(model, selfHostedUrl));
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const sleeps: number[] = [];
const warnings: string[] = [];
beforeEach(() => {
  model.reset();
  sleeps.length = 0;
  warnings.length = 0;
});

const analyzer = (baseUrl: string | undefined = fakeOpenAiBaseUrl) => new OpenAiDocumentAnalyzer(
  { apiKey: 'sk-test', baseUrl, model: 'gpt-4o-mini', contextTokens: 12_000, timeoutMs: 5_000 },
  {
    sleep: async (ms) => void sleeps.push(ms),
    logger: { warn: (_details, message) => void warnings.push(message) },
  },
);

describe('OpenAiDocumentAnalyzer', () => {
  it('asks Chat Completions for strict structured output with the draft schema, as the configured model', async () => {
    const result = await analyzer().analyze(analysisRequest(levyOrdinancePages()));

    expect(result).toMatchObject({ ok: true, value: { analyzer: 'openai', model: 'gpt-4o-mini' } });
    const [request] = model.requests;
    expect(request?.url).toBe(`${fakeOpenAiBaseUrl}/chat/completions`);
    expect(request?.headers.get('authorization')).toBe('Bearer sk-test');
    expect(request?.body).toMatchObject({
      model: 'gpt-4o-mini',
      messages: [{ role: 'system' }, { role: 'user' }],
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'analyzer_draft', strict: true, schema: { type: 'object', additionalProperties: false } },
      },
    });
    const schema = (request?.body.response_format as { json_schema: { schema: { required: string[] } } }).json_schema.schema;
    expect(schema.required).toEqual(['summary', 'keyInsights', 'constitutionalIssues', 'citizenAction', 'legalRisks', 'sentiment', 'citations']);
  });

  it('talks to any OpenAI-compatible server at the configured base URL', async () => {
    const result = await analyzer(selfHostedUrl).analyze(analysisRequest(levyOrdinancePages()));
    expect(result.ok).toBe(true);
    expect(model.requests[0]?.url).toBe(`${selfHostedUrl}/chat/completions`);
  });

  it('does not retry a refused API key, and tells the operator why in the log', async () => {
    model.always({ kind: 'status', status: 401 });
    const result = await analyzer().analyze(analysisRequest(levyOrdinancePages()));

    expect(result).toMatchObject({ ok: false, error: { code: 'analyzer.unavailable' } });
    // One request: neither the SDK nor the pipeline retried.
    expect(model.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
    expect(warnings).toEqual(['LLM service failed; giving up']);
  });

  it('retries when the server cannot be reached, then gives up', async () => {
    server.use(http.post(`${fakeOpenAiBaseUrl}/chat/completions`, () => HttpResponse.error()));
    const result = await analyzer().analyze(analysisRequest(levyOrdinancePages()));

    expect(result).toMatchObject({ ok: false, error: { code: 'analyzer.unavailable' } });
    expect(sleeps).toHaveLength(3);
  });
});
