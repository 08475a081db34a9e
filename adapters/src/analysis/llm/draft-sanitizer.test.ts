import { describe, expect, it } from 'vitest';
import type { AnalyzerDraft } from '@civicwatch/core';
import { aDraft } from '@civicwatch/core/testing/drafts.ts';
import { maxQuoteChars, parseDraft, sanitizeDraft } from './draft-sanitizer.ts';

const draft = (overrides: Partial<AnalyzerDraft> = {}): AnalyzerDraft => aDraft({ summary: 'The district levies a special tax of .02%.', ...overrides });

describe('parseDraft', () => {
  it('reads a draft, even inside a Markdown code fence', () => {
    const json = JSON.stringify(draft());
    expect(parseDraft(json)).toEqual({ ok: true, draft: draft() });
    expect(parseDraft('```json\n' + json + '\n```')).toEqual({ ok: true, draft: draft() });
  });

  it('describes what is wrong, for the repair request', () => {
    expect(parseDraft('')).toEqual({ ok: false, kind: 'empty', problem: 'the answer was empty.' });
    expect(parseDraft('{"summary": ')).toMatchObject({ ok: false, kind: 'json', problem: expect.stringContaining('not valid JSON') });
    const offSchema = parseDraft(JSON.stringify({ ...draft(), keyInsights: 'many', citations: [{ section: 'summary', index: 0, page: 0, quote: '' }] }));
    expect(offSchema.ok).toBe(false);
    if (offSchema.ok) return;
    expect(offSchema.problem).toContain('keyInsights');
    expect(offSchema.problem).toContain('citations[0].page');
    expect(offSchema.problem).toContain('citations[0].quote');
  });
});

describe('sanitizeDraft', () => {
  it('keeps only citations of pages the model was shown, with a real quote and a real item', () => {
    const result = sanitizeDraft(draft({
      keyInsights: ['The tax is .02% of equalized value.'],
      citations: [
        { section: 'keyInsights', index: 0, page: 1, quote: 'a special tax of .02%' },
        { section: 'keyInsights', index: 0, page: 7, quote: 'a special tax of .02%' },
        { section: 'keyInsights', index: 3, page: 1, quote: 'no such item' },
        { section: 'keyInsights', index: 0, page: 1, quote: '   ' },
        { section: 'summary', index: 2, page: 1, quote: 'summary has one index' },
        { section: 'summary', index: 0, page: 2, quote: 'levy such said special tax' },
      ],
    }), new Set([1, 2, 3]));
    expect(result.citations).toEqual([
      { section: 'keyInsights', index: 0, page: 1, quote: 'a special tax of .02%' },
      { section: 'summary', index: 0, page: 2, quote: 'levy such said special tax' },
    ]);
  });

  it('merges duplicate points and moves their citations to the surviving one', () => {
    const result = sanitizeDraft(draft({
      legalRisks: ['Publication is required within 15 days.', 'Taxes rise.', 'publication is required within 15 days'],
      citations: [
        { section: 'legalRisks', index: 1, page: 1, quote: 'special tax' },
        { section: 'legalRisks', index: 2, page: 1, quote: 'within fifteen (15) days' },
        { section: 'legalRisks', index: 2, page: 1, quote: 'within fifteen (15) days' },
      ],
    }), new Set([1]));
    expect(result.legalRisks).toEqual(['Publication is required within 15 days.', 'Taxes rise.']);
    expect(result.citations).toEqual([
      { section: 'legalRisks', index: 1, page: 1, quote: 'special tax' },
      { section: 'legalRisks', index: 0, page: 1, quote: 'within fifteen (15) days' },
    ]);
  });

  it('caps lists and the citations of each item, and shortens quotes to a prefix', () => {
    const long = `${'word '.repeat(100)}end`;
    const result = sanitizeDraft(draft({
      keyInsights: Array.from({ length: 12 }, (_, i) => `Insight ${i}`),
      citations: [
        ...Array.from({ length: 12 }, (_, i) => ({ section: 'keyInsights' as const, index: i, page: 1, quote: `quote ${i}` })),
        ...Array.from({ length: 5 }, (_, i) => ({ section: 'keyInsights' as const, index: 0, page: 1, quote: `more ${i}` })),
        { section: 'summary', index: 0, page: 1, quote: long },
      ],
    }), new Set([1]));
    expect(result.keyInsights).toHaveLength(8);
    expect(result.citations.filter((c) => c.section === 'keyInsights').every((c) => c.index < 8)).toBe(true);
    expect(result.citations.filter((c) => c.section === 'keyInsights' && c.index === 0)).toHaveLength(3);
    const summaryQuote = result.citations.find((c) => c.section === 'summary')?.quote ?? '';
    expect(summaryQuote.length).toBeLessThanOrEqual(maxQuoteChars);
    expect(long.startsWith(summaryQuote)).toBe(true);
  });
});
