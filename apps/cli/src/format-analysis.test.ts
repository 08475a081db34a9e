import { describe, expect, it } from 'vitest';
import { perListSection, type AnalysisResult } from '@civicwatch/core';
import { formatAnalysis } from './format-analysis.ts';

const result = (metadata: Partial<AnalysisResult['metadata']> = {}): AnalysisResult => ({
  summary: 'El Concejo exige un permiso anual para las terrazas.',
  ...perListSection((): string[] => []),
  keyInsights: ['Tasa: 250 dólares al año.'],
  sentiment: { rating: 3, confidence: 0.4 },
  facts: [],
  metadata: {
    wordCount: 96, processingTime: 1200, pages: 1, ocrPages: [], analyzer: 'embedded', model: 'extractive-textrank-v1', promptVersion: null,
    language: { code: 'es', name: 'Spanish' }, warnings: [], documentKind: 'ordinance', ...metadata,
  },
  citations: [{ section: 'summary', index: 0, page: 1, quote: 'permiso anual', verified: true }],
});

describe('formatAnalysis', () => {
  it('names the document\'s language with the facts, or says it could not be told', () => {
    expect(formatAnalysis('Terrazas', 'summary', result())).toMatch(/^Language: Spanish$/m);
    expect(formatAnalysis('Terrazas', 'summary', result({ language: null }))).toMatch(/^Language: Not determined$/m);
  });

  it('puts the analyzer\'s warnings before the summary', () => {
    const warning = 'This document appears to be in Spanish. The built-in analyzer is designed for English.';
    const text = formatAnalysis('Terrazas', 'summary', result({ warnings: [warning] }));
    expect(text).toContain(`Note: ${warning}\n\nSummary\n`);
    expect(formatAnalysis('Terrazas', 'summary', result())).not.toContain('Note:');
  });

  it('names the kind of document with the language, or says it could not be told', () => {
    expect(formatAnalysis('Terrazas', 'summary', result())).toMatch(/^Language: Spanish\nDocument kind: Ordinance or resolution$/m);
    expect(formatAnalysis('Terrazas', 'summary', result({ documentKind: null }))).toMatch(/^Document kind: Not determined$/m);
  });

  it('lists the key facts by group after the summary, each with its page, and no block when there are none', () => {
    const facts: AnalysisResult['facts'] = [
      { type: 'deadline', statement: 'Permits must be renewed before March 31 each year.', quote: 'antes del 31 de marzo de cada año', page: 2, verified: true },
      { type: 'amount', statement: 'The permit costs $250 a year.', quote: 'una tasa de 250 dólares al año', page: 1, verified: true },
      { type: 'penalty', statement: 'A terrace without a permit is fined up to $1,000.', quote: 'multa de hasta 1.000 dólares', page: 3, verified: true },
    ];
    const text = formatAnalysis('Terrazas', 'summary', { ...result(), facts });
    expect(text).toContain([
      'Key facts',
      '  Money',
      '    • The permit costs $250 a year. [p. 1 ✓]',
      '  Dates and deadlines',
      '    • Permits must be renewed before March 31 each year. [p. 2 ✓]',
      '  Who is affected and penalties',
      '    • A terrace without a permit is fined up to $1,000. [p. 3 ✓]',
      '',
      'Key Insights',
    ].join('\n'));
    expect(text.indexOf('Summary\n')).toBeLessThan(text.indexOf('Key facts'));
    expect(formatAnalysis('Terrazas', 'summary', result())).not.toContain('Key facts');
  });

  it('names each page a point rests on once per verdict, in page order', () => {
    const citations: AnalysisResult['citations'] = [
      { section: 'summary', index: 0, page: 2, quote: 'terrazas', verified: true },
      { section: 'summary', index: 0, page: 1, quote: 'permiso anual', verified: true },
      { section: 'summary', index: 0, page: 1, quote: 'El Concejo', verified: true },
      { section: 'summary', index: 0, page: 1, quote: 'exige', verified: false },
    ];
    expect(formatAnalysis('Terrazas', 'summary', { ...result(), citations })).toContain('para las terrazas. [p. 1 ✓, p. 1 ?, p. 2 ✓]');
  });
});
