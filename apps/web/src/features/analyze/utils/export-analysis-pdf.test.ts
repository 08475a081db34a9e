import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { jsPDF as JsPdf } from 'jspdf';
import { aFrenchMinutesResult, aLevyOrdinanceResult, aResult, aWorkingBudgetResult } from '../../../test/builders.ts';
import { readReportFont } from '../../../test/report-font.ts';
import { analysisPdfFileName, buildAnalysisPdf as buildWithFont, exportAnalysisPdf, type AnalysisReport } from './export-analysis-pdf.ts';
import { EXPORT_FAILED_MESSAGE } from './report-export.ts';
import { loadReportFont, type ReportFontFiles } from './report-font.ts';
import { citationNote } from './report-layout.ts';

type Drawn = { text: string; x: number; y: number; page: number; size: number; bold: boolean };
type Box = { x: number; y: number; width: number; height: number; style: string | null; page: number };
const drawn = vi.hoisted(() => [] as Drawn[]);
const boxes = vi.hoisted(() => [] as Box[]);

// The real jsPDF, with every text() and rect() call recorded: what is drawn, where, on which page, at what size.
vi.mock('jspdf', async (importOriginal) => {
  const real = await importOriginal<typeof import('jspdf')>();
  class RecordingJsPdf extends real.jsPDF {
    constructor(...args: ConstructorParameters<typeof real.jsPDF>) {
      super(...args);
      const text = this.text.bind(this);
      this.text = ((value: string | string[], x: number, y: number, options?: unknown) => {
        for (const line of Array.isArray(value) ? value : [value]) {
          drawn.push({
            text: line,
            x,
            y,
            page: this.getCurrentPageInfo().pageNumber,
            size: this.getFontSize(),
            bold: this.getFont().fontStyle === 'bold',
          });
        }
        return text(value, x, y, options as never);
      }) as typeof this.text;
      const rect = this.rect.bind(this);
      this.rect = ((x: number, y: number, width: number, height: number, style?: string | null) => {
        boxes.push({ x, y, width, height, style: style ?? null, page: this.getCurrentPageInfo().pageNumber });
        return rect(x, y, width, height, style);
      }) as typeof this.rect;
    }
  }
  return { ...real, jsPDF: RecordingJsPdf, default: RecordingJsPdf };
});

const report = (overrides: Partial<AnalysisReport> = {}): AnalysisReport => ({
  title: 'City Budget',
  analysisType: 'constitutional',
  createdAt: '2026-11-22T10:00:00.000Z',
  result: aResult(),
  ...overrides,
});

const texts = () => drawn.map((d) => d.text);
const joined = () => texts().join('\n');

let font: ReportFontFiles;
let scratch: string;
beforeAll(async () => {
  font = await readReportFont();
  scratch = await mkdtemp(path.join(tmpdir(), 'civicwatch-report-'));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));
beforeEach(() => {
  drawn.length = 0;
  boxes.length = 0;
});

const buildAnalysisPdf = (value: AnalysisReport) => buildWithFont(value, { font });

/** The report's text as a reader's PDF viewer gives it back: written to a file and read by poppler's pdftotext. */
async function pdfText(doc: JsPdf, name: string): Promise<string> {
  const file = path.join(scratch, `${name}.pdf`);
  await writeFile(file, new Uint8Array(doc.output('arraybuffer')));
  return execFileSync('pdftotext', ['-enc', 'UTF-8', '-raw', file, '-'], { encoding: 'utf8' });
}

/** pdftotext's text with each line break taken for a space, as the wrapping of the layout put them. */
const flowing = (text: string) => text.replace(/\s+/g, ' ');

