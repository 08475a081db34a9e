/**
 * PdfjsTextExtractor against the shared corpus (real government PDFs) and tiny fixtures, through the real
 * worker pool. Needs poppler-utils (`pdfinfo`, `pdftotext`) and `qpdf` as references and page cutters.
 * OCR is heavy on a shared two-core machine: one short scan is read in full, the others one page each.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtractedPage, ExtractionProgress } from '@civicwatch/core';
import { ExtractionPool } from './extraction-pool.ts';
import { PdfjsTextExtractor } from './pdfjs-text-extractor.ts';
import { corpusDir } from '../testing/shared-corpus.ts';
import { EldLanguageDetector } from '../analysis/language/eld-language-detector.ts';

const corpus = `${corpusDir}/`;
const fixtures = new URL('./fixtures/', import.meta.url).pathname;
const pdfFiles = readdirSync(corpus).filter((name) => name.endsWith('.pdf'));
const textPdfs = pdfFiles.filter((name) => !name.endsWith('-scan.pdf'));

const pdfinfoPages = (path: string): number => Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [path], { encoding: 'utf8' }))?.[1]);
const pdftotextPage = (path: string, page: number): string =>
  execFileSync('pdftotext', ['-f', String(page), '-l', String(page), path, '-'], { encoding: 'utf8' });
/** One page of a PDF as a PDF of its own, in memory. */
const cutPage = (path: string, page: number): Uint8Array => new Uint8Array(execFileSync('qpdf', [path, '--pages', '.', String(page), '--', '-']));
const words = (text: string): string[] => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];

/** Share of the reference's words (with repeats) found in the text. */
function wordRecall(reference: string, text: string): number {
  const counts = new Map<string, number>();
  for (const word of words(text)) counts.set(word, (counts.get(word) ?? 0) + 1);
  const expected = words(reference);
  let found = 0;
  for (const word of expected) {
    const left = counts.get(word) ?? 0;
    if (left > 0) {
      found++;
      counts.set(word, left - 1);
    }
  }
  return expected.length === 0 ? 1 : found / expected.length;
}

function pagesOf(result: Awaited<ReturnType<PdfjsTextExtractor['extract']>>): ExtractedPage[] {
  if (!result.ok) throw new Error(`expected pages, got ${result.error.code}: ${result.error.message}`);
  return result.value.pages;
}

const pool = new ExtractionPool();
/**
 * The language detector that chooses a scan's OCR model runs in this process, as in the server, where the first
 * analysis loads it anyway: loaded before the tests, so that its one load (about 0.3 s) is not taken for OCR
 * holding up the event loop.
 */
const languageDetector = new EldLanguageDetector();
const extractor = new PdfjsTextExtractor({ pool, languageDetector });

beforeAll(async () => {
  // Enough letters (a hundred) for the detector to load its n-grams.
  await languageDetector.detect('The Board of Trustees of the library district met in regular session. '.repeat(3));
  for (const tool of ['pdfinfo', 'pdftotext', 'qpdf']) {
    // Only a missing program matters: poppler's tools exit non-zero on `-v`.
    if (spawnSync(tool, ['-v'], { stdio: 'ignore' }).error) {
      throw new Error(`${tool} is needed as a reference: apt-get install -y poppler-utils qpdf`);
    }
  }
});
afterAll(() => extractor.close());

describe('text PDFs of the corpus', () => {
  it.each(textPdfs)('%s: every page has its text layer, in pdftotext’s words', async (name) => {
    const path = join(corpus, name);
    const pages = pagesOf(await extractor.extract(readFileSync(path)));

    expect(pages.map((page) => page.number)).toEqual(Array.from({ length: pdfinfoPages(path) }, (_, index) => index + 1));
    for (const page of pages) {
      expect(page.ocr, `page ${page.number}`).toBe(false);
      expect(page.text.trim(), `page ${page.number}`).not.toBe('');
      expect(wordRecall(pdftotextPage(path, page.number), page.text), `page ${page.number}`).toBeGreaterThan(0.97);
    }
  });

  it('joins text into lines that read as sentences', async () => {
    const pages = pagesOf(await extractor.extract(readFileSync(join(corpus, 'nlrb-decision-sample1.pdf'))));
    expect(pages[0]?.text).toContain('The tally of ballots shows 19 votes\ncast for and 17 against the Petitioner, with no challenged ballots.');
    expect(pages[0]?.text).toContain('and Case 04-RC-128714');
  });
});

