import { describe, expect, it } from 'vitest';
import { SIGN_IN_SLOWDOWN_AFTER_FAILURES, signInDelayMs } from './auth-rate-limit.ts';

describe('the sign-in slow-down of an account that keeps failing', () => {
  const defaults = { firstDelayMs: 500, maxDelayMs: 8_000 };
  const schedule = (slowdown = defaults, upTo = SIGN_IN_SLOWDOWN_AFTER_FAILURES + 8) =>
    Array.from({ length: upTo + 1 }, (_, failures) => signInDelayMs(failures, slowdown));

  it('lets a few typos through without waiting', () => {
    expect(schedule().slice(0, SIGN_IN_SLOWDOWN_AFTER_FAILURES)).toEqual(Array(SIGN_IN_SLOWDOWN_AFTER_FAILURES).fill(0));
  });

  it('then waits half a second, doubling with each failure, up to eight seconds', () => {
    expect(schedule().slice(SIGN_IN_SLOWDOWN_AFTER_FAILURES)).toEqual([500, 1_000, 2_000, 4_000, 8_000, 8_000, 8_000, 8_000, 8_000]);
    expect(signInDelayMs(1_000_000, defaults)).toBe(8_000);
  });

  it('follows the configured delays', () => {
    expect(schedule({ firstDelayMs: 10, maxDelayMs: 80 }).slice(SIGN_IN_SLOWDOWN_AFTER_FAILURES, SIGN_IN_SLOWDOWN_AFTER_FAILURES + 5)).toEqual([10, 20, 40, 80, 80]);
    expect(schedule({ firstDelayMs: 0, maxDelayMs: 0 }).every((ms) => ms === 0)).toBe(true);
  });
});
