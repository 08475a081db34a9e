import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { ExtractionProgress } from '@civicwatch/core';
import { ExtractionPool } from './extraction-pool.ts';
import { PdfjsTextExtractor } from './pdfjs-text-extractor.ts';
import { corpusDir } from '../testing/shared-corpus.ts';

const pool = new ExtractionPool();
const checkPool = new ExtractionPool({ maxProcesses: 2, minWarm: 2, startTogether: true });
const extractor = new PdfjsTextExtractor({ pool, checkPool });
afterAll(() => Promise.all([pool.close(), checkPool.close()]));
const read = (name: string) => new Uint8Array(readFileSync(`${corpusDir}/${name}`));
const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)));

describe('PdfjsTextExtractor maxPages (a tier\'s page limit)', () => {
  it('refuses a scanned PDF over the limit as soon as it is opened: no page is read, none OCR\'d', async () => {
    const progress: ExtractionProgress[] = [];
    const started = Date.now();
    const result = await extractor.extract(read('wpld-minutes-2019-10-16-scan.pdf'), { maxPages: 5, onProgress: (p) => progress.push(p) });
    expect(result).toEqual({ ok: false, error: { code: 'document.too_many_pages', message: 'This PDF has 7 pages, more than the 5 pages allowed.' } });
    expect(progress).toEqual([]);
    // OCR of one page takes seconds; opening the file does not.
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('reads a PDF within the limit', async () => {
    const result = await extractor.extract(read('wpld-ordinance-20-21-02-maintenance-levy.pdf'), { maxPages: 3 });
    expect(result.ok && result.value.pages.map((p) => p.number)).toEqual([1, 2, 3]);
  });
});

describe('PdfjsTextExtractor maxCharacters (a tier\'s character limit)', () => {
  it('stops reading at the page that takes the document over the limit, not after the rest', async () => {
    const progress: ExtractionProgress[] = [];
    const result = await extractor.extract(read('fedreg-2020-17221.pdf'), { maxCharacters: 10_000, onProgress: (p) => progress.push(p) });
    expect(!result.ok && result.error.code).toBe('document.too_many_characters');
    const last = progress.at(-1);
    expect(last?.pages).toBe(15);
    expect(!result.ok && result.error.message).toBe(`This document has more than 10000 characters of text: page ${last?.page} takes it over.`);
    // A Federal Register page holds some 8,000 characters: the second page goes over, the other 13 are never read.
    expect(last?.page).toBeLessThanOrEqual(3);
  });
});

describe('PdfjsTextExtractor check (what is refused before a credit is taken)', () => {
  it('counts the pages of the corpus\'s 66-page scan without reading one', async () => {
    expect(await extractor.check(read('wpld-board-packet-2018-08-15-scan.pdf'))).toEqual({ ok: true, value: { pages: 66 } });
  });

  it('refuses what reading would refuse on opening, with the same codes and messages', async () => {
    const board = read('wpld-board-packet-2018-08-15-scan.pdf');
    for (const [bytes, maxPages] of [[board, 10], [fixture('truncated.pdf'), undefined], [fixture('user-password.pdf'), undefined], [fixture('zero-pages.pdf'), undefined]] as const) {
      const checked = await extractor.check(bytes, { maxPages });
      const read = await extractor.extract(bytes, { maxPages });
      expect(checked.ok).toBe(false);
      expect(checked).toEqual(read);
    }
    expect(await extractor.check(board, { maxPages: 10 })).toEqual({
      ok: false, error: { code: 'document.too_many_pages', message: 'This PDF has 66 pages, more than the 10 pages allowed.' },
    });
  });

  it('refuses the corpus\'s 66-page scan over 10,000 characters from the pictures of its pages, before any OCR', async () => {
    const checked = await extractor.check(read('wpld-board-packet-2018-08-15-scan.pdf'), { maxPages: 66, maxCharacters: 10_000 });
    expect(!checked.ok && checked.error.code).toBe('document.too_many_characters');
    const [, counted, shown] = /^This scan has more than 10000 characters of text: (\d+) of its 66 pages show at least (\d+)\.$/.exec(!checked.ok ? checked.error.message : '') ?? [];
    // Reading finds 14,630 characters on its first 9 pages: counting finds fewer, so it looks at a few more.
    expect(Number(counted)).toBeGreaterThan(9);
    expect(Number(counted)).toBeLessThan(20);
    expect(Number(shown)).toBeGreaterThan(10_000);
    // Within its limit, it is opened and left to reading.
    expect(await extractor.check(read('wpld-board-packet-2018-08-15-scan.pdf'), { maxPages: 66, maxCharacters: 1_000_000 })).toEqual({ ok: true, value: { pages: 66 } });
  });

  it('leaves to reading a scan whose pictures do not prove it over: counting finds fewer characters than OCR reads', async () => {
    // OCR reads 11,216 characters in these minutes: over 10,000, but too few for counting to be sure of it.
    const minutes = read('wpld-minutes-2019-10-16-scan.pdf');
    expect(await extractor.check(minutes, { maxCharacters: 10_000 })).toEqual({ ok: true, value: { pages: 7 } });
    const reading = await extractor.extract(minutes, { maxCharacters: 10_000 });
    expect(!reading.ok && reading.error.code).toBe('document.too_many_characters');
  });

  it('counts no text PDF: its characters are read, which is quick', async () => {
    expect(await extractor.check(read('fedreg-2020-17221.pdf'), { maxCharacters: 100 })).toEqual({ ok: true, value: { pages: 15 } });
  });
});