describe('scanned PDFs of the corpus', () => {
  it('reads a whole short scan by OCR, page by page, while the main thread keeps answering', { timeout: 600_000 }, async () => {
    const progress: ExtractionProgress[] = [];
    let longestTickGap = 0;
    let lastTick = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longestTickGap = Math.max(longestTickGap, now - lastTick);
      lastTick = now;
    }, 20);
    let pages: ExtractedPage[];
    try {
      pages = pagesOf(
        await extractor.extract(readFileSync(join(corpus, 'wpld-minutes-2019-10-16-scan.pdf')), {
          onProgress: (event) => progress.push(event),
        }),
      );
    } finally {
      clearInterval(ticker);
    }

    expect(pages).toHaveLength(7);
    expect(pages.every((page) => page.ocr)).toBe(true);
    expect(pages[0]?.text).toMatch(/WARRENVILLE PUBLIC LIBRARY DISTRICT/);
    expect(pages[0]?.text).toMatch(/MINUTES OF THE REGULAR MEETING/);
    expect(pages.map((page) => page.text).join('\n')).toMatch(/Motion carried/);
    for (const page of pages) expect(words(page.text).length, `page ${page.number}`).toBeGreaterThan(20);

    const expected = pages.flatMap((page): ExtractionProgress[] => [
      { stage: 'extracting', page: page.number, pages: 7 },
      { stage: 'ocr', page: page.number, pages: 7 },
    ]);
    expect(progress).toEqual(expected);
    // Several seconds of OCR per page happened in the pool; the event loop here never waited for it.
    expect(longestTickGap).toBeLessThan(1_000);
  });

  it.each([
    ['wpld-ordinance-08-09-06-prevailing-wage-scan.pdf', 1, /ORDINANCE/i],
    ['wpld-board-packet-2018-08-15-scan.pdf', 1, /Warrenville/i],
  ])('%s: page %i is read by OCR', { timeout: 300_000 }, async (name, page, expected) => {
    const pages = pagesOf(await extractor.extract(cutPage(join(corpus, name), page)));
    expect(pages).toEqual([{ number: 1, text: expect.stringMatching(expected), ocr: true }]);
  });

  it('reads a page scanned sideways by turning it', { timeout: 300_000 }, async () => {
    const pages = pagesOf(await extractor.extract(cutPage(join(corpus, 'wpld-board-packet-2018-08-15-scan.pdf'), 50)));
    expect(pages[0]?.ocr).toBe(true);
    expect(pages[0]?.text).toMatch(/registered user/i);
    expect(pages[0]?.text).toMatch(/Secretary of State/);
  });
});

describe('documents that cannot be read', () => {
  const fixture = (name: string): Uint8Array => readFileSync(join(fixtures, name));

  it.each([
    ['a PNG', fixture('not-a-pdf.png'), 'document.not_pdf', 'This file is not a PDF.'],
    ['plain text', new TextEncoder().encode('Minutes of the regular meeting'), 'document.not_pdf', 'This file is not a PDF.'],
    ['no bytes at all', new Uint8Array(), 'document.not_pdf', 'The file is empty; please upload a PDF.'],
    ['a truncated PDF', fixture('truncated.pdf'), 'document.corrupt', 'This PDF is damaged and cannot be read.'],
    ['a garbled PDF', fixture('garbled.pdf'), 'document.corrupt', 'This PDF is damaged and cannot be read.'],
    ['a PDF that needs a user password', fixture('user-password.pdf'), 'document.encrypted', 'This PDF is protected by a password. Remove the password and upload it again.'],
    ['a PDF without pages', fixture('zero-pages.pdf'), 'document.empty', 'This PDF has no pages.'],
    ['a blank PDF', fixture('blank.pdf'), 'document.empty', 'No text could be read from this PDF: its pages are blank or too unclear for OCR.'],
  ])('refuses %s with its code and a clear message', async (_, bytes, code, message) => {
    expect(await extractor.extract(bytes)).toEqual({ ok: false, error: { code, message } });
  });

  it('reads a PDF with only an owner password (restrictions, no password to open)', async () => {
    const pages = pagesOf(await extractor.extract(fixture('owner-password.pdf')));
    expect(pages).toEqual([{ number: 1, text: 'The Board of Trustees approved the annual budget.\nMotion carried unanimously.', ocr: false }]);
  });
});

describe('the call', () => {
  it('leaves the caller’s bytes intact', async () => {
    const bytes = readFileSync(join(fixtures, 'plain.pdf'));
    const before = Buffer.from(bytes);
    await extractor.extract(bytes);
    expect(Buffer.from(bytes).equals(before)).toBe(true);
  });

  it('stops at once when aborted, and the pool reads the next document', { timeout: 300_000 }, async () => {
    const controller = new AbortController();
    let abortedAt = Number.NaN;
    const reading = extractor.extract(readFileSync(join(corpus, 'wpld-minutes-2019-10-16-scan.pdf')), {
      signal: controller.signal,
      onProgress: (event) => {
        if (event.stage === 'extracting' && event.page === 1) {
          abortedAt = performance.now();
          controller.abort();
        }
      },
    });
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
    // The page being read by OCR (seconds) is not waited for.
    expect(performance.now() - abortedAt).toBeLessThan(500);

    const next = pagesOf(await extractor.extract(readFileSync(join(fixtures, 'plain.pdf'))));
    expect(next[0]?.text).toContain('annual budget');
  });

  it('refuses an already aborted signal without starting', async () => {
    await expect(extractor.extract(readFileSync(join(fixtures, 'plain.pdf')), { signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});
