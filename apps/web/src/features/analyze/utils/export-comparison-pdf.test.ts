import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { jsPDF as JsPdf } from 'jspdf';
import { comparisonEntry } from '@civicwatch/core/contracts/index.ts';
import { aLevyComparison, aNoChangeComparison } from '../../../test/builders.ts';
import { readReportFont } from '../../../test/report-font.ts';
import { buildComparisonPdf, comparisonPdfFileName, exportComparisonPdf, type ComparisonReport } from './export-comparison-pdf.ts';
import type { ReportFontFiles } from './report-font.ts';

const report = (overrides: Partial<ComparisonReport> = {}): ComparisonReport => ({
  title: 'Maintenance levy 2020-21',
  createdAt: '2026-11-22T10:00:00.000Z',
  result: aLevyComparison(),
  ...overrides,
});

let font: ReportFontFiles;
let scratch: string;
beforeAll(async () => {
  font = await readReportFont();
  scratch = await mkdtemp(path.join(tmpdir(), 'civicwatch-comparison-report-'));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

/** The report's text as a reader's PDF viewer gives it back (poppler's pdftotext), each line break taken for a space. */
async function readBack(doc: JsPdf, name: string): Promise<string> {
  const file = path.join(scratch, `${name}.pdf`);
  await writeFile(file, new Uint8Array(doc.output('arraybuffer')));
  return execFileSync('pdftotext', ['-enc', 'UTF-8', '-raw', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

describe('PDF report of a comparison', () => {
  it('gives both documents, the summary, then every change in order with its quote and page in each version', async () => {
    const comparison = aLevyComparison();
    const doc = await buildComparisonPdf(report({ result: comparison }), { font });
    const text = await readBack(doc, 'levy');

    expect(text).toContain('Maintenance levy 2020-21');
    expect(text).toContain('Version comparison | November 22, 2026');
    expect(text).toContain('Earlier version: wpld-ordinance-19-20-02-maintenance-levy-scan.pdf');
    expect(text).toContain('Later version: wpld-ordinance-20-21-02-maintenance-levy.pdf');
    expect(text).toContain('OCR pages: 1, 2, 3');
    expect(text).toContain('Document kind: Ordinance or resolution');
    expect(text).toContain(`Executive Summary ${comparison.summary}`);
    expect(text).toContain(comparisonEntry.changesLabel);

    // The statements come back whole, in the comparer's order.
    const at = comparison.changes.map((change) => text.indexOf(change.statement));
    expect(at.every((i) => i > 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    // Each change with its kind, then the quote and page of each version, checked.
    const adopted = comparison.changes.find((change) => change.type === 'date')!;
    expect(text).toContain(
      `DATE 3. ${adopted.statement} Earlier version, p. ${adopted.before!.page}, verified: “${adopted.before!.quote}” ` +
        `Later version, p. ${adopted.after!.page}, verified: “${adopted.after!.quote}”`,
    );
    // The vote the scan's roll call does not give: the earlier version has nothing to show.
    expect(text).toContain('The later version records the vote as 7-0; the earlier version\'s roll call cannot be read. Earlier version: — Later version, p. 2, verified');
    expect(text).toMatch(/Page 1 of \d/);
  });

  it('says a quote that was not found on its page is not verified', async () => {
    const levy = aLevyComparison();
    const [first, ...rest] = levy.changes;
    const unchecked = { ...first!, after: { ...first!.after!, verified: false } };
    const text = await readBack(await buildComparisonPdf(report({ result: { ...levy, changes: [unchecked, ...rest] } }), { font }), 'unverified');
    expect(text).toContain(`Later version, p. ${first!.after!.page}, not verified: “${first!.after!.quote}”`);
  });

  it('says honestly that nothing of substance changed, and lists no change', async () => {
    const text = await readBack(await buildComparisonPdf(report({ result: aNoChangeComparison() }), { font }), 'no-change');
    expect(text).toContain(`${comparisonEntry.changesLabel} ${comparisonEntry.empty}`);
    expect(text).not.toMatch(/Earlier version, p\./);
  });

  it('shows no document title in the report of a shared comparison', async () => {
    const text = await readBack(await buildComparisonPdf(report({ title: null }), { font }), 'shared');
    expect(text).toContain('Version Comparison');
    expect(text).not.toContain('wpld-ordinance');
    expect(text).toContain('Earlier version Pages: 3');
  });

  it('breaks a long list of changes across pages, keeping every statement and numbering the pages', async () => {
    const levy = aLevyComparison();
    const many = Array.from({ length: 6 }, () => levy.changes).flat();
    const doc = await buildComparisonPdf(report({ result: { ...levy, changes: many } }), { font });
    expect(doc.getNumberOfPages()).toBeGreaterThan(2);
    const text = await readBack(doc, 'many');
    expect(text.split(levy.changes[0]!.statement)).toHaveLength(7);
    expect(text).toContain(`Page ${doc.getNumberOfPages()} of ${doc.getNumberOfPages()}`);
  });

  it('names the file after the product, Comparison, the title and the date, and downloads it', async () => {
    expect(comparisonPdfFileName('Levy 2020-21.pdf', new Date(2026, 10, 22))).toBe('CivicWatch_Comparison_Levy_2020_21_2026-11-22.pdf');
    const download = vi.fn();
    const ok = await exportComparisonPdf(report(), { loadLogo: async () => null, loadFont: readReportFont, download, alert: vi.fn(), now: () => new Date(2026, 10, 22) });
    expect(ok).toBe(true);
    expect(download.mock.calls[0]![1]).toBe('CivicWatch_Comparison_Maintenance_levy_2020_21_2026-11-22.pdf');
  });
});
