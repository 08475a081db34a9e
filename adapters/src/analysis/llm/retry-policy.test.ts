import { describe, expect, it } from 'vitest';
import { retryAfterFromHeaders } from './chat-model.ts';
import { backoffDelay, defaultRetryPolicy } from './retry-policy.ts';

describe('backoffDelay', () => {
  it('doubles, with jitter taking off at most half, up to the ceiling', () => {
    const low = [1, 2, 3, 4, 5, 6].map((attempt) => backoffDelay(defaultRetryPolicy, attempt, undefined, () => 0));
    const high = [1, 2, 3, 4, 5, 6].map((attempt) => backoffDelay(defaultRetryPolicy, attempt, undefined, () => 1));
    expect(low).toEqual([500, 1_000, 2_000, 4_000, 8_000, 10_000]);
    expect(high).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 20_000]);
  });

  it('honours Retry-After, and refuses to wait longer than the policy allows', () => {
    expect(backoffDelay(defaultRetryPolicy, 1, 7_000, () => 0)).toBe(7_000);
    expect(backoffDelay(defaultRetryPolicy, 1, 7_000, () => 1)).toBe(7_700);
    expect(backoffDelay(defaultRetryPolicy, 1, 120_000, () => 0)).toBeUndefined();
  });
});

describe('retryAfterFromHeaders', () => {
  const now = () => Date.parse('2025-03-10T12:00:00Z');
  it('reads seconds, HTTP dates and retry-after-ms', () => {
    expect(retryAfterFromHeaders(new Headers({ 'retry-after': '2' }), now)).toBe(2_000);
    expect(retryAfterFromHeaders(new Headers({ 'retry-after': 'Mon, 10 Mar 2025 12:00:30 GMT' }), now)).toBe(30_000);
    expect(retryAfterFromHeaders(new Headers({ 'retry-after-ms': '350', 'retry-after': '1' }), now)).toBe(350);
  });

  it('is undefined when absent or unreadable', () => {
    expect(retryAfterFromHeaders(undefined)).toBeUndefined();
    expect(retryAfterFromHeaders(new Headers())).toBeUndefined();
    expect(retryAfterFromHeaders(new Headers({ 'retry-after': 'soon' }))).toBeUndefined();
  });
});
