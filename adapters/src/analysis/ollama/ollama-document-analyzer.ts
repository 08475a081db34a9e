// Imported only when the configuration chooses Ollama (the composition root uses `await import()`),
// so the SDK loads only then.
import { Ollama } from 'ollama';
import { z } from 'zod';
import type {
  AnalysisRequest,
  AnalyzerOutput,
  DocumentAnalyzer,
  DomainError,
  Result,
} from '@civicwatch/core';
import type { AppConfig } from '../../config/config.ts';
import {
  draftAnswerFormat, isRetryableStatus, ModelCallError, retryAfterFromHeaders, type AnswerFormat, type ChatMessage, type ChatModel,
} from '../llm/chat-model.ts';
import { LlmAnalysisPipeline, type LlmAnalyzerOptions } from '../llm/llm-analysis-pipeline.ts';

export type OllamaAnalyzerConfig = Omit<Extract<AppConfig['analyzer'], { kind: 'ollama' }>, 'kind'>;

export interface OllamaAnalyzerOptions extends LlmAnalyzerOptions {
  /** Defaults to the global fetch, looked up at each call. */
  fetch?: typeof fetch;
}

/** Ollama's `/api/chat` with `format` set to the JSON schema of the answer. */
export class OllamaChatModel implements ChatModel {
  private readonly format: Record<string, unknown>;

  constructor(private readonly config: OllamaAnalyzerConfig, private readonly fetchFn: typeof fetch | undefined, format: AnswerFormat = draftAnswerFormat) {
    this.format = z.toJSONSchema(format.schema);
  }

  async complete(messages: readonly ChatMessage[], signal: AbortSignal): Promise<string> {
    // The SDK passes no signal on non-streamed calls and its errors carry no headers: a client per call,
    // over a fetch that adds our signal and remembers the answer's status and headers, covers both.
    let answered: Response | undefined;
    const client = new Ollama({
      host: this.config.host,
      fetch: async (input, init) => {
        answered = await (this.fetchFn ?? globalThis.fetch)(input, { ...init, signal });
        return answered;
      },
    });
    try {
      const response = await client.chat({
        model: this.config.model,
        messages: [...messages],
        format: this.format,
        stream: false,
        // Ollama's default context is a few thousand tokens whatever the model supports; our chunks
        // are sized for `contextTokens`. Temperature 0, as Ollama recommends for structured output.
        options: { num_ctx: this.config.contextTokens, temperature: 0 },
      });
      return response.message.content;
    } catch (error) {
      if (signal.aborted) throw error;
      if (answered && !answered.ok) {
        throw new ModelCallError(`Ollama at ${this.config.host} answered ${answered.status}: ${(error as Error).message}`,
          isRetryableStatus(answered.status), retryAfterFromHeaders(answered.headers), { cause: error });
      }
      if (!answered) {
        // Node's fetch rejects with "fetch failed" when the server cannot be reached (refused, DNS, reset).
        throw new ModelCallError(`cannot reach Ollama at ${this.config.host}: ${(error as Error).message}`, true, undefined, { cause: error });
      }
      throw new ModelCallError(`Ollama at ${this.config.host} sent an unreadable answer: ${(error as Error).message}`, false, undefined, { cause: error });
    }
  }
}

/**
 * Analyses with a model served by Ollama (`/api/chat`, `format` set to the draft's JSON schema).
 * Build it from `AppConfig.analyzer` when `kind === 'ollama'`.
 */
export class OllamaDocumentAnalyzer implements DocumentAnalyzer {
  readonly name = 'ollama' as const;
  private readonly pipeline: LlmAnalysisPipeline;

  constructor(config: OllamaAnalyzerConfig, options: OllamaAnalyzerOptions = {}) {
    // One call at a time by default: a local Ollama queues parallel requests, and queued time would
    // count against each request's timeout.
    this.pipeline = new LlmAnalysisPipeline('ollama', new OllamaChatModel(config, options.fetch), config, { ...options, concurrency: options.concurrency ?? 1 });
  }

  analyze(request: AnalysisRequest, options?: { signal?: AbortSignal }): Promise<Result<AnalyzerOutput, DomainError>> {
    return this.pipeline.analyze(request, options);
  }
}