describe('PDF report (docs/product/analysis.md "PDF report")', () => {
  it('has the header, the four sections with page citations, and no Legal Risks', async () => {
    const doc = await buildAnalysisPdf(report());

    expect(doc.getNumberOfPages()).toBe(1);
    const title = drawn.find((d) => d.text === 'City Budget')!;
    expect(title).toMatchObject({ size: 20, bold: true, page: 1, x: 20 });
    expect(texts()).toContain('Constitutional Check  |  November 22, 2026');
    for (const heading of ['Executive Summary', 'Key Insights', 'Constitutional Issues', 'Recommended Citizen Actions']) {
      expect(texts()).toContain(heading);
    }
    expect(joined()).not.toMatch(/Legal Risks/);
    expect(joined()).not.toMatch(/state cap/);
    expect(texts()).toContain('(p. 2 verified)');
    expect(texts()).toContain('(p. 3)');
    // Each citation follows its own point.
    expect(texts()[texts().indexOf('Road repair spending doubles to $12 million.') + 1]).toBe('(p. 2 verified)');
    expect(texts()).toContain('Page 1 of 1');
    expect(joined()).toMatch(/Confidential/);
  });

  it('names the document\'s language in the overview line and prints the analyzer\'s warning before the summary', async () => {
    const warning = 'This document appears to be in German. The built-in analyzer is designed for English.';
    const metadata = { ...aResult().metadata, language: { code: 'de', name: 'German' }, warnings: [warning] };
    await buildAnalysisPdf(report({ result: aResult({ metadata }) }));

    expect(joined()).toMatch(/Language: German/);
    expect(joined()).toContain('This document appears to be in German.');
    expect(texts().findIndex((t) => t.includes('appears to be in German'))).toBeLessThan(texts().indexOf('Executive Summary'));
  });

  it('lists the key facts by group after the summary, each with its page, and names the kind of document', async () => {
    await buildAnalysisPdf(report({ title: 'Ordinance 20-21-02', result: aLevyOrdinanceResult() }));

    // The overview line breaks between its items, never inside one.
    expect(joined()).toMatch(/Language: English/);
    expect(joined()).toMatch(/(^|\n| {4})Document kind: Ordinance or resolution(\n| {4})/);
    expect(texts().filter((t) => /:$/.test(t))).toEqual([]);
    const at = (text: string) => texts().indexOf(text);
    const order = ['Executive Summary', 'Key facts', 'Decisions and votes', 'Money', 'Dates and deadlines', 'Who is affected and penalties', 'Key Insights'];
    expect(order.map(at).every((i, n, all) => i >= 0 && (n === 0 || i > all[n - 1]!))).toBe(true);
    expect(texts()).not.toContain('How to take part');
    const heading = drawn.find((d) => d.text === 'Key facts')!;
    expect(heading).toMatchObject({ size: 14, bold: true });
    expect(drawn.find((d) => d.text === 'Money')).toMatchObject({ bold: true });
    // Each fact is followed by the page its quote was found on.
    const published = at('The ordinance was published on July 23, 2020.');
    expect(texts()[published + 1]).toBe('(p. 3 verified)');
    expect(texts()[at('Seven trustees voted yes; none voted no, abstained or were absent.') + 1]).toBe('(p. 2 verified)');
  });

  it('has no Key facts and no kind for a result stored before they existed', async () => {
    const { facts: _facts, metadata, ...rest } = aResult();
    const { documentKind: _kind, ...olderMetadata } = metadata;
    await buildAnalysisPdf(report({ result: { ...rest, facts: [], metadata: olderMetadata } }));
    expect(texts()).not.toContain('Key facts');
    expect(joined()).not.toMatch(/Document kind/);
    expect(joined()).toMatch(/Language: English/);
  });

  it('leaves out empty Constitutional Issues and Recommended Citizen Actions, and titles an untitled document', async () => {
    await buildAnalysisPdf(report({ title: '  ', result: aResult({ constitutionalIssues: [], citizenAction: [] }) }));
    expect(texts()).toContain('Government Document Analysis');
    expect(texts()).toContain('Executive Summary');
    expect(texts()).not.toContain('Constitutional Issues');
    expect(texts()).not.toContain('Recommended Citizen Actions');
  });

  it('breaks pages 20 units from the bottom, keeps 20-unit margins and numbers every page', async () => {
    const many = Array.from({ length: 40 }, (_, i) => `Finding ${i + 1}: ${'the appropriation moves funds between departments without a vote. '.repeat(3)}`);
    const doc = await buildAnalysisPdf(report({ result: aResult({ keyInsights: many }) }));

    const pages = doc.getNumberOfPages();
    expect(pages).toBeGreaterThan(2);
    const height = doc.internal.pageSize.getHeight();
    const width = doc.internal.pageSize.getWidth();
    const footer = (d: Drawn) => d.y > height - 20;
    const body = drawn.filter((d) => !footer(d));
    expect(body.every((d) => d.x >= 20 && d.x < width - 20)).toBe(true);
    // Footers are the only text below the page-break line.
    expect(drawn.filter(footer).every((d) => /^Page \d+ of \d+$|^Confidential/.test(d.text))).toBe(true);
    for (let page = 1; page <= pages; page++) expect(texts()).toContain(`Page ${page} of ${pages}`);
    expect(new Set(drawn.filter((d) => d.text.startsWith('Finding')).map((d) => d.page)).size).toBeGreaterThan(1);
    // A point broken across pages keeps its body size on the new page.
    const bodyLines = drawn.filter((d) => /Finding|appropriation|departments|without a vote/.test(d.text));
    expect(bodyLines.every((d) => d.size === 11)).toBe(true);
  });

  it('lists the pages a point rests on once each, saying which were verified', () => {
    expect(citationNote([])).toBeNull();
    expect(
      citationNote([
        { page: 2, verified: true },
        { page: 2, verified: true },
        { page: 5, verified: false },
      ]),
    ).toBe('(p. 2 verified; p. 5)');
  });

  it('names the file after the product, Analysis, the sanitized title and the date', () => {
    expect(analysisPdfFileName('City Budget', new Date(2026, 10, 22))).toBe('CivicWatch_Analysis_City_Budget_2026-11-22.pdf');
    expect(analysisPdfFileName('Résolution n° 12/2026: "Parks"!.pdf', new Date(2026, 0, 5))).toBe(
      'CivicWatch_Analysis_Resolution_n_12_2026_Parks_2026-01-05.pdf',
    );
    expect(analysisPdfFileName(null, new Date(2026, 0, 5))).toBe('CivicWatch_Analysis_Government_Document_2026-01-05.pdf');
  });
});

