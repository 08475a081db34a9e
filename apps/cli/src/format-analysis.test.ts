import { describe, expect, it } from 'vitest';
import type { AnalysisResult } from '@civicwatch/core';
import { formatAnalysis } from './format-analysis.ts';

const result = (metadata: Partial<AnalysisResult['metadata']> = {}): AnalysisResult => ({
  summary: 'El Concejo exige un permiso anual para las terrazas.',
  keyInsights: ['Tasa: 250 dólares al año.'],
  constitutionalIssues: [],
  citizenAction: [],
  legalRisks: [],
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
});
