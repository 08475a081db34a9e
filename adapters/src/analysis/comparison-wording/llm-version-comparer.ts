import type { ComparedVersion, ComparisonDraft, DocumentAnalyzer, VersionComparer } from '@civicwatch/core';
import { RuleBasedVersionComparer } from '../comparison/rule-based-version-comparer.ts';
import type { AnalyzerLogger, ChatModel } from '../llm/chat-model.ts';
import type { LlmAnalyzerSettings } from '../llm/llm-analysis-pipeline.ts';
import { ModelCaller } from '../llm/model-caller.ts';
import { defaultRetryPolicy, realSleep, type RetryPolicy, type Sleep } from '../llm/retry-policy.ts';
import { applyWording } from './wording-check.ts';
import { readWording, wordableChanges, wordingMessages } from './wording-prompt.ts';

/** Knobs with production defaults; tests inject `sleep` and `random` so retries take no time. */
export interface LlmVersionComparerOptions {
  retry?: Partial<RetryPolicy>;
  sleep?: Sleep;
  random?: () => number;
  logger?: AnalyzerLogger;
  /** What finds the changes; the rules of ADR 0022 unless a test says otherwise. */
  offline?: VersionComparer;
}

/**
 * The comparison's own wording stands whenever the model's cannot: one retry for a blip of the service, not
 * the analysis's four, since a complete comparison is waiting and the reader would rather have it now.
 */
const wordingRetry: RetryPolicy = { ...defaultRetryPolicy, maxAttempts: 2 };

export const MODEL_UNAVAILABLE_WARNING =
  'The language model did not answer, so the changes are told in the comparison\'s own words.';
export const WORDING_UNUSABLE_WARNING =
  'The language model\'s wording could not be used (it did not word each change once), so the changes are told in the comparison\'s own words.';

/**
 * Compares two versions with a language model's words (issue 17): the offline comparison finds the changes,
 * their quotes and their order (ADR 0022); the model then rewrites its summary and each change's statement in
 * plain English, never adding or dropping one; and every figure the model writes is checked against both
 * versions (`applyWording`). When the model fails, answers off-schema or words another number of changes, the
 * offline comparison is answered whole, with a warning: a comparison does not fail for want of nicer words.
 */
export class LlmVersionComparer implements VersionComparer {
  readonly model: string;
  private readonly caller: ModelCaller;
  private readonly offline: VersionComparer;
  private readonly logger: AnalyzerLogger | undefined;

  constructor(
    readonly analyzer: Exclude<DocumentAnalyzer['name'], 'embedded'>,
    chatModel: ChatModel,
    private readonly settings: LlmAnalyzerSettings,
    options: LlmVersionComparerOptions = {},
  ) {
    this.model = settings.model;
    this.offline = options.offline ?? new RuleBasedVersionComparer();
    this.logger = options.logger;
    this.caller = new ModelCaller(chatModel, {
      timeoutMs: settings.timeoutMs,
      retry: { ...wordingRetry, ...options.retry },
      sleep: options.sleep ?? realSleep,
      random: options.random ?? Math.random,
      logger: options.logger,
    });
  }

  async compare(earlier: ComparedVersion, later: ComparedVersion, options: { signal?: AbortSignal } = {}): Promise<ComparisonDraft> {
    const draft = await this.offline.compare(earlier, later, options);
    // "No substantive change" is said in the comparison's own words: there is nothing for a model to word.
    const count = wordableChanges(draft, this.settings.contextTokens);
    if (count === 0) return draft;

    const answer = await this.caller.call(wordingMessages(draft, count), options.signal ?? new AbortController().signal);
    if (!answer.ok) return withWarning(draft, MODEL_UNAVAILABLE_WARNING);
    const wording = readWording(answer.value, count);
    if (!wording.ok) {
      // No document text in logs (docs/product/accounts.md "Privacy promise"): the problem says only what was wrong.
      this.logger?.warn({ problem: wording.problem }, 'LLM wording of a comparison is unusable; keeping the comparison\'s own');
      return withWarning(draft, WORDING_UNUSABLE_WARNING);
    }
    return applyWording(draft, wording.wording, { earlier: earlier.pages, later: later.pages });
  }
}

const withWarning = (draft: ComparisonDraft, warning: string): ComparisonDraft => ({ ...draft, warnings: [...(draft.warnings ?? []), warning] });
