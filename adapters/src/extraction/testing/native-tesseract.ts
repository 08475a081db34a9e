/**
 * Debian's `tesseract` (tesseract-ocr, with its fra, spa and osd data) as the reference OCR of tests and
 * benchmarks: the same engine family built natively, run on a page poppler renders, turned upright by us.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installedTesseractLanguages, parseOrientation } from '../native-tesseract-engine.ts';
import { toPgm, type GreyImage, type QuarterTurn } from './greyscale-image.ts';

/** The languages native tesseract has data for; empty when it is not installed. */
export const nativeTesseractLanguages = (): string[] => [...installedTesseractLanguages()];

export const NATIVE_TESSERACT_INSTALL = 'apt-get install -y tesseract-ocr tesseract-ocr-fra tesseract-ocr-spa tesseract-ocr-osd';

/** Runs tesseract on `image` (given its resolution) with `args`; answers its standard output. */
function tesseract(image: GreyImage, dpi: number, args: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'native-tesseract-'));
  try {
    const file = join(dir, 'page.pgm');
    writeFileSync(file, toPgm(image));
    return execFileSync('tesseract', [file, 'stdout', '--dpi', String(dpi), ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 1 << 26 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The text tesseract reads in `image`, with `languages` (`fra`, `spa+eng`), its page segmentation automatic (its
 * command line's default) or as `psm` says (4, one column of varying sizes, as the product reads: ADR 0021).
 */
export const nativeText = (image: GreyImage, dpi: number, languages: string, psm: 3 | 4 = 3): string =>
  tesseract(image, dpi, ['-l', languages, '--psm', String(psm)]);

/** Tesseract's orientation detection: how far to turn `image` clockwise to set it upright, and its confidence. */
export function nativeOrientation(image: GreyImage, dpi: number): { turn: QuarterTurn; confidence: number } | null {
  let answer: string;
  try {
    answer = tesseract(image, dpi, ['--psm', '0']);
  } catch {
    // Too few characters to tell: tesseract exits non-zero.
    return null;
  }
  return parseOrientation(answer);
}

const words = (text: string): string[] => text.toLowerCase().normalize('NFC').match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * Word overlap: the share of the reference's words (with repeats, case aside, accents kept) that the text holds
 * as many times. 1 for an empty reference.
 */
export function wordOverlap(reference: string, text: string): number {
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
