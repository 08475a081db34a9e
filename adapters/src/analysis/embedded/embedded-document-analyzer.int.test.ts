import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analysisResultSchema } from '@civicwatch/core/contracts/analysis-result.contract.ts';
import { AnalyzeDocument } from '@civicwatch/core/analysis/analyze-document/analyze-document.use-case.ts';
import type { TextExtractor } from '@civicwatch/core/analysis/text-extractor.port.ts';
import type { Repositories, UnitOfWork } from '@civicwatch/core/shared/unit-of-work.port.ts';
import { systemClock } from '@civicwatch/core/shared/clock.port.ts';
import { EMBEDDED_MODEL, EmbeddedDocumentAnalyzer } from './embedded-document-analyzer.ts';
import { PdftotextTextExtractor } from './testing/pdftotext-text-extractor.ts';
import { corpusDir } from '../../testing/shared-corpus.ts';

const corpus = corpusDir;

/**
 * The page source. Swap in the product's PdfjsTextExtractor (which also OCRs the scanned PDFs) when it lands;
 * nothing else here depends on how pages are read.
 */
const extractor: TextExtractor = new PdftotextTextExtractor();

const noSettings: UnitOfWork = {
  run: (work) => work({ settings: { get: async () => null, list: async () => [], set: async () => {} } } as unknown as Repositories),
};

const useCase = new AnalyzeDocument(extractor, noSettings, new EmbeddedDocumentAnalyzer(), systemClock);

/** Scanned PDFs have no text layer: without OCR they have nothing to analyse (corpus/README.md). */
const SCANNED = new Set(['wpld-minutes-2019-10-16-scan.pdf', 'wpld-ordinance-08-09-06-prevailing-wage-scan.pdf', 'wpld-board-packet-2018-08-15-scan.pdf']);
const textPdfs = existsSync(corpus) ? readdirSync(corpus).filter((f) => f.endsWith('.pdf') && !SCANNED.has(f)).sort() : [];

describe.skipIf(textPdfs.length === 0)('EmbeddedDocumentAnalyzer on the corpus', () => {
  it.each(textPdfs)('%s: a schema-valid, grounded analysis', async (file) => {
    const bytes = new Uint8Array(readFileSync(path.join(corpus, file)));
    const started = performance.now();
    const result = await useCase.execute({
      source: { kind: 'pdf', bytes },
      title: file.replace(/\.pdf$/, ''),
      analysisType: 'constitutional',
      jurisdiction: { country: 'US', state: null },
      customFocus: null,
      paidTier: false,
    });
    const elapsed = performance.now() - started;
    expect(result.ok, JSON.stringify(!result.ok && result.error)).toBe(true);
    if (!result.ok) return;
    const analysis = analysisResultSchema.parse(result.value);
    const { pages } = analysis.metadata;
    expect(analysis.metadata).toMatchObject({ analyzer: 'embedded', model: EMBEDDED_MODEL, promptVersion: null });
    expect(analysis.summary.length).toBeGreaterThan(20);
    expect(analysis.citations.length).toBeGreaterThan(0);
    expect(analysis.citations.every((c) => c.page >= 1 && c.page <= pages)).toBe(true);
    expect(analysis.citations.some((c) => c.section === 'summary')).toBe(true);
    const verified = analysis.citations.filter((c) => c.verified).length / analysis.citations.length;
    expect(verified).toBeGreaterThanOrEqual(0.9);
    // Every item of every list rests on at least one citation.
    for (const section of ['keyInsights', 'constitutionalIssues', 'citizenAction', 'legalRisks'] as const) {
      analysis[section].forEach((_, index) =>
        expect(analysis.citations.some((c) => c.section === section && c.index === index), `${section}[${index}]`).toBe(true),
      );
    }
    expect(analysis.citations.every((c) => c.quote.length <= 300)).toBe(true);
    expect(elapsed).toBeLessThan(30_000);
  });

  it('finds the levy, the tax and the Article I taxing clause in the tax-levy ordinance', async () => {
    const bytes = new Uint8Array(readFileSync(path.join(corpus, 'wpld-ordinance-20-21-02-maintenance-levy.pdf')));
    const result = await useCase.execute({
      source: { kind: 'pdf', bytes },
      title: 'Building maintenance levy',
      analysisType: 'constitutional',
      jurisdiction: { country: 'US', state: null },
      customFocus: null,
      paidTier: false,
    });
    if (!result.ok) throw new Error(result.error.code);
    expect(result.value.summary).toMatch(/special tax of \.02%/);
    expect(result.value.legalRisks.join(' ')).toMatch(/^Taxes:/m);
    expect(result.value.constitutionalIssues.some((i) => i.startsWith('Article I, Section 8'))).toBe(true);
  });

  it('turns the meeting notice into citizen actions with its date or contact', async () => {
    const bytes = new Uint8Array(readFileSync(path.join(corpus, 'il-finance-authority-special-meeting-2020-12-03.pdf')));
    const result = await useCase.execute({
      source: { kind: 'pdf', bytes },
      title: 'Special meeting',
      analysisType: 'summary',
      jurisdiction: { country: 'US', state: null },
      customFocus: null,
      paidTier: false,
    });
    if (!result.ok) throw new Error(result.error.code);
    expect(result.value.citizenAction.length).toBeGreaterThan(0);
    expect(result.value.citizenAction.join(' ')).toMatch(/meeting|Contact|comment|hearing/i);
  });
});

describe('a very long document', () => {
  it('analyses 66 pages of minutes-like text in seconds', async () => {
    const page = (n: number) =>
      `WARRENVILLE PUBLIC LIBRARY DISTRICT\nBoard of Trustees Meeting Packet\n` +
      `${n}. The Board reviewed invoice ${n} of $${(n * 137).toLocaleString('en-US')} for building repairs and voted to approve the payment.\n` +
      `Trustee comments were received on the fiscal year 2019 budget, and the public hearing is set for September ${(n % 28) + 1}, 2018 at 7:00 p.m.\n`.repeat(12) +
      `Page ${n} of 66\n`;
    const text = Array.from({ length: 66 }, (_, i) => page(i + 1));
    const started = performance.now();
    const result = await new EmbeddedDocumentAnalyzer().analyze({
      pages: text.map((t, i) => ({ number: i + 1, text: t, ocr: true })),
      title: 'Board packet',
      analysisType: 'summary',
      jurisdiction: { country: 'US', state: null },
      customFocus: null,
      prompt: '',
    });
    expect(result.ok).toBe(true);
    expect(performance.now() - started).toBeLessThan(15_000);
    if (result.ok) expect(result.value.draft.summary).not.toContain('Page 1 of 66');
  });
});
