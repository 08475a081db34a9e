import { describe, expect, it } from 'vitest';
import { analysisResultSchema, analyzerDraftSchema, citationsOf, citedSections, readStoredResult } from './analysis-result.contract.ts';
import { listSections } from './analysis-catalogue.ts';

/** A result as the pipeline stores it today. */
const stored = {
  summary: 'The council adopted the 2026 budget.',
  keyInsights: ['The general fund totals $4.2 million.'],
  constitutionalIssues: [],
  citizenAction: ['Comment before June 3.'],
  legalRisks: [],
  sentiment: { rating: 3, confidence: 0.6 },
  facts: [{ type: 'amount', statement: 'The general fund totals $4.2 million.', quote: 'General Fund $4,200,000', page: 2, verified: true }],
  metadata: {
    wordCount: 812, processingTime: 900, pages: 3, ocrPages: [], analyzer: 'embedded', model: null, promptVersion: null,
    language: { code: 'en', name: 'English' }, warnings: [], documentKind: 'budget',
  },
  citations: [
    { section: 'keyInsights', index: 0, page: 3, quote: 'General Fund', verified: false },
    { section: 'keyInsights', index: 0, page: 2, quote: 'General Fund $4,200,000', verified: true },
    { section: 'summary', index: 0, page: 1, quote: 'adopted the 2026 budget', verified: true },
  ],
};

describe('result schema from the catalogue', () => {
  it('has one list per catalogue section, in its order, after the summary', () => {
    const keys = Object.keys(analysisResultSchema.shape);
    expect(keys.slice(0, 1 + listSections.length)).toEqual(['summary', ...listSections.map((s) => s.key)]);
    expect(Object.keys(analyzerDraftSchema.shape).slice(0, 1 + listSections.length)).toEqual(citedSections);
    expect(analysisResultSchema.parse(stored)).toEqual(stored);
  });
});

describe('readStoredResult', () => {
  it('reads a result as stored, and the same result stored as a JSON string', () => {
    expect(readStoredResult(stored)).toEqual(stored);
    expect(readStoredResult(JSON.stringify(stored))).toEqual(stored);
  });

  it('reads a result stored before citations, facts and kinds existed as empty lists and absent metadata', () => {
    const old = readStoredResult({ summary: 'Old.', keyInsights: ['An insight'], metadata: { wordCount: 10, processingTime: 900 } })!;
    expect(old).toMatchObject({ summary: 'Old.', keyInsights: ['An insight'], legalRisks: [], facts: [], citations: [], sentiment: null });
    expect(old.metadata).toEqual({ wordCount: 10, processingTime: 900 });
    expect('documentKind' in old.metadata).toBe(false);
  });

  it('keeps a kind that was looked for and not found as null', () => {
    expect(readStoredResult({ ...stored, metadata: { ...stored.metadata, documentKind: null } })!.metadata.documentKind).toBeNull();
  });

  it('drops only the malformed facts and citations', () => {
    const read = readStoredResult({ ...stored, facts: [{ type: 'rumour', statement: 'x' }, ...stored.facts], citations: [{ page: -1 }, ...stored.citations] })!;
    expect(read.facts).toEqual(stored.facts);
    expect(read.citations).toEqual(stored.citations);
  });

  it('is null for what is not a result at all', () => {
    for (const raw of ['not json', 42, null, undefined]) expect(readStoredResult(raw)).toBeNull();
  });
});

describe('citationsOf', () => {
  it('gives the citations of one point in page order, and every citation of the summary', () => {
    const result = analysisResultSchema.parse(stored);
    expect(citationsOf(result, 'keyInsights', 0).map((c) => c.page)).toEqual([2, 3]);
    expect(citationsOf(result, 'keyInsights', 1)).toEqual([]);
    expect(citationsOf(result, 'summary', 7).map((c) => c.page)).toEqual([1]);
  });
});
