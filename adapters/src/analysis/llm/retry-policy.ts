import { setTimeout as delay } from 'node:timers/promises';

/** Waits `ms`, or rejects with the signal's reason once it is aborted. Injectable so tests do not wait. */
export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;

export const realSleep: Sleep = (ms, signal) => delay(ms, undefined, { signal });

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** Backoff before the second attempt; doubles each time, then jitter takes off up to half. */
  baseDelayMs: number;
  maxDelayMs: number;
  /**
   * A `Retry-After` longer than this is not waited for: the citizen is waiting, so we fail now with
   * `analyzer.unavailable` instead of holding the request for minutes.
   */
  maxRetryAfterMs: number;
}

export const defaultRetryPolicy: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 1_000,
  maxDelayMs: 20_000,
  maxRetryAfterMs: 60_000,
};

/**
 * Milliseconds before attempt `attempt + 1` (attempt counts from 1), or undefined when the service
 * asked for a wait longer than the policy allows. "Equal jitter": half the exponential delay plus a
 * random part of the other half, so clients that failed together do not come back together, and never
 * near zero. A `Retry-After` is honoured as a minimum, with up to 10% jitter on top.
 */
export function backoffDelay(
  policy: RetryPolicy,
  attempt: number,
  retryAfterMs: number | undefined,
  random: () => number,
): number | undefined {
  if (retryAfterMs !== undefined) {
    if (retryAfterMs > policy.maxRetryAfterMs) return undefined;
    return Math.round(retryAfterMs * (1 + 0.1 * random()));
  }
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(exponential / 2 + (exponential / 2) * random());
}
