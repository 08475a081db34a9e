import { describe, expect, it } from 'vitest';
import { formatMeasure, formatTable, markdownSummary, median, percentile, type Measure } from './bench-kit.ts';

describe('percentile (nearest rank)', () => {
  it('answers the sample value with at least p percent of the samples at or below it', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile(values, 0)).toBe(1);
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2);
  });

  it('has no value for no samples', () => {
    expect(percentile([], 99)).toBeNaN();
  });
});

const measure: Measure = {
  name: 'API | dashboard',
  table: { header: ['server', 'req/s'], rows: [['bare', '1000'], ['api', '250']] },
  figure: '25% of bare',
  target: 'at least 25%',
  met: true,
  notes: ['on loopback'],
};

describe('reports', () => {
  it('lines figures up under their headers', () => {
    expect(formatTable(measure.table).split('\n')).toEqual(['server  req/s', '-------------', 'bare     1000', 'api       250']);
  });

  it('prints the figure beside its target and whether it is met', () => {
    expect(formatMeasure({ ...measure, met: false })).toContain('=> 25% of bare; target at least 25%: NOT MET');
  });

  it('writes one Markdown row per measure, escaping the table syntax', () => {
    expect(markdownSummary([measure]).split('\n')[2]).toBe('| API \\| dashboard | 25% of bare | at least 25% | met |');
  });
});
