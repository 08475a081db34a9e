import { describe, expect, it } from 'vitest';
import { comparisonResultSchema } from '../../contracts/comparison-result.contract.ts';
import { FixedClock, FixedFactFinder, FixedLanguageDetector, FixedVersionComparer, MarkedTextExtractor, markedPdf as pdf } from '../../testing/fakes.ts';
import type { ComparisonDraft } from '../version-comparer.port.ts';
import { CompareVersions, UNRELATED_SUMMARY } from './compare-versions.use-case.ts';

const extractor = new MarkedTextExtractor({
  1: [{ number: 1, text: 'ORDINANCE 19-20-02. A special tax of .02% shall be levied for the fiscal year 2019-2020.', ocr: true }],
  2: [
    { number: 1, text: 'ORDINANCE 20-21-02. A special tax of .02% shall be levied for the fiscal year 2020-2021.', ocr: false },
    { number: 2, text: 'ADOPTED this 15th day of July 2020.', ocr: false },
  ],
});

const compare = (draft: ComparisonDraft, limits = { maxPages: 10, maxCharacters: 10_000 }) =>
  new CompareVersions(extractor, new FixedVersionComparer(draft), new FixedLanguageDetector(), new FixedFactFinder(), new FixedClock(new Date('2026-03-15T12:00:00Z')))
    .execute({ earlier: { title: 'Levy 2019', source: pdf(1) }, later: { title: 'Levy 2020', source: pdf(2) }, limits });

describe('CompareVersions', () => {
  it('checks each side of each change against its page of its own version', async () => {
    const result = await compare({
      related: true,
      summary: 'The later version differs in 2 places.',
      changes: [
        { type: 'number', statement: '“ORDINANCE 19-20-02” now reads “ORDINANCE 20-21-02”.', before: { quote: 'ORDINANCE 19-20-02', page: 1 }, after: { quote: 'ORDINANCE 20-21-02', page: 1 } },
        // A quote of the other version, a page the version lacks: not verified, and dropped.
        { type: 'date', statement: 'Adopted on July 15, 2020.', before: { quote: 'ADOPTED this 15th day', page: 1 }, after: { quote: 'ADOPTED this 15th day of July 2020', page: 2 } },
        { type: 'added', statement: 'Nothing stands behind this.', after: { quote: 'a quote', page: 9 } },
      ],
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(comparisonResultSchema.parse(result.value)).toEqual(result.value);
    expect(result.value.changes).toEqual([
      expect.objectContaining({ before: { quote: 'ORDINANCE 19-20-02', page: 1, verified: true }, after: { quote: 'ORDINANCE 20-21-02', page: 1, verified: true } }),
      expect.objectContaining({ before: { quote: 'ADOPTED this 15th day', page: 1, verified: false }, after: { quote: 'ADOPTED this 15th day of July 2020', page: 2, verified: true } }),
    ]);
    expect(result.value.metadata).toMatchObject({
      related: true,
      earlier: { title: 'Levy 2019', pages: 1, ocrPages: [1] },
      later: { title: 'Levy 2020', pages: 2, ocrPages: [] },
      analyzer: 'embedded',
      model: 'fixed-comparer',
    });
  });

  it('says first that two documents are no versions of one another, whoever compared them', async () => {
    const result = await compare({ related: false, summary: 'The later version differs in 1 place: 1 date.', changes: [] });
    expect(result.ok && result.value.summary).toBe(`${UNRELATED_SUMMARY} The later version differs in 1 place: 1 date.`);
  });

  it('keeps what the comparer warns of, and hands it the caller\'s signal', async () => {
    const warning = 'A language model reworded this comparison; where it wrote $9,999,999, which neither version contains, the built-in wording is shown instead.';
    const comparer = new FixedVersionComparer({ related: true, summary: 'The later version differs in 1 place: 1 number.', changes: [], warnings: [warning] });
    const signal = new AbortController().signal;
    const result = await new CompareVersions(extractor, comparer, new FixedLanguageDetector(), new FixedFactFinder(), new FixedClock(new Date('2026-03-15T12:00:00Z')))
      .execute({ earlier: { title: 'Levy 2019', source: pdf(1) }, later: { title: 'Levy 2020', source: pdf(2) }, signal });
    expect(result.ok && result.value.metadata.warnings).toEqual([warning]);
    expect(comparer.signals).toEqual([signal]);
  });

  it('warns of nothing when the comparer does not', async () => {
    const result = await compare({ related: true, summary: 'No substantive change: the two versions say the same thing.', changes: [] });
    expect(result.ok && result.value.metadata.warnings).toEqual([]);
  });

  it('refuses a version beyond the tier\'s limits, and names it', async () => {
    const result = await compare({ related: true, summary: '', changes: [] }, { maxPages: 10, maxCharacters: 100 });
    expect(!result.ok && result.error).toEqual({
      code: 'document.too_many_characters',
      message: 'Later version: This document has 123 characters of text, more than the 100 allowed.',
    });
  });
});
