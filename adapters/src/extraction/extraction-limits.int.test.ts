/**
 * What reading a hostile PDF may cost: the stream budget counted use by use, image and render limits, the time
 * limit per page, the heap and memory limits per process, through the real process pool. A process ended for a
 * limit is replaced: the same pool reads the next document.
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { ExtractionPool } from './extraction-pool.ts';
import { PdfjsTextExtractor } from './pdfjs-text-extractor.ts';
import { TOO_MUCH_DATA_MESSAGE } from './extraction.protocol.ts';
import { contentStreamBomb, hugePage, imageBomb, REUSE_SHAPES, reuseBomb, textRunStorm } from './testing/hostile-pdfs.ts';
import { corpusDir } from '../testing/shared-corpus.ts';

const fixtures = new URL('./fixtures/', import.meta.url).pathname;
const plain = () => new Uint8Array(readFileSync(`${fixtures}plain.pdf`));
const pools: ExtractionPool[] = [];
const extractorWith = (options: { maxHeapMb?: number; maxMemoryMb?: number; pageTimeLimitMs?: number } = {}) => {
  const pool = new ExtractionPool({ maxProcesses: 1, maxHeapMb: options.maxHeapMb, maxMemoryMb: options.maxMemoryMb });
  pools.push(pool);
  return new PdfjsTextExtractor({ pool, pageTimeLimitMs: options.pageTimeLimitMs });
};
afterAll(() => Promise.all(pools.map((pool) => pool.close())));

const timed = async <T>(work: () => Promise<T>) => {
  const started = Date.now();
  const value = await work();
  return { value, ms: Date.now() - started };
};

describe('PdfjsTextExtractor limits', () => {
  const extractor = extractorWith();

  it('refuses a 1 GiB content stream in 4 KB (Flate twice) before pdf.js decodes it', async () => {
    const bomb = await contentStreamBomb();
    expect(bomb.length).toBeLessThan(16_384);
    const { value, ms } = await timed(() => extractor.extract(bomb));
    expect(value).toEqual({ ok: false, error: { code: 'document.too_complex', message: TOO_MUCH_DATA_MESSAGE } });
    expect(ms).toBeLessThan(5_000);
  });

  it('leaves out an image of 100 million pixels instead of decoding it: the page reads as blank', async () => {
    // 100 MB once inflated: within the stream budget, over the image limit.
    const { value, ms } = await timed(async () => extractor.extract(await imageBomb(10_000, 1)));
    expect(value).toMatchObject({ ok: false, error: { code: 'document.empty' } });
    expect(ms).toBeLessThan(20_000);
  });

  it('reads a 200-inch page at a lower resolution instead of rendering 1.6 billion pixels', async () => {
    const result = await extractor.extract(hugePage());
    // A uniform grey scan: OCR finds no text, and the canvas never outgrew the render limit.
    expect(result).toMatchObject({ ok: false, error: { code: 'document.empty' } });
  });

  // The 63 KB attack: one 50 MiB stream used 2,000 times, 100 GB for pdf.js to decode.
  it.each(REUSE_SHAPES)('refuses a %s re-use bomb within 5 seconds, before pdf.js decodes it', async (shape) => {
    const bomb = await reuseBomb(shape);
    const { value, ms } = await timed(() => extractor.extract(bomb));
    expect(value).toEqual({ ok: false, error: { code: 'document.too_complex', message: TOO_MUCH_DATA_MESSAGE } });
    expect(ms).toBeLessThan(5_000);
  });

  it('still reads an ordinary PDF afterwards', async () => {
    expect(await extractor.extract(plain())).toMatchObject({ ok: true });
  });
});

describe('a process over its limits is ended and replaced', () => {
  it('refuses a page that takes longer than the time limit, then reads the next document', async () => {
    const extractor = extractorWith({ pageTimeLimitMs: 1_000 });
    // One scanned page: loading the OCR model and reading it take seconds.
    const scan = new Uint8Array(readFileSync(`${corpusDir}/wpld-ordinance-08-09-06-prevailing-wage-scan.pdf`));
    const { value, ms } = await timed(() => extractor.extract(scan));
    expect(value).toEqual({
      ok: false,
      error: { code: 'document.too_complex', message: 'Reading this PDF took too long: a page needed more than 1 second. Please upload a smaller or simpler PDF.' },
    });
    expect(ms).toBeLessThan(10_000);
    expect(await extractor.extract(plain())).toMatchObject({ ok: true });
  });

  it('refuses a page whose text outgrows the process\'s heap, then reads the next document', async () => {
    const extractor = extractorWith({ maxHeapMb: 64 });
    const result = await extractor.extract(textRunStorm(2_000_000));
    expect(result).toEqual({
      ok: false,
      error: { code: 'document.too_complex', message: 'This PDF needs more memory to read than the server allows. Please upload a smaller or simpler PDF.' },
    });
    expect(await extractor.extract(plain())).toMatchObject({ ok: true });
  });

  it('refuses a page that outgrows the process\'s memory, then reads the next document', async () => {
    // An image of 49 million pixels is within every budget; decoding and painting it holds about 250 MB,
    // more than this pool's processes may.
    const extractor = extractorWith({ maxMemoryMb: 200 });
    const result = await extractor.extract(await imageBomb(7_000, 1));
    expect(result).toEqual({
      ok: false,
      error: { code: 'document.too_complex', message: 'This PDF needs more memory to read than the server allows. Please upload a smaller or simpler PDF.' },
    });
    expect(await extractor.extract(plain())).toMatchObject({ ok: true });
  });
});
