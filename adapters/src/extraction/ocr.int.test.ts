/**
 * OCR of scans as citizens upload them (ADR 0021): pages scanned sideways or upside down, documents in French and
 * Spanish, a language OCR has no data for. The reference is Debian's native `tesseract` reading the same page,
 * rendered by poppler and turned upright by the test; qpdf cuts pages. OCR is heavy on a shared two-core machine:
 * each test reads one or two pages.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtractedDocument } from '@civicwatch/core';
import { corpusDir } from '../testing/shared-corpus.ts';
import type { ExtractionProgress } from '@civicwatch/core/analysis/text-extractor.port.ts';
import { ExtractionPool, processTree } from './extraction-pool.ts';
import type { OcrLanguage } from './ocr-languages.ts';
import { DEFAULT_OCR_DPI, PdfjsTextExtractor } from './pdfjs-text-extractor.ts';
import { renderPage, turn } from './testing/greyscale-image.ts';
import { NATIVE_TESSERACT_INSTALL, nativeOrientation, nativeTesseractLanguages, nativeText, wordOverlap } from './testing/native-tesseract.ts';
import { scanOf, textPdf } from './testing/scanned-pdf.ts';

const corpus = (name: string): string => join(corpusDir, name);
/** One page of a PDF as a PDF of its own, in memory. */
const cutPage = (name: string, page: number): Uint8Array => new Uint8Array(execFileSync('qpdf', [corpus(name), '--pages', '.', String(page), '--', '-']));
/** The reference reads at the resolution the extractor renders at: the same pixels, the other build. */
const DPI = DEFAULT_OCR_DPI;
/** Word overlap with native tesseract the issue asks of each page (issue 16). */
const OVERLAP = 0.8;

const pool = new ExtractionPool({ maxProcesses: 1 });
const logged: string[] = [];
const extractor = (ocrLanguages?: OcrLanguage[]) => new PdfjsTextExtractor({ pool, ocrLanguages, logger: { debug: (line) => logged.push(line) } });
const read = async (bytes: Uint8Array, ocrLanguages?: OcrLanguage[]): Promise<ExtractedDocument> => {
  const result = await extractor(ocrLanguages).extract(bytes);
  if (!result.ok) throw new Error(`expected pages, got ${result.error.code}: ${result.error.message}`);
  return result.value;
};

beforeAll(() => {
  for (const tool of ['pdftoppm', 'qpdf']) {
    if (spawnSync(tool, ['-v'], { stdio: 'ignore' }).error) throw new Error(`${tool} is needed: apt-get install -y poppler-utils qpdf`);
  }
  const languages = nativeTesseractLanguages();
  const missing = ['eng', 'fra', 'spa', 'osd'].filter((language) => !languages.includes(language));
  if (missing.length > 0) throw new Error(`native tesseract with ${missing.join(', ')} is the reference: ${NATIVE_TESSERACT_INSTALL}`);
});
const twoAtOnce = new ExtractionPool({ maxProcesses: 1, ocrThreads: 2 });
afterAll(() => Promise.all([pool.close(), twoAtOnce.close()]));

describe('pages scanned sideways', () => {
  it.each([38, 50])('reads page %i of the board packet, scanned sideways, as native tesseract reads it turned upright', { timeout: 300_000 }, async (page) => {
    const name = 'wpld-board-packet-2018-08-15-scan.pdf';
    const scan = renderPage(corpus(name), page, DPI);
    const orientation = nativeOrientation(scan, DPI);
    expect(orientation?.turn, 'the reference sees the page sideways').not.toBe(0);
    const reference = nativeText(turn(scan, orientation!.turn), DPI, 'eng');

    const { pages, warnings } = await read(cutPage(name, page));
    expect(pages[0]?.ocr).toBe(true);
    expect(wordOverlap(reference, pages[0]!.text)).toBeGreaterThanOrEqual(OVERLAP);
    expect(warnings).toEqual([]);
  });
});

describe('pages read at once (ADR 0025)', () => {
  const board = 'wpld-board-packet-2018-08-15-scan.pdf';
  const cutPages = (pages: string): Uint8Array => new Uint8Array(execFileSync('qpdf', [corpus(board), '--pages', '.', pages, '--', '-']));
  const extractor = new PdfjsTextExtractor({ pool: twoAtOnce });
  /** The `tesseract` processes this test's extraction processes have running. */
  const tesseracts = (): number[] => processTree(process.pid).slice(1)
    .filter((pid) => { try { return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'tesseract'; } catch { return false; } });

  it('reads two pages at a time, takes them in order and says so page by page', { timeout: 300_000 }, async () => {
    const progress: ExtractionProgress[] = [];
    const result = await extractor.extract(cutPages('1-3'), { onProgress: (step) => progress.push(step) });

    expect(progress.map((step) => `${step.stage} ${step.page}`)).toEqual(['extracting 1', 'ocr 1', 'extracting 2', 'ocr 2', 'extracting 3', 'ocr 3']);
    expect(result.ok && result.value.pages.map((page) => [page.number, page.ocr])).toEqual([[1, true], [2, true], [3, true]]);
    expect(result.ok && result.value.pages[1]!.text).toContain('Department Head Reports');
  });

  it('stops at the page that takes the document over its characters, and stops the pages read after it', { timeout: 300_000 }, async () => {
    const progress: ExtractionProgress[] = [];
    const result = await extractor.extract(cutPages('1-6'), { maxCharacters: 100, onProgress: (step) => progress.push(step) });

    expect(result.ok ? result.value : result.error).toMatchObject({ code: 'document.too_many_characters', message: expect.stringContaining('page 1 takes it over') });
    expect(Math.max(...progress.map((step) => step.page)), 'no page begun beyond twice the readers').toBeLessThanOrEqual(4);
    expect(tesseracts()).toEqual([]);
  });

  it('reads with tesseract.js where native tesseract is not installed: a page scanned sideways as native tesseract reads it upright', { timeout: 300_000 }, async () => {
    const scan = renderPage(corpus(board), 38, DPI);
    const orientation = nativeOrientation(scan, DPI);
    const reference = nativeText(turn(scan, orientation!.turn), DPI, 'eng');
    const result = await new PdfjsTextExtractor({ pool: twoAtOnce, nativeOcr: false }).extract(cutPage(board, 38));

    expect(result.ok && wordOverlap(reference, result.value.pages[0]!.text)).toBeGreaterThanOrEqual(OVERLAP);
  });
});

