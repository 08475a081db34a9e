/**
 * 8-bit greyscale images as the extraction process renders pages: for OCR (as PGM, which Leptonica reads
 * directly) and for counting and orienting lines of text (`scan-characters.ts`).
 *
 * Erasable TypeScript only: the extraction worker imports it under Node's own type stripping.
 */

/** One byte a pixel, rows top to bottom. */
export interface GreyImage {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/** The image as a binary PGM (P5). */
export const toPgm = (image: GreyImage): Buffer =>
  Buffer.concat([Buffer.from(`P5\n${image.width} ${image.height}\n255\n`, 'ascii'), image.pixels]);

export function parsePgm(pgm: Uint8Array): GreyImage {
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(Buffer.from(pgm.buffer, pgm.byteOffset, Math.min(64, pgm.length)).toString('latin1'));
  if (!header || header[3] !== '255') throw new Error('not an 8-bit binary PGM');
  const width = Number(header[1]);
  const height = Number(header[2]);
  return { width, height, pixels: pgm.subarray(header[0].length, header[0].length + width * height) };
}

/** The image at half its resolution, each pixel the mean of four. */
export function halved(image: GreyImage): GreyImage {
  const width = image.width >> 1;
  const height = image.height >> 1;
  const pixels = new Uint8Array(width * height);
  const source = image.pixels;
  for (let y = 0; y < height; y++) {
    const top = 2 * y * image.width;
    const bottom = top + image.width;
    for (let x = 0; x < width; x++) {
      pixels[y * width + x] = (source[top + 2 * x]! + source[top + 2 * x + 1]! + source[bottom + 2 * x]! + source[bottom + 2 * x + 1]! + 2) >> 2;
    }
  }
  return { width, height, pixels };
}

/** The image mirrored across its diagonal: its rows become columns (a quarter turn, mirrored). */
export function transposed(image: GreyImage): GreyImage {
  const { width, height } = image;
  const pixels = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0, at = y * width; x < width; x++, at++) pixels[x * height + y] = image.pixels[at]!;
  }
  return { width: height, height: width, pixels };
}
