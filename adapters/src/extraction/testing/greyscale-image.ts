/**
 * 8-bit greyscale images (PGM, P5) for OCR tests and benchmarks: read from poppler's `pdftoppm -gray`, turned by
 * quarter turns, written back. Turning is done here, pixel by pixel, so that what a test calls "turned 90°
 * clockwise" does not depend on a tool's convention.
 */
import { execFileSync } from 'node:child_process';
import { parsePgm, toPgm, type GreyImage } from '../grey-image.ts';

export { parsePgm, toPgm, type GreyImage };

export type QuarterTurn = 0 | 90 | 180 | 270;

/** A page of a PDF (a file, or its bytes; 1-based) rendered in grey by poppler at `dpi`. */
export const renderPage = (pdf: string | Uint8Array, page: number, dpi: number): GreyImage => parsePgm(execFileSync(
  'pdftoppm',
  ['-r', String(dpi), '-gray', '-f', String(page), '-l', String(page), '-singlefile', typeof pdf === 'string' ? pdf : '-'],
  { input: typeof pdf === 'string' ? undefined : pdf, maxBuffer: 1 << 28 },
));

/**
 * The pages of a PDF that draw a picture larger than a stamp, by poppler's `pdfimages`: a picture of text holds
 * more characters than the page's text layer says (a figure, a scanned form).
 */
export const picturedPages = (file: string): Set<number> => new Set(execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' })
  .split('\n').slice(2).map((line) => line.trim().split(/\s+/))
  .filter((fields) => Number(fields[3]) * Number(fields[4]) > 20_000).map((fields) => Number(fields[0])));

/** The image turned clockwise by `turn`. */
export function turn(image: GreyImage, by: QuarterTurn): GreyImage {
  if (by === 0) return image;
  const { width, height, pixels } = image;
  const sideways = by !== 180;
  const [turnedWidth, turnedHeight] = sideways ? [height, width] : [width, height];
  const turned = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [tx, ty] = by === 90 ? [height - 1 - y, x] : by === 180 ? [width - 1 - x, height - 1 - y] : [y, width - 1 - x];
      turned[ty * turnedWidth + tx] = pixels[y * width + x]!;
    }
  }
  return { width: turnedWidth, height: turnedHeight, pixels: turned };
}