describe('PDF report: the pictures', () => {
  it('charts a real budget\'s largest amounts after the key facts: each bar to scale, with its line item, amount and page', async () => {
    const doc = await buildAnalysisPdf(report({ title: 'FY21 Working Budget', analysisType: 'summary', result: aWorkingBudgetResult() }));
    const at = (text: string) => texts().indexOf(text);
    expect(at('Key facts')).toBeLessThan(at('Largest amounts'));
    expect(at('Largest amounts')).toBeLessThan(at('Pages the points quote'));
    expect(at('Pages the points quote')).toBeLessThan(at('Key Insights'));
    expect(drawn.find((d) => d.text === 'Largest amounts')).toMatchObject({ size: 14, bold: true });

    const labels = ['Total Income', 'Total Expenditures', 'Property Taxes', 'Salaries', 'Income less Expenditures'];
    const amounts = ['2,190,384', '2,140,428', '1,941,588', '950,000', '49,956'];
    const rows = labels.map((label, i) => ({ label: drawn.find((d) => d.text === label)!, amount: drawn.find((d) => d.text === amounts[i])! }));
    // One row under the other, the amount on its label's line, the page at the right margin.
    expect(rows.every((row, i) => row.amount.y === row.label.y && (i === 0 || row.label.y > rows[i - 1]!.label.y))).toBe(true);
    const pages = drawn.filter((d) => d.text === 'p. 2');
    expect(pages.map((d) => d.y)).toEqual(rows.map((row) => row.label.y));
    expect(pages.every((d) => d.x === doc.internal.pageSize.getWidth() - 20)).toBe(true);
    // The bars: filled, from one left edge, as long as their amounts are large.
    const onChart = (box: Box) => box.page === rows[0]!.label.page && box.y > rows[0]!.label.y - 5 && box.y < rows[4]!.label.y;
    const bars = boxes.filter((box) => box.style === 'F' && onChart(box));
    expect(bars).toHaveLength(5);
    expect(new Set(bars.map((bar) => bar.x)).size).toBe(1);
    expect(bars[3]!.width / bars[0]!.width).toBeCloseTo(950_000 / 2_190_384, 3);
    // Each amount just past its bar's end.
    expect(rows.every((row, i) => Math.abs(row.amount.x - (bars[i]!.x + bars[i]!.width + 2)) < 0.01)).toBe(true);

    const text = flowing(await pdfText(doc, 'working-budget'));
    expect(text).toContain('Total Income 2,190,384 p. 2');
    expect(text).toContain('Income less Expenditures 49,956 p. 2');
  });

  it('draws the pages the report\'s points quote as a strip of squares, one a page, with the count in each', async () => {
    await buildAnalysisPdf(report({ result: aWorkingBudgetResult() }));
    // Legal Risks, not in the report, quote pages 4 and 9: the strip is of what the report says.
    expect(texts()).toContain('The points quote pages 1, 2 and 6 of 13.');
    const heading = drawn.find((d) => d.text === 'Pages the points quote')!;
    const legend = drawn.find((d) => d.text.startsWith('Each square is a page'))!;
    const squares = boxes.filter((box) => box.y > heading.y && box.y < legend.y && box.width === 6.5);
    expect(squares).toHaveLength(13);
    expect(squares.map((box) => box.style)).toEqual(['FD', 'FD', 'S', 'S', 'S', 'FD', 'S', 'S', 'S', 'S', 'S', 'S', 'S']);
    // In each square its page; in a marked one, below it, how many points quote it.
    const inStrip = drawn.filter((d) => d.y > heading.y && d.y < legend.y && d.size <= 7.5).map((d) => d.text);
    expect(inStrip.slice(0, 4)).toEqual(['1', '6', '2', '8']);
    expect(inStrip).toContain('13');
  });

  it('draws no chart for a document with fewer than three amounts, and the strip of its pages still', async () => {
    const doc = await buildAnalysisPdf(report());
    expect(texts()).not.toContain('Largest amounts');
    expect(texts()).toContain('The points quote pages 2 and 3 of 3.');
    expect(doc.getNumberOfPages()).toBe(1);
  });
});

