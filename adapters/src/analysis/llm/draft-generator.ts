import { err, ok, type AnalyzerDraft, type DomainError, type Result } from '@civicwatch/core';
import { ModelCallError, type AnalyzerLogger, type ChatMessage, type ChatModel } from './chat-model.ts';
import { backoffDelay, type RetryPolicy, type Sleep } from './retry-policy.ts';
import { parseDraft, sanitizeDraft, type DraftParse } from './draft-sanitizer.ts';
import { repairUserMessage } from './prompt-framing.ts';
import { analyzerInvalidOutput, analyzerUnavailable } from './analyzer-errors.ts';

export interface DraftGeneratorSettings {
  /** Per request, each retry and the repair included. */
  timeoutMs: number;
  retry: RetryPolicy;
  sleep: Sleep;
  random: () => number;
  logger: AnalyzerLogger | undefined;
}

/** The part of an off-schema answer sent back for repair: enough to fix, not a second document. */
const maxEchoedAnswerChars = 8_000;

/**
 * One model call that must produce a draft: retries what is worth retrying, then gives the model one
 * chance to repair an off-schema answer. Returns `analyzer.unavailable` / `analyzer.invalid_output`;
 * throws the signal's reason once aborted.
 */
export class DraftGenerator {
  constructor(
    private readonly model: ChatModel,
    private readonly settings: DraftGeneratorSettings,
  ) {}

  /** The draft, with citations restricted to `validPages` (the pages the model was shown). */
  async generate(
    messages: readonly ChatMessage[],
    validPages: ReadonlySet<number>,
    signal: AbortSignal,
  ): Promise<Result<AnalyzerDraft, DomainError>> {
    const first = await this.call(messages, signal);
    if (!first.ok) return first;
    let parsed = parseDraft(first.value);
    if (!parsed.ok) {
      this.settings.logger?.warn(logDetails(parsed), 'LLM answer is off-schema; asking for a repair');
      const repair: ChatMessage[] = [
        ...messages,
        { role: 'assistant', content: first.value.slice(0, maxEchoedAnswerChars) },
        { role: 'user', content: repairUserMessage(parsed.problem) },
      ];
      const second = await this.call(repair, signal);
      if (!second.ok) return second;
      parsed = parseDraft(second.value);
      if (!parsed.ok) {
        this.settings.logger?.warn(logDetails(parsed), 'LLM answer is still off-schema after the repair');
        return err(analyzerInvalidOutput);
      }
    }
    return ok(sanitizeDraft(parsed.draft, validPages));
  }

  private async call(messages: readonly ChatMessage[], signal: AbortSignal): Promise<Result<string, DomainError>> {
    const { timeoutMs, retry, sleep, random, logger } = this.settings;
    for (let attempt = 1; ; attempt++) {
      signal.throwIfAborted();
      const timeout = AbortSignal.timeout(timeoutMs);
      let failure: ModelCallError;
      try {
        return ok(await this.model.complete(messages, AbortSignal.any([signal, timeout])));
      } catch (error) {
        signal.throwIfAborted();
        if (timeout.aborted) failure = new ModelCallError(`no answer within ${timeoutMs} ms`, true, undefined, { cause: error });
        else if (error instanceof ModelCallError) failure = error;
        else throw error;
      }
      const wait = failure.retryable && attempt < retry.maxAttempts
        ? backoffDelay(retry, attempt, failure.retryAfterMs, random)
        : undefined;
      if (wait === undefined) {
        logger?.warn({ attempt, error: failure.message, retryable: failure.retryable }, 'LLM service failed; giving up');
        return err(analyzerUnavailable);
      }
      logger?.warn({ attempt, error: failure.message, waitMs: wait }, 'LLM service failed; retrying');
      await sleep(wait, signal);
    }
  }
}

/** No document text in logs (DECISIONS "Privacy promise"): see DraftParse. */
function logDetails(parsed: Extract<DraftParse, { ok: false }>): object {
  return parsed.kind === 'schema' ? { kind: parsed.kind, problem: parsed.problem } : { kind: parsed.kind };
}
