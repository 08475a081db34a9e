import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalysisProgressEvent } from '@civicwatch/core/contracts/index.ts';
import { installFakeEventSource, type FakeEventSource } from '../../../test/event-source.ts';
import { FIRST_OPEN_MS, openAnalysisProgress } from './analysis-progress.ts';

let Source: typeof FakeEventSource;
beforeEach(() => {
  vi.useFakeTimers();
  Source = installFakeEventSource();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const PROGRESS_ID = '8d0c7a2e-4b1f-4c53-9a51-3f7f2f4b9e10';

describe('openAnalysisProgress', () => {
  it('opens the stream a moment after the POST started, and opens it again after each refusal until it is taken', () => {
    const heard: AnalysisProgressEvent[] = [];
    const stop = openAnalysisProgress(PROGRESS_ID, (event) => heard.push(event));
    expect(Source.instances).toHaveLength(0);
    vi.advanceTimersByTime(FIRST_OPEN_MS);
    expect(Source.instances.map((s) => s.url)).toEqual([`/api/analyze/progress/${PROGRESS_ID}`]);

    // 404 (not taken in yet) or 429 (too many streams): a little later each time.
    const opensAfter = (ms: number) => {
      const before = Source.instances.length;
      Source.instances.at(-1)!.refuse();
      vi.advanceTimersByTime(ms - 1);
      expect(Source.instances).toHaveLength(before);
      vi.advanceTimersByTime(1);
      expect(Source.instances).toHaveLength(before + 1);
    };
    opensAfter(1_000);
    opensAfter(2_000);
    opensAfter(4_000);
    opensAfter(4_000);

    const stream = Source.instances.at(-1)!;
    stream.emit({ stage: 'analysing' });
    stream.emit({ stage: 'done' });
    expect(heard).toEqual([{ stage: 'analysing' }, { stage: 'done' }]);
    // Done: closed, and never opened again.
    expect(stream.closed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(Source.instances).toHaveLength(5);
    stop();
  });

  it('leaves a dropped connection to the browser, which reconnects by itself', () => {
    openAnalysisProgress(PROGRESS_ID, () => {});
    vi.advanceTimersByTime(FIRST_OPEN_MS);
    const stream = Source.instances[0]!;
    stream.readyState = Source.CONNECTING;
    stream.onerror?.(new Event('error'));
    vi.advanceTimersByTime(60_000);
    expect(Source.instances).toHaveLength(1);
  });

  it('opens nothing more once stopped: before the first stream, or while waiting to retry', () => {
    openAnalysisProgress(PROGRESS_ID, () => {})();
    vi.advanceTimersByTime(60_000);
    expect(Source.instances).toHaveLength(0);

    const stop = openAnalysisProgress(PROGRESS_ID, () => {});
    vi.advanceTimersByTime(FIRST_OPEN_MS);
    Source.instances[0]!.refuse();
    stop();
    vi.advanceTimersByTime(60_000);
    expect(Source.instances).toHaveLength(1);
  });
});
