import { describe, expect, it } from 'vitest';
import { listInWords } from './words.ts';

describe('listInWords', () => {
  it('joins with commas and the conjunction before the last word', () => {
    expect(listInWords(['summary', 'constitutional', 'custom'], 'or')).toBe('summary, constitutional or custom');
    expect(listInWords(['summary', 'keyInsights'])).toBe('summary and keyInsights');
  });

  it('says a single word as it is, and nothing for no words', () => {
    expect(listInWords(['summary'])).toBe('summary');
    expect(listInWords([])).toBe('');
  });
});