describe('tables', () => {
  it.each([
    ['wpld-ordinance-19-20-04-levy-scan.pdf', 2, ['Postage', 'Office', 'Officers/Directors', 'Workers Compensation']],
    // Here Tesseract's layout analysis finds the amounts as columns of their own.
    ['wpld-ordinance-18-19-04-levy-scan.pdf', 4, ['P Debt Repayment', '4. BUILDING AND MAINTENANCE (.02%)']],
  ])('reads %s page %i as rows: each line item with its amounts on its line', { timeout: 300_000 }, async (file, page, items) => {
    const { pages } = await read(cutPage(join('versions', file), page));
    const lines = pages[0]!.text.split('\n');
    for (const item of items) expect(lines.find((line) => line.startsWith(item)), item).toMatch(/ \$\d{1,3},\d{3} \$\d{1,3},\d{3}$/);
  });
});

describe('scans in French and Spanish', () => {
  it('reads a French scan in French, its second page turned a quarter, after the first page shows its language', { timeout: 400_000 }, async () => {
    const name = 'fr-chemere-compte-rendu-conseil-municipal-2014-01-14.pdf';
    const { pages, warnings } = await read(scanOf(corpus(name), [1, 2], { dpi: DPI, turns: { 2: 270 } }));

    expect(pages.map((page) => page.ocr)).toEqual([true, true]);
    for (const [index, page] of pages.entries()) {
      const reference = nativeText(renderPage(corpus(name), index + 1, DPI), DPI, 'fra');
      expect(wordOverlap(reference, page.text), `page ${index + 1}`).toBeGreaterThanOrEqual(OVERLAP);
    }
    // Read with the English model, these lose their accents.
    expect(pages[0]?.text).toMatch(/Présents ?: 14/);
    expect(pages[0]?.text).toContain('dûment convoqué');
    expect(pages[1]?.text).toContain('après en avoir délibéré');
    expect(pages[1]?.text).toContain('télétransmission');
    expect(warnings).toEqual([]);
  });

  it('reads a page scanned upside down, with the languages OCR_LANGUAGES names', { timeout: 300_000 }, async () => {
    const name = 'qc-sainte-adele-ordre-du-jour-resolutions-2023-04-06.pdf';
    const { pages, warnings } = await read(scanOf(corpus(name), [1], { dpi: DPI, turns: { 1: 180 } }), ['fra']);

    const reference = nativeText(renderPage(corpus(name), 1, DPI), DPI, 'fra');
    expect(wordOverlap(reference, pages[0]!.text)).toBeGreaterThanOrEqual(OVERLAP);
    for (const words of ['séance extraordinaire du 6 avril 2023', 'SÉCURITÉ PUBLIQUE', 'RÈGLEMENTS']) expect(pages[0]?.text).toContain(words);
    expect(warnings).toEqual([]);
  });

  it('reads the Argentine ordinance, scanned by its council, in Spanish', { timeout: 300_000 }, async () => {
    const name = 'ar-carmen-de-areco-ordenanza-impositiva-3282-2025-scan.pdf';
    const { pages, warnings } = await read(cutPage(name, 1));

    const reference = nativeText(renderPage(corpus(name), 1, DPI), DPI, 'spa');
    expect(wordOverlap(reference, pages[0]!.text)).toBeGreaterThanOrEqual(OVERLAP);
    for (const word of ['deberán', 'alícuotas', 'cobrará', 'Áreas']) expect(pages[0]?.text).toContain(word);
    expect(warnings).toEqual([]);
  });

  it('reads Spanish minutes, printed and scanned, in Spanish', { timeout: 300_000 }, async () => {
    const name = 'es-la-zarza-acta-pleno-extraordinario-2025-02-05.pdf';
    const { pages } = await read(scanOf(corpus(name), [1], { dpi: DPI }));

    // Read as the product reads (one column, PSM 4): the margin's vertical e-signature stamp, which automatic
    // segmentation reads and PSM 4 does not (ADR 0021), is no measure of the language.
    const reference = nativeText(renderPage(corpus(name), 1, DPI), DPI, 'spa', 4);
    expect(wordOverlap(reference, pages[0]!.text)).toBeGreaterThanOrEqual(OVERLAP);
    for (const word of ['SEÑORES', 'Señores Concejales', 'artículo', 'días hábiles']) expect(pages[0]?.text).toContain(word);
  });
});

describe('a language OCR has no data for', () => {
  it('reads a German scan as English, and says so in the warnings', { timeout: 300_000 }, async () => {
    const german = textPdf(readFileSync(new URL('./fixtures/gemeinderat-niederschrift.txt', import.meta.url), 'utf8').trimEnd().split('\n'));
    const { pages, warnings } = await read(scanOf(german, [1], { dpi: DPI }));

    expect(pages[0]).toMatchObject({ ocr: true, text: expect.stringContaining('Gemeinderat') });
    expect(warnings).toEqual(['This document seems to be in German, for which OCR has no language data (it has English, French and Spanish): '
      + 'its scanned pages were read as English, and their text may hold errors.']);
  });
});
