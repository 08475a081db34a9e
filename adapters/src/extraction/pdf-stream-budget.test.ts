import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { checkStreamBudget } from './pdf-stream-budget.ts';
import { pdfOf, streamObject } from './testing/hostile-pdfs.ts';

const budget = { maxStreamBytes: 1_000, maxTotalBytes: 2_500 };
const flate = (size: number) => deflateSync(Buffer.alloc(size, 0x20));
const pdfWith = (...streams: Buffer[]) => new Uint8Array(pdfOf(['<< /Type /Catalog >>', ...streams]));

describe('checkStreamBudget', () => {
  it('counts what each Flate stream decodes to, through a chain of two', () => {
    expect(checkStreamBudget(pdfWith(
      streamObject('', flate(600), ['FlateDecode']),
      streamObject('', deflateSync(flate(700)), ['FlateDecode', 'FlateDecode']),
    ), budget)).toEqual({ withinBudget: true, decodedBytes: 1_300 });
  });

  it('refuses one stream that decodes to more than a stream may', () => {
    expect(checkStreamBudget(pdfWith(streamObject('', deflateSync(flate(1_001)), ['FlateDecode', 'FlateDecode'])), budget))
      .toEqual({ withinBudget: false, limit: 'stream' });
  });

  it('refuses streams that decode to more than the document may in all', () => {
    const streams = [900, 900, 900].map((size) => streamObject('', flate(size), ['FlateDecode']));
    expect(checkStreamBudget(pdfWith(...streams), budget)).toEqual({ withinBudget: false, limit: 'total' });
  });

  it('leaves to pdf.js what it cannot inflate: unfiltered streams, other filters, damaged Flate', () => {
    expect(checkStreamBudget(pdfWith(
      streamObject('', Buffer.alloc(5_000, 0x20)),
      streamObject('', Buffer.from('41 42 43>'), ['ASCIIHexDecode', 'FlateDecode']),
      streamObject('', Buffer.from('not flate at all'), ['FlateDecode']),
    ), budget)).toEqual({ withinBudget: true, decodedBytes: 0 });
  });

  it('counts a truncated stream as far as it decodes', () => {
    const whole = flate(800);
    const cut = whole.subarray(0, whole.length - 4);
    const verdict = checkStreamBudget(pdfWith(streamObject('', cut, ['FlateDecode'])), budget);
    expect(verdict.withinBudget && verdict.decodedBytes).toBeGreaterThan(0);
  });
});
