import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { z } from 'zod';
import { analyzerDraftSchema } from '@civicwatch/core';
import { FakeLanguageModel } from '../llm/testing/fake-language-model.ts';
import { analysisRequest, levyOrdinancePages } from '../llm/testing/corpus-pages.ts';
import { OllamaDocumentAnalyzer } from './ollama-document-analyzer.ts';
import { fakeOllamaHost, ollamaChatApiHandlers } from './ollama-chat-api.fake.ts';

const model = new FakeLanguageModel();
const server = setupServer(...ollamaChatApiHandlers(model));
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const sleeps: number[] = [];
const warnings: Array<{ details: object; message: string }> = [];
beforeEach(() => {
  model.reset();
  sleeps.length = 0;
  warnings.length = 0;
});

const analyzer = () => new OllamaDocumentAnalyzer(
  { host: fakeOllamaHost, model: 'llama3.1', contextTokens: 8_192, timeoutMs: 5_000 },
  {
    sleep: async (ms) => void sleeps.push(ms),
    logger: { warn: (details, message) => void warnings.push({ details, message }) },
  },
);

describe('OllamaDocumentAnalyzer', () => {
  it('calls /api/chat unstreamed, with the draft schema as `format` and a context sized to the setting', async () => {
    const result = await analyzer().analyze(analysisRequest(levyOrdinancePages()));

    expect(result).toMatchObject({ ok: true, value: { analyzer: 'ollama', model: 'llama3.1' } });
    const [request] = model.requests;
    expect(request?.url).toBe(`${fakeOllamaHost}/api/chat`);
    expect(request?.body).toMatchObject({
      model: 'llama3.1',
      stream: false,
      format: JSON.parse(JSON.stringify(z.toJSONSchema(analyzerDraftSchema))),
      options: { num_ctx: 8_192, temperature: 0 },
      messages: [{ role: 'system' }, { role: 'user' }],
    });
  });

  it('retries a busy server (503)', async () => {
    model.enqueue({ kind: 'status', status: 503 });
    const result = await analyzer().analyze(analysisRequest(levyOrdinancePages()));
    expect(result.ok).toBe(true);
    expect(model.requests).toHaveLength(2);
  });

  it('does not retry a missing model, and logs Ollama\'s reason', async () => {
    model.always({ kind: 'status', status: 404 });
    const result = await analyzer().analyze(analysisRequest(levyOrdinancePages()));

    expect(result).toMatchObject({ ok: false, error: { code: 'analyzer.unavailable' } });
    expect(model.requests).toHaveLength(1);
    expect(JSON.stringify(warnings)).toContain('model \\"llama3.1\\" not found');
  });

  it('retries when Ollama cannot be reached, then gives up', async () => {
    server.use(http.post(`${fakeOllamaHost}/api/chat`, () => HttpResponse.error()));
    const result = await analyzer().analyze(analysisRequest(levyOrdinancePages()));

    expect(result).toMatchObject({ ok: false, error: { code: 'analyzer.unavailable' } });
    expect(sleeps).toHaveLength(3);
  });
});
