import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { ExtractionProgress } from '@civicwatch/core';
import { ExtractionPool } from './extraction-pool.ts';
import { PdfjsTextExtractor } from './pdfjs-text-extractor.ts';
import { corpusDir } from '../testing/shared-corpus.ts';

const pool = new ExtractionPool();
const extractor = new PdfjsTextExtractor({ pool });
afterAll(() => pool.close());
const read = (name: string) => new Uint8Array(readFileSync(`${corpusDir}/${name}`));

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
