// Imported only when the configuration chooses Ollama (the composition root uses `await import()`), as the analyzer is.
import { LlmVersionComparer, type LlmVersionComparerOptions } from '../comparison-wording/llm-version-comparer.ts';
import { comparisonWordingFormat } from '../comparison-wording/wording-prompt.ts';
import { OllamaChatModel, type OllamaAnalyzerConfig } from './ollama-document-analyzer.ts';

export interface OllamaVersionComparerOptions extends LlmVersionComparerOptions {
  /** Defaults to the global fetch, looked up at each call. */
  fetch?: typeof fetch;
}

/**
 * Comparisons worded by the model the analyses use, served by Ollama. Build it from `AppConfig.analyzer` when
 * `kind === 'ollama'`.
 */
export class OllamaVersionComparer extends LlmVersionComparer {
  constructor(config: OllamaAnalyzerConfig, options: OllamaVersionComparerOptions = {}) {
    super('ollama', new OllamaChatModel(config, options.fetch, comparisonWordingFormat), config, options);
  }
}
