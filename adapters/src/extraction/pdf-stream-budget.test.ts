import { readdirSync, readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { checkStreamBudget, DEFAULT_STREAM_BUDGET } from './pdf-stream-budget.ts';
import { manyPages, pdfOf, REUSE_SHAPES, reuseBomb, streamObject } from './testing/hostile-pdfs.ts';
import { corpusDir } from '../testing/shared-corpus.ts';

const budget = { maxStreamBytes: 1_000, maxPageBytes: 2_000, maxTotalBytes: 2_500 };
const flate = (size: number) => deflateSync(Buffer.alloc(size, 0x20));
const pdfWith = (...streams: Buffer[]) => new Uint8Array(pdfOf(['<< /Type /Catalog >>', ...streams]));

describe('checkStreamBudget', () => {
  it('counts what each Flate stream decodes to, through a chain of two', () => {
    expect(checkStreamBudget(pdfWith(
      streamObject('', flate(600), ['FlateDecode']),
      streamObject('', deflateSync(flate(700)), ['FlateDecode', 'FlateDecode']),
    ), budget)).toEqual({ withinBudget: true, decodedBytes: 1_300, namesFonts: false });
  });

  it('refuses one stream that decodes to more than a stream may', () => {
    expect(checkStreamBudget(pdfWith(streamObject('', deflateSync(flate(1_001)), ['FlateDecode', 'FlateDecode'])), budget))
      .toEqual({ withinBudget: false, limit: 'stream' });
  });

  it('refuses streams that decode to more than the document may in all', () => {
    const streams = [900, 900, 900].map((size) => streamObject('', flate(size), ['FlateDecode']));
    expect(checkStreamBudget(pdfWith(...streams), budget)).toEqual({ withinBudget: false, limit: 'total' });
  });

  it('counts a Flate stream at the most its length can decode to, without inflating it, while that keeps within the limits', () => {
    const compressed = flate(600);
    expect(checkStreamBudget(pdfWith(streamObject('', compressed, ['FlateDecode'])))).toEqual({ withinBudget: true, decodedBytes: 1_032 * compressed.length, namesFonts: false });
  });

  it('inflates what it counts when the bounds add up to more than a page may hold', () => {
    const page = '<< /Type /Page /MediaBox [0 0 612 792] /Contents [3 0 R 3 0 R] >>';
    const verdict = checkStreamBudget(pdfWith(Buffer.from(page), streamObject('', flate(600), ['FlateDecode'])), { ...budget, maxStreamBytes: 1_000_000 });
    expect(verdict).toEqual({ withinBudget: true, decodedBytes: 1_200, namesFonts: false });
  });

  it('counts what it cannot inflate at its own length: unfiltered streams, other filters, damaged Flate', () => {
    expect(checkStreamBudget(pdfWith(
      streamObject('', Buffer.alloc(500, 0x20)),
      streamObject('', Buffer.from('41 42 43>'), ['ASCIIHexDecode', 'FlateDecode']),
      streamObject('', Buffer.from('not flate at all'), ['FlateDecode']),
    ), budget)).toEqual({ withinBudget: true, decodedBytes: 500 + 9 + 16, namesFonts: false });
  });

  it('counts a truncated stream as far as it decodes', () => {
    const whole = flate(800);
    const cut = whole.subarray(0, whole.length - 4);
    const verdict = checkStreamBudget(pdfWith(streamObject('', cut, ['FlateDecode'])), budget);
    expect(verdict.withinBudget && verdict.decodedBytes).toBeGreaterThan(0);
  });

  it('counts a content stream once for each page that shows it', () => {
    // 40 pages share one content stream: 40 uses.
    const verdict = checkStreamBudget(new Uint8Array(manyPages(40)), DEFAULT_STREAM_BUDGET);
    const content = 'BT /F1 12 Tf 72 720 Td (Section one of the ordinance sets the fee for a permit at ten dollars.) Tj ET'.length;
    expect(verdict).toEqual({ withinBudget: true, decodedBytes: 40 * content, namesFonts: true });
  });
});

describe('a stream used many times is counted at every use', () => {
  // 1 MiB of spaces used 2,000 times: 2 GB decoded, in a file of a few kilobytes.
  it.each(REUSE_SHAPES)('refuses the page of a %s bomb', async (shape) => {
    const bomb = await reuseBomb(shape, 2_000, 1024 * 1024);
    expect(bomb.length).toBeLessThan(1_000_000);
    expect(checkStreamBudget(new Uint8Array(bomb))).toEqual({ withinBudget: false, limit: 'page' });
  });

  it('refuses a page packed in an object stream whose type hides behind name escapes', async () => {
    const header = '5 0 ';
    const page = `<< /Typ#65 /P#61ge /MediaBox [0 0 612 792] /Contents [${'4 0 R '.repeat(2_000)}] >>`;
    const bomb = pdfOf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [5 0 R] /Count 1 >>',
      streamObject(`/Type /ObjStm /N 1 /First ${header.length}`, deflateSync(Buffer.from(header + page)), ['FlateDecode']),
      streamObject('', flate(1024 * 1024), ['FlateDecode']),
    ]);
    expect(checkStreamBudget(new Uint8Array(bomb))).toEqual({ withinBudget: false, limit: 'page' });
  });

  it.each(REUSE_SHAPES)('accepts a %s that uses its stream a few times', async (shape) => {
    const few = await reuseBomb(shape, 4, 1024 * 1024);
    expect(checkStreamBudget(new Uint8Array(few))).toMatchObject({ withinBudget: true });
  });
});

describe('real documents', () => {
  const pdfs = [corpusDir, `${corpusDir}/versions`].flatMap((dir) =>
    readdirSync(dir).filter((name) => name.endsWith('.pdf')).map((name) => `${dir}/${name}`));

  // The scans are pictures of their pages; every other PDF draws its text with fonts.
  it.each(pdfs)('reads %s within the budget, and tells whether it names a font', (file) => {
    expect(checkStreamBudget(new Uint8Array(readFileSync(file)))).toMatchObject({ withinBudget: true, namesFonts: !file.endsWith('-scan.pdf') });
  });
});
