import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnalysisProgressEvent } from '@civicwatch/core';
import { InProcessProgressHub } from './in-process-progress-hub.ts';

const rosa = { userId: 'u-rosa', progressId: 'p-1' };

describe('InProcessProgressHub', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('delivers events to the watchers of that user and progress id only', () => {
    const hub = new InProcessProgressHub();
    const seen: AnalysisProgressEvent[] = [];
    const other: AnalysisProgressEvent[] = [];
    hub.subscribe(rosa, (e) => seen.push(e));
    hub.subscribe({ userId: 'u-bob', progressId: 'p-1' }, (e) => other.push(e));
    hub.publish(rosa, { stage: 'queued' });
    hub.publish(rosa, { stage: 'extracting', page: 1, pages: 2 });
    expect(seen).toEqual([{ stage: 'queued' }, { stage: 'extracting', page: 1, pages: 2 }]);
    expect(other).toEqual([]);
  });

  it('gives a late watcher the latest event, and forgets it a while after the final one', () => {
    vi.useFakeTimers();
    const hub = new InProcessProgressHub({ retainMs: 1_000 });
    hub.publish(rosa, { stage: 'analysing' });
    hub.publish(rosa, { stage: 'done' });
    const late: AnalysisProgressEvent[] = [];
    hub.subscribe(rosa, (e) => late.push(e))();
    expect(late).toEqual([{ stage: 'done' }]);
    vi.advanceTimersByTime(1_001);
    const later: AnalysisProgressEvent[] = [];
    hub.subscribe(rosa, (e) => later.push(e))();
    expect(later).toEqual([]);
  });

  it('stops calling a watcher that unsubscribed, and drops a listener that throws', () => {
    const hub = new InProcessProgressHub();
    const seen: AnalysisProgressEvent[] = [];
    const unsubscribe = hub.subscribe(rosa, (e) => seen.push(e));
    hub.subscribe(rosa, () => {
      throw new Error('broken stream');
    });
    expect(hub.listenerCount(rosa)).toBe(2);
    expect(() => hub.publish(rosa, { stage: 'queued' })).not.toThrow();
    expect(hub.listenerCount(rosa)).toBe(1);
    unsubscribe();
    hub.publish(rosa, { stage: 'analysing' });
    expect(seen).toEqual([{ stage: 'queued' }]);
    expect(hub.listenerCount(rosa)).toBe(0);
  });
});
