/**
 * A "scan" made at test time from a PDF with a text layer: each page rendered to a grey image, turned as a
 * careless scanner would, and wrapped alone in a new PDF page, with no text layer left. The corpus's French and
 * Spanish documents have text layers; citizens upload their printed copies scanned.
 */
import { deflateSync } from 'node:zlib';
import { renderPage, turn, type QuarterTurn } from './greyscale-image.ts';
import { pdfOf, streamObject } from './hostile-pdfs.ts';

/**
 * `pages` of `pdf` (1-based), each rendered at `dpi` and turned clockwise by `turns[page]` (upright when unset),
 * as an image-only PDF whose pages have the turned images' shapes.
 */
export function scanOf(pdf: string | Uint8Array, pages: number[], options: { dpi: number; turns?: Record<number, QuarterTurn> }): Buffer {
  const objects: (string | Buffer)[] = ['<< /Type /Catalog /Pages 2 0 R >>', ''];
  const kids: string[] = [];
  for (const number of pages) {
    const image = turn(renderPage(pdf, number, options.dpi), options.turns?.[number] ?? 0);
    const [width, height] = [image.width, image.height].map((pixels) => (pixels * 72) / options.dpi);
    const first = objects.length + 1;
    kids.push(`${first} 0 R`);
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Resources << /XObject << /Scan ${first + 1} 0 R >> >> /Contents ${first + 2} 0 R >>`,
      streamObject(`/Type /XObject /Subtype /Image /Width ${image.width} /Height ${image.height} /ColorSpace /DeviceGray /BitsPerComponent 8`,
        deflateSync(image.pixels), ['FlateDecode']),
      streamObject('', Buffer.from(`q ${width} 0 0 ${height} 0 0 cm /Scan Do Q`)),
    );
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${kids.length} >>`;
  return pdfOf(objects);
}

/**
 * A one-page text PDF of `lines` in Helvetica (a font every PDF reader has), 11 points on letter paper: for a
 * document in a language the corpus lacks. Characters beyond Latin-1 are refused.
 */
export function textPdf(lines: string[]): Buffer {
  const escape = (line: string): string => {
    if (/[^\u0020-\u00ff]/.test(line)) throw new Error(`not Latin-1: ${line}`);
    return line.replace(/[\\()]/g, (char) => `\\${char}`);
  };
  const text = lines.map((line) => `(${escape(line)}) Tj T*`).join('\n');
  const content = Buffer.from(`BT /F1 11 Tf 14 TL 72 720 Td\n${text}\nET`, 'latin1');
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    streamObject('', content),
  ]);
}
