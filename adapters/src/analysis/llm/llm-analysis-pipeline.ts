import {
  ok,
  type AnalysisRequest,
  type AnalyzerOutput,
  type DocumentAnalyzer,
  type DomainError,
  type Result,
} from '@civicwatch/core';
import type { AnalyzerLogger, ChatModel } from './chat-model.ts';
import { estimateTokens } from './document-chunker.ts';
import { DraftGenerator } from './draft-generator.ts';
import { analyzeInChunks } from './map-reduce.ts';
import { buildSystemPrompt, promptVersionOf, verifiedFactsBlock } from './prompt-framing.ts';
import { defaultRetryPolicy, realSleep, type RetryPolicy, type Sleep } from './retry-policy.ts';

/** What every LLM analyzer takes from `AppConfig.analyzer`. */
export interface LlmAnalyzerSettings {
  model: string;
  /** The model's context window for one call: system prompt, data and answer together. */
  contextTokens: number;
  /** Per request to the model. */
  timeoutMs: number;
}

/** Knobs with production defaults; tests inject `sleep` and `random` so retries take no time. */
export interface LlmAnalyzerOptions {
  retry?: Partial<RetryPolicy>;
  sleep?: Sleep;
  random?: () => number;
  /** Model calls in flight at once during the map and reduce steps. */
  concurrency?: number;
  logger?: AnalyzerLogger;
}

/** Room for the instructions of a map or reduce message around its data blocks. */
const userFrameTokens = 400;
/** Below this a chunk holds too little text to be worth a call; a tiny context is then overrun, not starved. */
const minChunkTokens = 500;

/**
 * Room left for the model's answer. A quarter of the context, within bounds: a draft with its
 * citations runs to about 1,000–2,500 tokens.
 */
export function answerReserveTokens(contextTokens: number): number {
  return Math.min(4_096, Math.max(512, Math.round(contextTokens / 4)));
}

/** Tokens of data (pages or partial drafts) one call may carry under `contextTokens`. */
export function dataBudgetTokens(contextTokens: number, systemPrompt: string): number {
  const used = estimateTokens(systemPrompt) + userFrameTokens + answerReserveTokens(contextTokens);
  return Math.max(minChunkTokens, contextTokens - used);
}

/** At most this share of a call's data budget goes to verified facts: they anchor the pages, they do not replace them. */
const factsShare = 1 / 4;

/**
 * Tokens set aside in each call for the verified facts of its pages: what all of them take, up to a share of
 * the budget. A call given fewer facts (a chunk of a long document) spends less; none is given more.
 */
export function factsBudgetTokens(request: Pick<AnalysisRequest, 'understanding'>, dataTokens: number): number {
  const all = verifiedFactsBlock(request.understanding.facts, Number.POSITIVE_INFINITY);
  return Math.min(estimateTokens(all), Math.floor(dataTokens * factsShare));
}

/**
 * The technology-neutral part of the OpenAI and Ollama analyzers: prompt framing, chunking, map →
 * reduce, validation with one repair, retries and timeouts. Each adapter adds only its `ChatModel`.
 */
export class LlmAnalysisPipeline {
  private readonly generator: DraftGenerator;
  private readonly concurrency: number;

  constructor(
    readonly analyzer: Exclude<DocumentAnalyzer['name'], 'embedded'>,
    chatModel: ChatModel,
    private readonly settings: LlmAnalyzerSettings,
    options: LlmAnalyzerOptions = {},
  ) {
    this.concurrency = Math.max(1, options.concurrency ?? 1);
    this.generator = new DraftGenerator(chatModel, {
      timeoutMs: settings.timeoutMs,
      retry: { ...defaultRetryPolicy, ...options.retry },
      sleep: options.sleep ?? realSleep,
      random: options.random ?? Math.random,
      logger: options.logger,
    });
  }

  async analyze(
    request: AnalysisRequest,
    options: { signal?: AbortSignal; onPart?: (part: number, parts: number) => void } = {},
  ): Promise<Result<AnalyzerOutput, DomainError>> {
    const signal = options.signal ?? new AbortController().signal;
    const systemPrompt = buildSystemPrompt(request.prompt);
    const dataTokens = dataBudgetTokens(this.settings.contextTokens, systemPrompt);
    const factsTokens = factsBudgetTokens(request, dataTokens);
    const draft = await analyzeInChunks(this.generator, {
      pages: request.pages,
      title: request.title,
      systemPrompt,
      budgetTokens: dataTokens - factsTokens,
      facts: request.understanding.facts,
      factsTokens,
      concurrency: this.concurrency,
      onPart: options.onPart,
    }, signal);
    if (!draft.ok) return draft;
    return ok({
      draft: draft.value,
      analyzer: this.analyzer,
      model: this.settings.model,
      promptVersion: promptVersionOf(systemPrompt),
    });
  }
}