describe('PDF report: every character of the analysis', () => {
  const NOTE = /Some characters cannot be shown in this PDF/;
  const european = {
    title: 'Procès-verbal — año fiscal 2026',
    summary: 'Le conseil a voté « à l’unanimité » un budget de €5 000 — “sans réserve”.',
    keyInsights: [
      'Français : l’élève prévoit déjà ses dépenses à Noël.',
      'Español: el año fiscal cierra en diciembre, señor Muñoz.',
      'Polski: Zażółć gęślą jaźń, ustawa o opłacie.',
      'Ελληνικά: Ο δήμος ψήφισε τον προϋπολογισμό.',
      'Русский: Закон о бюджете принят — «единогласно».',
      'Punctuation: ‘single’, “double”, en – and em — dashes, … and €12.',
    ],
  };

  it('draws French, Spanish, Polish, Greek and Cyrillic, €, dashes and curly quotes as they are', async () => {
    const doc = await buildAnalysisPdf(report({ title: european.title, result: aResult({ summary: european.summary, keyInsights: european.keyInsights }) }));
    const text = await pdfText(doc, 'european');

    for (const line of [european.title, european.summary, ...european.keyInsights]) expect(flowing(text)).toContain(line);
    expect(text).not.toMatch(NOTE);
    expect(text).not.toContain('\uFFFD');
    // The document's properties keep the title whole too.
    expect(execFileSync('pdfinfo', [path.join(scratch, 'european.pdf')], { encoding: 'utf8' })).toContain(`Title:           ${european.title}`);
  });

  it('lays out the real French minutes in the embedded font, accents and € whole, and its headings in bold', async () => {
    const result = aFrenchMinutesResult();
    const title = 'Compte rendu du conseil municipal de Chéméré — 14 janvier 2014';
    const doc = await buildAnalysisPdf(report({ title, analysisType: 'summary', result }));
    const text = flowing(await pdfText(doc, 'french-minutes'));

    expect(text).toContain(title);
    for (const point of [...result.keyInsights, ...result.facts.map((fact) => fact.statement)]) expect(text).toContain(point);
    expect(text).toContain('This document appears to be in French.');
    // The minutes set two of their spaces in a symbol font, which maps them to private-use code points (U+F020):
    // meaningful only in that font, they are marked, and the note says what they were.
    expect(result.summary).toMatch(/\uF020/);
    expect(text).toContain(result.summary.replace(/\uF020/g, '\uFFFD').replace(/\s+/g, ' '));
    expect(text).toContain('Some characters cannot be shown in this PDF (symbols of the original document\'s own fonts).');
    const fonts = execFileSync('pdffonts', [path.join(scratch, 'french-minutes.pdf')], { encoding: 'utf8' });
    // Regular, bold and italic, each embedded.
    expect(fonts.match(/^DejaVuSans\s+CID TrueType\s+Identity-H\s+yes/gm)).toHaveLength(3);
    expect(drawn.find((d) => d.text === 'Key facts')).toMatchObject({ bold: true, size: 14 });
    // Lines are broken by the embedded font's widths: none runs past the right margin.
    const width = doc.internal.pageSize.getWidth();
    for (const line of drawn.filter((d) => d.size === 11)) {
      doc.setFontSize(11);
      expect(line.x + doc.getTextWidth(line.text), line.text).toBeLessThanOrEqual(width - 20 + 0.01);
    }
  });

  it('marks each character the font lacks (Chinese, Arabic, emoji) visibly, and says so once above the summary', async () => {
    const doc = await buildAnalysisPdf(
      report({
        title: 'Budget 東京 2026',
        result: aResult({ summary: 'The mayor 👍🏽 approved it.', keyInsights: ['Tokyo is 東京 and Cairo is القاهرة; Zürich stays.'] }),
      }),
    );
    const text = await pdfText(doc, 'missing');

    expect(text).toContain('Budget \uFFFD\uFFFD 2026');
    expect(text).toContain('The mayor \uFFFD approved it.');
    expect(text).toContain('Tokyo is \uFFFD\uFFFD and Cairo is \uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD; Zürich stays.');
    const note = 'Some characters cannot be shown in this PDF (Chinese, emoji, and Arabic). Each is marked \uFFFD here; the analysis on the CivicWatch website has the full text.';
    expect(flowing(text).split(note)).toHaveLength(2);
    expect(flowing(text).indexOf(note)).toBeLessThan(flowing(text).indexOf('Executive Summary'));
  });
});

