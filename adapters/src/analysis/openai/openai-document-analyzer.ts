// Imported only when the configuration chooses OpenAI (the composition root uses `await import()`),
// so the SDK loads only then.
import OpenAI, { APIConnectionError, APIError } from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import {
  type AnalysisRequest,
  type AnalyzerOutput,
  type DocumentAnalyzer,
  type DomainError,
  type Result,
} from '@civicwatch/core';
import type { AppConfig } from '../../config/config.ts';
import {
  draftAnswerFormat, isRetryableStatus, ModelCallError, retryAfterFromHeaders, type AnswerFormat, type ChatMessage, type ChatModel,
} from '../llm/chat-model.ts';
import { LlmAnalysisPipeline, type LlmAnalyzerOptions } from '../llm/llm-analysis-pipeline.ts';

export type OpenAiAnalyzerConfig = Omit<Extract<AppConfig['analyzer'], { kind: 'openai' }>, 'kind'>;

export interface OpenAiAnalyzerOptions extends LlmAnalyzerOptions {
  /** Defaults to the global fetch, looked up at each call. */
  fetch?: typeof fetch;
}

/**
 * Chat Completions rather than Responses: the API that OpenAI-compatible servers (vLLM, LM Studio, llama.cpp…) implement.
 * Structured output in its strict form: the SDK's helper turns the zod 4 schema of the answer into a schema the
 * API accepts with `strict: true` (every property required, no additional ones).
 */
export class OpenAiChatModel implements ChatModel {
  private readonly client: OpenAI;
  private readonly responseFormat: ReturnType<typeof zodResponseFormat>;

  constructor(private readonly config: OpenAiAnalyzerConfig, fetchFn: typeof fetch | undefined, format: AnswerFormat = draftAnswerFormat) {
    this.responseFormat = zodResponseFormat(format.schema, format.name);
    this.client = new OpenAI({
      apiKey: config.apiKey,
      baseURL: config.baseUrl,
      // Retries and timeouts are the pipeline's, identical for every analyzer.
      maxRetries: 0,
      timeout: config.timeoutMs,
      fetch: fetchFn ?? ((input, init) => globalThis.fetch(input, init)),
    });
  }

  async complete(messages: readonly ChatMessage[], signal: AbortSignal): Promise<string> {
    try {
      const completion = await this.client.chat.completions.create(
        { model: this.config.model, messages: [...messages], response_format: this.responseFormat },
        { signal },
      );
      // A refusal or an empty choice list leaves no content: validation then asks for a repair.
      return completion.choices[0]?.message.content ?? '';
    } catch (error) {
      if (signal.aborted) throw error;
      if (error instanceof APIConnectionError) {
        throw new ModelCallError(`cannot reach ${this.client.baseURL}: ${error.message}`, true, undefined, { cause: error });
      }
      if (error instanceof APIError && typeof error.status === 'number') {
        throw new ModelCallError(`${this.client.baseURL} answered ${error.status}: ${error.message}`,
          isRetryableStatus(error.status), retryAfterFromHeaders(error.headers), { cause: error });
      }
      // An answer that is not a chat completion at all (a proxy's page, a body cut short, another API): the
      // service is not working, as Ollama's adapter says of an unreadable answer. Thrown further, it would
      // fail the job as a bug and be retried as one (ADR 0012).
      throw new ModelCallError(`${this.client.baseURL} sent an unreadable answer: ${(error as Error).message}`, false, undefined, { cause: error });
    }
  }
}

/**
 * Analyses with OpenAI's Chat Completions API, or any OpenAI-compatible server via `baseUrl`.
 * Build it from `AppConfig.analyzer` when `kind === 'openai'`.
 */
export class OpenAiDocumentAnalyzer implements DocumentAnalyzer {
  readonly name = 'openai' as const;
  private readonly pipeline: LlmAnalysisPipeline;

  constructor(config: OpenAiAnalyzerConfig, options: OpenAiAnalyzerOptions = {}) {
    // Hosted APIs serve parallel requests; two keep a long document quick without tripping rate limits.
    this.pipeline = new LlmAnalysisPipeline('openai', new OpenAiChatModel(config, options.fetch), config, { ...options, concurrency: options.concurrency ?? 2 });
  }

  analyze(request: AnalysisRequest, options?: { signal?: AbortSignal }): Promise<Result<AnalyzerOutput, DomainError>> {
    return this.pipeline.analyze(request, options);
  }
}
