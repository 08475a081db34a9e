/**
 * PDFs built to hurt a reader, made in memory at test time (a committed bomb would be a bomb in the repository).
 * Each is small on the wire, well under the 10 MB upload limit.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createDeflate, deflateSync } from 'node:zlib';

type PdfObject = string | Buffer;

/** A PDF of these objects (object 1 the catalog), with a correct cross-reference table. */
export function pdfOf(objects: PdfObject[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(length);
    const part = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`), Buffer.from(object), Buffer.from('\nendobj\n')]);
    parts.push(part);
    length += part.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`));
  return Buffer.concat(parts);
}

/** A stream object: `data` already encoded with `filters` (in decoding order). */
export function streamObject(dictionary: string, data: Buffer, filters: string[] = []): Buffer {
  const filter = filters.length === 0 ? '' : ` /Filter [${filters.map((f) => `/${f}`).join(' ')}]`;
  return Buffer.concat([Buffer.from(`<< ${dictionary} /Length ${data.length}${filter} >>\nstream\n`), data, Buffer.from('\nendstream')]);
}

/** `size` bytes of `byte`, deflated as they stream: the test never holds them all. */
async function deflatedRepeat(byte: number, size: number): Promise<Buffer> {
  const chunk = Buffer.alloc(1 << 20, byte);
  async function* bytes() {
    for (let left = size; left > 0; left -= chunk.length) yield left >= chunk.length ? chunk : chunk.subarray(0, left);
  }
  const parts: Buffer[] = [];
  await pipeline(Readable.from(bytes()), createDeflate({ level: 9 }), async (deflated: AsyncIterable<Buffer>) => {
    for await (const part of deflated) parts.push(part);
  });
  return Buffer.concat(parts);
}

const onePage = (page: string, ...rest: PdfObject[]): Buffer =>
  pdfOf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', page, ...rest]);

/** One letter page whose content stream is `size` bytes of spaces, deflated twice (a few KB on the wire). */
export async function contentStreamBomb(size = 1 << 30): Promise<Buffer> {
  const twice = deflateSync(await deflatedRepeat(0x20, size), { level: 9 });
  return onePage('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>', streamObject('', twice, ['FlateDecode', 'FlateDecode']));
}

/** One letter page painting a `side` × `side` grey image (a scan, to the reader), deflated once or twice. */
export async function imageBomb(side: number, deflations: 1 | 2 = 2): Promise<Buffer> {
  const once = await deflatedRepeat(0xff, side * side);
  const data = deflations === 2 ? deflateSync(once, { level: 9 }) : once;
  const filters = deflations === 2 ? ['FlateDecode', 'FlateDecode'] : ['FlateDecode'];
  return onePage(
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /XObject << /Im0 5 0 R >> >> >>',
    streamObject('', Buffer.from('q 612 0 0 792 0 0 cm /Im0 Do Q')),
    streamObject(`/Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceGray /BitsPerComponent 8`, data, filters),
  );
}

/** One page of the largest size a PDF may declare (200 × 200 inches), painted with a small grey image: a scan. */
export function hugePage(): Buffer {
  return onePage(
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 14400 14400] /Contents 4 0 R /Resources << /XObject << /Im0 5 0 R >> >> >>',
    streamObject('', Buffer.from('q 14400 0 0 14400 0 0 cm /Im0 Do Q')),
    streamObject('/Type /XObject /Subtype /Image /Width 64 /Height 64 /ColorSpace /DeviceGray /BitsPerComponent 8', Buffer.alloc(64 * 64, 0xc0)),
  );
}

/** One page that shows `count` one-letter text runs: millions of text items for the reader to hold. */
export function textRunStorm(count: number): Buffer {
  const content = deflateSync(Buffer.from('BT /F1 1 Tf 0 0 Td (A) Tj ET\n'.repeat(count)), { level: 9 });
  return onePage(
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    streamObject('', content, ['FlateDecode']),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  );
}

/** A PDF of `pages` pages that each say `text` (Helvetica), sharing one content stream. */
export function manyPages(pages: number, text = 'Section one of the ordinance sets the fee for a permit at ten dollars.'): Buffer {
  const kids = Array.from({ length: pages }, (_, index) => `${index + 5} 0 R`).join(' ');
  const content = `BT /F1 12 Tf 72 720 Td (${text.replace(/[()\\]/g, '\\$&')}) Tj ET`;
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    streamObject('', Buffer.from(content)),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    ...Array.from({ length: pages }, () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 3 0 R /Resources << /Font << /F1 4 0 R >> >> >>'),
  ]);
}