describe('exportAnalysisPdf', () => {
  it('downloads the report, and carries on without the logo when it fails to load', async () => {
    const download = vi.fn();
    const alert = vi.fn();
    const ok = await exportAnalysisPdf(report(), {
      loadLogo: () => Promise.reject(new Error('404')),
      loadFont: readReportFont,
      download,
      alert,
      now: () => new Date(2026, 10, 22),
    });

    expect(ok).toBe(true);
    expect(alert).not.toHaveBeenCalled();
    expect(download).toHaveBeenCalledOnce();
    const [doc, fileName] = download.mock.calls[0]!;
    expect(fileName).toBe('CivicWatch_Analysis_City_Budget_2026-11-22.pdf');
    expect(doc.getNumberOfPages()).toBe(1);
  });

  it('leaves out a logo that cannot be drawn', async () => {
    const download = vi.fn();
    const ok = await exportAnalysisPdf(report(), { loadLogo: async () => 'data:image/png;base64,bm90IGEgcG5n', loadFont: readReportFont, download, alert: vi.fn() });
    expect(ok).toBe(true);
    expect(download).toHaveBeenCalledOnce();
  });

  it('alerts rather than export a report without its font', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const alert = vi.fn();
    const download = vi.fn();
    // What a server answers for a missing asset: the app's page, not a font.
    const page = new TextEncoder().encode('<!doctype html><html></html>');
    const ok = await exportAnalysisPdf(report(), { loadLogo: async () => null, loadFont: () => loadReportFont(async () => page), download, alert });
    expect(ok).toBe(false);
    expect(download).not.toHaveBeenCalled();
    expect(alert).toHaveBeenCalledWith(EXPORT_FAILED_MESSAGE);
  });

  it('alerts "Failed to export PDF. Please try again." when the export fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const alert = vi.fn();
    const ok = await exportAnalysisPdf(report(), {
      loadLogo: async () => null,
      loadFont: readReportFont,
      download: () => {
        throw new Error('disk full');
      },
      alert,
    });
    expect(ok).toBe(false);
    expect(alert).toHaveBeenCalledWith(EXPORT_FAILED_MESSAGE);
    expect(EXPORT_FAILED_MESSAGE).toBe('Failed to export PDF. Please try again.');
  });
});
