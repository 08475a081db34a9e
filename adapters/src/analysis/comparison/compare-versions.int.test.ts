/**
 * The comparison of versions on real ordinances of the shared corpus (text PDFs, read by the product's own
 * extractor), against themselves, against copies reflowed or misread as OCR misreads, and against copies
 * edited the way a board edits a draft: a changed date, a changed line item, a line added, a clause reworded.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtractedPage } from '@civicwatch/core/analysis/text-extractor.port.ts';
import { quoteOccursIn } from '@civicwatch/core/analysis/grounding.ts';
import { ExtractionPool } from '../../extraction/extraction-pool.ts';
import { PdfjsTextExtractor } from '../../extraction/pdfjs-text-extractor.ts';
import { corpusDir } from '../../testing/shared-corpus.ts';
import { compareVersions, type VersionComparison } from './compare-versions.ts';

const pool = new ExtractionPool({ maxProcesses: 1 });
const extractor = new PdfjsTextExtractor({ pool });
afterAll(() => extractor.close());

const read = async (name: string): Promise<ExtractedPage[]> => {
  const result = await extractor.extract(new Uint8Array(readFileSync(path.join(corpusDir, name))), { maxPages: 50 });
  if (!result.ok) throw new Error(`${name}: ${result.error.code}`);
  return result.value.pages;
};

/** The pages with `from` replaced by `to` on the page that holds it (the test fails when it is not there). */
const edited = (pages: readonly ExtractedPage[], from: string | RegExp, to: string): ExtractedPage[] => {
  const at = pages.findIndex((p) => (typeof from === 'string' ? p.text.includes(from) : from.test(p.text)));
  expect(at, `${String(from)} is on a page`).toBeGreaterThanOrEqual(0);
  return pages.map((p, k) => (k === at ? { ...p, text: p.text.replace(from, to) } : p));
};

/** Every quote a change gives is on the page it names, in the version it names. */
const expectQuoted = (comparison: VersionComparison, before: readonly ExtractedPage[], after: readonly ExtractedPage[]): void => {
  for (const change of comparison.changes) {
    for (const [side, pages] of [['before', before], ['after', after]] as const) {
      const cited = change[side];
      if (!cited) continue;
      const page = pages.find((p) => p.number === cited.page);
      expect(page && quoteOccursIn(cited.quote, page.text), `${change.statement}: ${side} quote “${cited.quote}” on page ${cited.page}`).toBe(true);
    }
  }
};

let levy: ExtractedPage[];
let budget: ExtractedPage[];
beforeAll(async () => {
  levy = await read('wpld-ordinance-20-21-02-maintenance-levy.pdf');
  budget = await read('wpld-ordinance-20-21-01-tentative-budget.pdf');
});

describe('compareVersions on real ordinances', () => {
  it('finds no change between a document and itself, and says its amounts and rates are the same', () => {
    for (const pages of [levy, budget]) {
      const comparison = compareVersions(pages, pages);
      expect(comparison.changes).toEqual([]);
      expect(comparison.related).toBe(true);
      expect(comparison.summary).toMatch(/^No substantive change/);
    }
    expect(compareVersions(budget, budget).summary).toMatch(/all \d+ amounts are the same in both versions, the largest being \$3,555,000/);
    expect(compareVersions(levy, levy).summary).toContain('The rate of .02% is unchanged.');
  });

  it('finds no change in text reflowed onto other lines, nor in the slips OCR makes', () => {
    const reflowed = levy.map((p) => ({ ...p, text: p.text.replace(/([a-z,;]) ?\n(?=[a-z])/g, '$1 ').replace(/ (of the|and the) /g, '\n$1 ') }));
    expect(compareVersions(levy, reflowed).changes).toEqual([]);
    // "I" read as "1" or "l", words run together, a letter misread in a long word.
    const misread = edited(edited(edited(levy, 'I further certify', '1 further certify'), 'COUNTY OF DU PAGE', 'COUNTY OFDU PAGE'), 'custodian', 'custodlan');
    expect(compareVersions(levy, misread).changes).toEqual([]);
  });

  it('finds no change between a scan and its own OCR\'d text pasted as one page', { timeout: 120_000 }, async () => {
    const scan = await read('versions/wpld-ordinance-19-20-02-maintenance-levy-scan.pdf');
    expect(scan.every((p) => p.ocr)).toBe(true);
    const pasted = [{ number: 1, ocr: false, text: scan.map((p) => p.text).join('\n\n') }];
    const comparison = compareVersions(scan, pasted);
    expect(comparison.changes).toEqual([]);
    expect(comparison.summary).toBe('No substantive change: the two versions say the same thing. The rate of .02% is unchanged.');
  });

  it('tells a changed date with both quotes and pages', () => {
    const later = edited(levy, 'published on July 23, 2020', 'published on July 30, 2020');
    const comparison = compareVersions(levy, later);
    expect(comparison.changes).toHaveLength(1);
    const [change] = comparison.changes;
    expect(change).toMatchObject({ type: 'date', before: { page: 3 }, after: { page: 3 } });
    expect(change!.statement).toContain('from July 23, 2020 to July 30, 2020');
    expectQuoted(comparison, levy, later);
  });

  it('tells changed, added and removed line items of a budget, and that the other amounts stayed', () => {
    let later = edited(budget, 'Public Services $420,000', 'Public Services $445,000');
    later = edited(later, /Marketing \$60,000\n/, 'Marketing $60,000\nCommunity Outreach $12,000\n');
    later = edited(later, /Umbrella \$1,000\n/, '');
    const comparison = compareVersions(budget, later);
    const statements = comparison.changes.map((c) => c.statement);
    expect(statements).toContain('Public Services (Salaries): rose from $420,000 to $445,000.');
    expect(statements).toContain('New line: Community Outreach (Salaries), $12,000.');
    expect(statements).toContain('Line removed: Umbrella (Insurance), $1,000.');
    expect(comparison.changes).toHaveLength(3);
    expect(comparison.summary).toMatch(/The later version differs in 3 places: .*The other \d+ amounts are the same in both versions\./);
    expectQuoted(comparison, budget, later);
  });

  it('tells a clause reworded in substance, and the words taken out', () => {
    const later = edited(levy, 'fifteen (15) days', 'thirty (30) days');
    const comparison = compareVersions(levy, later);
    expect(comparison.changes.map((c) => c.type)).toEqual(['number']);
    expect(comparison.changes[0]!.statement).toMatch(/fifteen \(15\) days.*now reads.*thirty \(30\) days/);
    const shorter = compareVersions(levy, edited(levy, /the rental of buildings\s+required for library purposes,\s+and maintenance/, 'and maintenance'));
    expect(shorter.changes.map((c) => c.type)).toEqual(['reworded']);
    expect(shorter.changes[0]!.statement).toMatch(/^Removed “the rental of buildings required for library purposes,?”/);
  });

  it('does not take a misread digit for a changed amount when the other figures add up', () => {
    // (e) + (f) is the total the page states: $1,941,588 + $1,613,412 = $3,555,000; "$1,941,538" is a misread.
    const later = edited(budget, '$1,941,588', '$1,941,538');
    expect(compareVersions(budget, later).changes).toEqual([]);
  });

  it('says that two unrelated ordinances are not versions of one document, and lists only sums and dates', () => {
    const comparison = compareVersions(levy, budget);
    expect(comparison.related).toBe(false);
    expect(comparison.changes.every((c) => /\d/.test(c.statement))).toBe(true);
    expectQuoted(comparison, levy, budget);
  });
});
