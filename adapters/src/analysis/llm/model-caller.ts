import { err, ok, type DomainError, type Result } from '@civicwatch/core';
import { ModelCallError, type AnalyzerLogger, type ChatMessage, type ChatModel } from './chat-model.ts';
import { backoffDelay, type RetryPolicy, type Sleep } from './retry-policy.ts';
import { analyzerUnavailable } from './analyzer-errors.ts';

export interface ModelCallSettings {
  /** Per request, each retry included. */
  timeoutMs: number;
  retry: RetryPolicy;
  sleep: Sleep;
  random: () => number;
  logger: AnalyzerLogger | undefined;
}

/**
 * One question to a chat model, asked again while the service fails in a way worth retrying (a timeout, a
 * network error, 408/409/429/5xx), as the retry policy allows. Answers the model's raw text, or
 * `analyzer.unavailable`; throws the signal's reason once aborted. Shared by the analysis and the wording of a
 * comparison, so every model call behaves alike.
 */
export class ModelCaller {
  constructor(
    private readonly model: ChatModel,
    private readonly settings: ModelCallSettings,
  ) {}

  async call(messages: readonly ChatMessage[], signal: AbortSignal): Promise<Result<string, DomainError>> {
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
