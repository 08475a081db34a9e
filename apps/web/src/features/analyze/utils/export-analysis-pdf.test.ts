import { beforeEach, describe, expect, it, vi } from 'vitest';
import { aLevyOrdinanceResult, aResult } from '../../../test/builders.ts';
import {
  EXPORT_FAILED_MESSAGE,
  analysisPdfFileName,
  buildAnalysisPdf,
  citationNote,
  exportAnalysisPdf,
  toPdfText,
  type AnalysisReport,
} from './export-analysis-pdf.ts';

type Drawn = { text: string; x: number; y: number; page: number; size: number; bold: boolean };
const drawn = vi.hoisted(() => [] as Drawn[]);

// The real jsPDF, with every text() call recorded: what is drawn, where, on which page, at what size.
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

beforeEach(() => {
  drawn.length = 0;
});

describe('PDF report (spec §7)', () => {
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

  it('writes only characters the standard fonts can draw', () => {
    expect(toPdfText('“Quoted” — it’s ✓ … 東京')).toBe('"Quoted" - it\'s verified ... ');
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

describe('exportAnalysisPdf', () => {
  it('downloads the report, and carries on without the logo when it fails to load', async () => {
    const download = vi.fn();
    const alert = vi.fn();
    const ok = await exportAnalysisPdf(report(), {
      loadLogo: () => Promise.reject(new Error('404')),
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
    const ok = await exportAnalysisPdf(report(), { loadLogo: async () => 'data:image/png;base64,bm90IGEgcG5n', download, alert: vi.fn() });
    expect(ok).toBe(true);
    expect(download).toHaveBeenCalledOnce();
  });

  it('alerts "Failed to export PDF. Please try again." when the export fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const alert = vi.fn();
    const ok = await exportAnalysisPdf(report(), {
      loadLogo: async () => null,
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
