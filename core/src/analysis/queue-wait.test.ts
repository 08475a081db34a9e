import { describe, expect, it } from 'vitest';
import { estimatedWaitSeconds } from './queue-wait.ts';

describe('the estimated wait of a queued analysis', () => {
  it('is unknown until an analysis has run', () => {
    expect(estimatedWaitSeconds({ ahead: 3, running: 1, recentRunSeconds: [] })).toBeUndefined();
  });

  it('is half a run behind a busy worker, and a run more for each analysis ahead', () => {
    expect(estimatedWaitSeconds({ ahead: 0, running: 1, recentRunSeconds: [40] })).toBe(20);
    expect(estimatedWaitSeconds({ ahead: 2, running: 1, recentRunSeconds: [40] })).toBe(100);
  });

  it('shares the analyses ahead among the busy workers', () => {
    expect(estimatedWaitSeconds({ ahead: 4, running: 2, recentRunSeconds: [30] })).toBe(75);
  });

  it('takes the median run, so one long scan does not stretch every estimate', () => {
    expect(estimatedWaitSeconds({ ahead: 1, running: 1, recentRunSeconds: [12, 600, 10, 14] })).toBe(20);
    expect(estimatedWaitSeconds({ ahead: 1, running: 1, recentRunSeconds: [12, 600, 10] })).toBe(18);
  });

  it('is nothing when no worker is busy and nothing is ahead', () => {
    expect(estimatedWaitSeconds({ ahead: 0, running: 0, recentRunSeconds: [30] })).toBe(0);
  });
});
