import { afterAll, afterEach, beforeAll } from 'vitest';
import { setupServer } from 'msw/node';
import { describeDocumentAnalyzerContract } from './document-analyzer.contract.ts';
import { EmbeddedDocumentAnalyzer } from './embedded/embedded-document-analyzer.ts';
import { FakeLanguageModel } from './llm/testing/fake-language-model.ts';
import { OpenAiDocumentAnalyzer } from './openai/openai-document-analyzer.ts';
import { fakeOpenAiBaseUrl, openAiChatApiHandlers } from './openai/openai-chat-api.fake.ts';
import { OllamaDocumentAnalyzer } from './ollama/ollama-document-analyzer.ts';
import { fakeOllamaHost, ollamaChatApiHandlers } from './ollama/ollama-chat-api.fake.ts';

const openAiModel = new FakeLanguageModel();
const ollamaModel = new FakeLanguageModel();
const server = setupServer(...openAiChatApiHandlers(openAiModel), ...ollamaChatApiHandlers(ollamaModel));

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

// Offline: no model, so only the properties every analyzer shares.
describeDocumentAnalyzerContract({ name: 'embedded', create: () => new EmbeddedDocumentAnalyzer() });

describeDocumentAnalyzerContract({
  name: 'openai',
  model: openAiModel,
  create: ({ contextTokens, timeoutMs, sleep }) => new OpenAiDocumentAnalyzer(
    { apiKey: 'sk-test', baseUrl: fakeOpenAiBaseUrl, model: 'gpt-4o-mini', contextTokens, timeoutMs },
    { sleep },
  ),
});

describeDocumentAnalyzerContract({
  name: 'ollama',
  model: ollamaModel,
  create: ({ contextTokens, timeoutMs, sleep }) => new OllamaDocumentAnalyzer(
    { host: fakeOllamaHost, model: 'llama3.1', contextTokens, timeoutMs },
    { sleep },
  ),
});
