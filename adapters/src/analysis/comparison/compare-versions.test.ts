/**
 * The comparison of versions on a real US bill of the corpus (`billsum-dev.jsonl`), laid out in pages as a bill
 * print is: what a board or a committee does to a draft (a paragraph struck) is told, and what only moves the page
 * breaks (a line fewer near the top) is not.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ExtractedPage } from '@civicwatch/core/analysis/text-extractor.port.ts';
import { corpusDir } from '../../testing/shared-corpus.ts';
import { compareVersions } from './compare-versions.ts';

const BILL = '107_hr5568';
const LINES_PER_PAGE = 26;

const billLines: string[] = (() => {
  const bills = readFileSync(path.join(corpusDir, 'billsum-dev.jsonl'), 'utf8').split('\n').filter(Boolean)
    .map((line) => JSON.parse(line) as { bill_id: string; text: string });
  const bill = bills.find((b) => b.bill_id === BILL);
  if (!bill) throw new Error(`${BILL} is not in the corpus`);
  return bill.text.split('\n');
})();

const pagesOf = (lines: readonly string[]): ExtractedPage[] =>
  Array.from({ length: Math.ceil(lines.length / LINES_PER_PAGE) }, (_, k) => ({
    number: k + 1,
    text: lines.slice(k * LINES_PER_PAGE, (k + 1) * LINES_PER_PAGE).join('\n'),
    ocr: false,
  }));

const lineOf = (start: string): number => {
  const at = billLines.findIndex((line) => line.trimStart().startsWith(start));
  expect(at, start).toBeGreaterThanOrEqual(0);
  return at;
};

describe('compareVersions on a bill print', () => {
  it('tells a struck paragraph, its outline labels ("(A)", "(d)") and section numbers no obstacle', () => {
    const from = lineOf('(c) Conforming Amendments.--');
    const to = lineOf('(d) Effective Dates.--');
    const later = [...billLines.slice(0, from), ...billLines.slice(to)];
    const { changes } = compareVersions(pagesOf(billLines), pagesOf(later));
    const removed = changes.filter((c) => c.type === 'removed').map((c) => c.before?.quote ?? '').join(' | ');
    expect(removed).toContain('section 871(a)(3)');
    expect(removed).toContain('Paragraph (3) of section 121(e)');
    expect(changes.filter((c) => c.type !== 'removed')).toEqual([]);
  });

  it('tells nothing when only the page breaks moved (a blank line fewer near the top)', () => {
    const blank = billLines.findIndex((line, k) => k > 0 && line.trim() === '');
    const later = billLines.filter((_, k) => k !== blank);
    expect(pagesOf(later).map((p) => p.text.split('\n')[0])).not.toEqual(pagesOf(billLines).map((p) => p.text.split('\n')[0]));
    expect(compareVersions(pagesOf(billLines), pagesOf(later)).changes).toEqual([]);
  });
});
