import { describe, expect, it } from 'vitest';
import { groundFacts } from '@civicwatch/core/analysis/grounding.ts';
import type { ExtractedPage } from '@civicwatch/core/analysis/text-extractor.port.ts';
import { EmbeddedDocumentAnalyzer } from '../embedded/embedded-document-analyzer.ts';
import { RuleBasedFactFinder } from './rule-based-fact-finder.ts';

const english = { code: 'en', name: 'English' };
const page = (text: string, number = 1): ExtractedPage => ({ number, text, ocr: false });

/**
 * Text that could make patterns backtrack or work grow with the square of a line: the analysis must end (a hang
 * would hit the test's timeout, which is a guard, not a measure) and every fact it states must rest on its quote.
 */
const HOSTILE: Record<string, ExtractedPage[]> = {
  'a line of a megabyte of prose': [page('The Board shall levy a tax of $1,000 for roads, '.repeat(21_000))],
  'a megabyte of digits and spaces': [page('1 2 3 4 5 6 7 8 9 0 '.repeat(52_000))],
  'a megabyte without a space': [page('a'.repeat(1_000_000))],
  'a megabyte of nested brackets and quotes': [page('(("[“'.repeat(250_000))],
  '500 pages of minutes': Array.from({ length: 500 }, (_, i) =>
    page(`Page ${i + 1}\nThe Board approved invoice ${i} of $${i * 100}.00 on motion by Trustee Smith, seconded by Trustee Jones. Motion carried 5-0.\n`.repeat(30), i + 1)),
  'a table of 20,000 rows': [page(Array.from({ length: 20_000 }, (_, i) => `Line item ${i} ${i * 3} ${i * 7} $${i}.00`).join('\n'))],
};

describe('the analysis of hostile text', () => {
  for (const [name, pages] of Object.entries(HOSTILE)) {
    it(`ends on ${name}, stating only facts whose quote is on their page`, { timeout: 120_000 }, async () => {
      const understanding = await new RuleBasedFactFinder().understand(pages, english);
      expect(groundFacts(understanding.facts, pages)).toHaveLength(understanding.facts.length);
      const result = await new EmbeddedDocumentAnalyzer().analyze({
        pages, title: name, analysisType: 'summary', jurisdiction: { country: 'US', state: null }, customFocus: null, prompt: '', language: english,
        understanding,
      });
      expect(result.ok).toBe(true);
      if (result.ok) expect(result.value.draft.summary.split(/\s+/).length).toBeLessThanOrEqual(130);
    });
  }
});
