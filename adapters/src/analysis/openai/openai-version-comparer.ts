// Imported only when the configuration chooses OpenAI (the composition root uses `await import()`), as the analyzer is.
import { LlmVersionComparer, type LlmVersionComparerOptions } from '../comparison-wording/llm-version-comparer.ts';
import { comparisonWordingFormat } from '../comparison-wording/wording-prompt.ts';
import { OpenAiChatModel, type OpenAiAnalyzerConfig } from './openai-document-analyzer.ts';

export interface OpenAiVersionComparerOptions extends LlmVersionComparerOptions {
  /** Defaults to the global fetch, looked up at each call. */
  fetch?: typeof fetch;
}

/**
 * Comparisons worded by the model the analyses use, through OpenAI's Chat Completions API or any
 * OpenAI-compatible server. Build it from `AppConfig.analyzer` when `kind === 'openai'`.
 */
export class OpenAiVersionComparer extends LlmVersionComparer {
  constructor(config: OpenAiAnalyzerConfig, options: OpenAiVersionComparerOptions = {}) {
    super('openai', new OpenAiChatModel(config, options.fetch, comparisonWordingFormat), config, options);
  }
}