/**
 * Re-use bombs: one `size`-byte Flate stream of spaces (50 MiB deflates to about 50 KB), used `uses` times in
 * each of the ways a reader decodes a stream again. Each file is tens of kilobytes on the wire.
 */
export type ReuseShape = 'contents-array' | 'form-drawn' | 'nested-forms' | 'font-file' | 'annotation-appearance' | 'object-stream';
export const REUSE_SHAPES: ReuseShape[] = ['contents-array', 'form-drawn', 'nested-forms', 'font-file', 'annotation-appearance', 'object-stream'];

const LETTER = '/MediaBox [0 0 612 792]';

export async function reuseBomb(shape: ReuseShape, uses = 2_000, size = 50 * 1024 * 1024): Promise<Buffer> {
  const spaces = await deflatedRepeat(0x20, size);
  const big = (dictionary = '') => streamObject(dictionary, spaces, ['FlateDecode']);
  const refs = (object: number, count: number) => Array.from({ length: count }, () => `${object} 0 R`).join(' ');
  switch (shape) {
    case 'contents-array':
      return onePage(`<< /Type /Page /Parent 2 0 R ${LETTER} /Contents [${refs(4, uses)}] >>`, big());
    case 'form-drawn':
      return onePage(
        `<< /Type /Page /Parent 2 0 R ${LETTER} /Contents 4 0 R /Resources << /XObject << /Fm0 5 0 R >> >> >>`,
        streamObject('', deflateSync(Buffer.from('/Fm0 Do\n'.repeat(uses))), ['FlateDecode']),
        big('/Type /XObject /Subtype /Form /BBox [0 0 612 792]'),
      );
    case 'nested-forms': {
      // The page draws the outer form √uses times, which draws the inner one √uses times.
      const fanout = Math.ceil(Math.sqrt(uses));
      return onePage(
        `<< /Type /Page /Parent 2 0 R ${LETTER} /Contents 4 0 R /Resources << /XObject << /Outer 5 0 R >> >> >>`,
        streamObject('', Buffer.from('/Outer Do\n'.repeat(fanout))),
        streamObject('/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /XObject << /Inner 6 0 R >> >>', Buffer.from('/Inner Do\n'.repeat(fanout))),
        big('/Type /XObject /Subtype /Form /BBox [0 0 612 792]'),
      );
    }
    case 'font-file': {
      // `uses` fonts, one descriptor each, every descriptor naming the same font file.
      const fonts = Array.from({ length: uses }, (_, index) => `/F${index} ${6 + 2 * index} 0 R`).join(' ');
      const text = Array.from({ length: uses }, (_, index) => `/F${index} 12 Tf (A) Tj`).join('\n');
      const objects: PdfObject[] = [streamObject('', Buffer.from(`BT 72 720 Td\n${text}\nET`)), big()];
      for (let index = 0; index < uses; index++) {
        objects.push(`<< /Type /Font /Subtype /TrueType /BaseFont /Hostile${index} /FirstChar 65 /LastChar 65 /Widths [600] /FontDescriptor ${7 + 2 * index} 0 R >>`);
        objects.push(`<< /Type /FontDescriptor /FontName /Hostile${index} /Flags 32 /FontBBox [0 0 600 700] /ItalicAngle 0 /Ascent 700 /Descent 0 /CapHeight 700 /StemV 80 /FontFile2 5 0 R >>`);
      }
      return onePage(`<< /Type /Page /Parent 2 0 R ${LETTER} /Contents 4 0 R /Resources << /Font << ${fonts} >> >> >>`, ...objects);
    }
    case 'annotation-appearance': {
      const annotations = Array.from({ length: uses }, (_, index) => `${6 + index} 0 R`).join(' ');
      return onePage(
        `<< /Type /Page /Parent 2 0 R ${LETTER} /Contents 4 0 R /Annots [${annotations}] >>`,
        streamObject('', Buffer.from('BT ET')),
        big('/Type /XObject /Subtype /Form /BBox [0 0 612 792]'),
        ...Array.from({ length: uses }, () => '<< /Type /Annot /Subtype /Square /Rect [0 0 612 792] /AP << /N 5 0 R >> >>'),
      );
    }
    case 'object-stream': {
      // The page itself (object 5) sits compressed in an object stream (object 4), where a reader that scans
      // only the file's top-level objects would not see it.
      const header = '5 0 ';
      const page = `<< /Type /Page /Parent 2 0 R ${LETTER} /Contents [${refs(3, uses)}] >>`;
      return pdfOf([
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [5 0 R] /Count 1 >>',
        big(),
        streamObject(`/Type /ObjStm /N 1 /First ${header.length}`, deflateSync(Buffer.from(header + page)), ['FlateDecode']),
      ]);
    }
  }
}
