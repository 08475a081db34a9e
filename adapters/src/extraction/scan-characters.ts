/**
 * How many characters of text a scanned page holds at least, told from its image alone in a few milliseconds,
 * so that a scan over a plan's character limit is refused before OCR reads it (ADR 0032).
 *
 * Lines of text are found as bands of dark rows; along each band, the runs of dark columns (letters, and the
 * spaces between words closed up) give its length, and a line `h` pixels high holds about one character per
 * `CHARACTER_WIDTH × h` pixels of length. Everything that is not clearly a line of text counts for nothing: bands
 * too thin (rules) or too tall (pictures, lines run together), bands almost all ink (photographs, black boxes),
 * pages turned sideways (their lines run down the page: read across, they make few bands). So the count falls
 * short of what OCR reads, never far over it: `CHARACTER_WIDTH` was chosen, by measurement on the corpus's scans
 * and its text PDFs rendered as images, so that no page is counted above what reading finds (`npm run
 * bench:count`).
 *
 * The same count tells which way a page's lines run (`linesRun`), for OCR to read a page scanned sideways
 * turned at once (ADR 0021).
 *
 * Erasable TypeScript only: the extraction worker imports it under Node's own type stripping.
 */
import { halved, transposed, type GreyImage } from './grey-image.ts';

/** Band heights, in inches, that a line of text has: 6 to 32 points from the top of its letters to their foot. */
const MIN_LINE_INCHES = 0.06;
const MAX_LINE_INCHES = 0.45;
/** A line's length per character, in line heights: spaces included, narrower than any real font's average. */
export const CHARACTER_WIDTH = 0.85;
/** Gaps between dark columns narrower than this many line heights are inside a word or between two words. */
const WORD_GAP = 0.6;
/** Ink running further than this along a row is a rule or an underline, not letters. */
const RULE_INCHES = 0.3;
/** The page is read in strips this wide (see `scanCharacters`). */
const STRIP_INCHES = 0.5;
/**
 * Of a line's length, the share that is ink: text's is between these; a map's or a drawing's thin lines are less,
 * a photograph or a black box more.
 */
const MIN_INK_SHARE = 0.12;
const MAX_INK_SHARE = 0.55;
/**
 * How often a line's ink begins anew (a gap between letters or words), per line height of its length: text's is
 * between these; a rule's, a frame's or a picture's less or more.
 */
const MIN_LETTERS = 0.4;
const MAX_LETTERS = 3.5;

/**
 * Lines found down a page more than this many times over those found across it tell a page scanned sideways: on
 * the corpus, its sideways pages show five to thirty times more, its upright pages at most as many.
 */
const CLEARLY_DOWN = 3;
/** And the reverse, an upright page (or one upside down): most of the corpus's show two to ten times more across. */
const CLEARLY_ACROSS = 2;
/** Fewer characters than this either way tell nothing (a page of a few words, a picture). */
const ENOUGH_TO_TELL = 200;
/** The resolution lines are looked for at: `scanCharacters`' own; a finer image is halved down to it. */
const LINES_DPI = 100;

/**
 * Which way the page's lines of text run: `across` as a page is read, `down` when it was scanned sideways (a
 * quarter turn either way), `undefined` when it cannot be told (a table ruled both ways, little text).
 */
export function linesRun(image: GreyImage, dpi: number): 'across' | 'down' | undefined {
  let small = image;
  let smallDpi = dpi;
  while (smallDpi >= 2 * LINES_DPI) {
    small = halved(small);
    smallDpi /= 2;
  }
  const across = scanCharacters(small, smallDpi);
  const down = scanCharacters(transposed(small), smallDpi);
  if (Math.max(across, down) < ENOUGH_TO_TELL) return undefined;
  if (down > CLEARLY_DOWN * across) return 'down';
  if (across > CLEARLY_ACROSS * down) return 'across';
  return undefined;
}

/** The darkness from which a pixel is ink: Otsu's threshold of the page, kept between a mid grey and black. */
function inkThreshold(pixels: Uint8Array): number {
  const histogram = new Uint32Array(256);
  for (let at = 0; at < pixels.length; at++) histogram[pixels[at]!]!++;
  let sum = 0;
  for (let value = 0; value < 256; value++) sum += value * histogram[value]!;
  let below = 0;
  let belowSum = 0;
  let best = 0;
  let threshold = 128;
  for (let value = 0; value < 256; value++) {
    below += histogram[value]!;
    if (below === 0) continue;
    const above = pixels.length - below;
    if (above === 0) break;
    belowSum += value * histogram[value]!;
    const difference = belowSum / below - (sum - belowSum) / above;
    const spread = below * above * difference * difference;
    if (spread > best) {
      best = spread;
      threshold = value;
    }
  }
  return Math.min(Math.max(threshold, 64), 170);
}

/**
 * The page's ink, one byte a pixel (1: ink), without what no letter is: runs of ink longer than a line of text is
 * high, down a column (a table's rules, a frame, a picture's edge), or longer than `RULE_INCHES` along a row (an
 * underline, a rule).
 */
function inkOf(image: GreyImage, dpi: number, threshold: number, maxLine: number): Uint8Array {
  const { pixels, width, height } = image;
  const ink = new Uint8Array(width * height);
  const longest = Math.round(RULE_INCHES * dpi);
  /** Where each column's run of ink began, row by row: -1 when the column is light at the row above. */
  const columnRun = new Int32Array(width).fill(-1);
  const clearColumn = (x: number, from: number, to: number): void => {
    for (let y = from; y < to; y++) ink[y * width + x] = 0;
  };
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let rowRun = -1;
    for (let x = 0; x <= width; x++) {
      const dark = x < width && pixels[row + x]! < threshold;
      if (dark) {
        ink[row + x] = 1;
        if (rowRun < 0) rowRun = x;
        if (columnRun[x]! < 0) columnRun[x] = y;
        continue;
      }
      if (rowRun >= 0 && x - rowRun > longest) ink.fill(0, row + rowRun, row + x);
      rowRun = -1;
      if (x < width && columnRun[x]! >= 0) {
        if (y - columnRun[x]! > maxLine) clearColumn(x, columnRun[x]!, y);
        columnRun[x] = -1;
      }
    }
  }
  for (let x = 0; x < width; x++) if (columnRun[x]! >= 0 && height - columnRun[x]! > maxLine) clearColumn(x, columnRun[x]!, height);
  return ink;
}

/**
 * The least number of characters the page's image, at `dpi`, shows by its horizontal lines of text. The page is read in
 * strips `STRIP_INCHES` wide, so that the lines of side-by-side columns, whose baselines rarely meet, are found
 * line by line rather than as one band.
 */
export function scanCharacters(image: GreyImage, dpi: number): number {
  const { pixels, width, height } = image;
  if (width === 0 || height === 0) return 0;
  const minLine = Math.max(3, Math.round(MIN_LINE_INCHES * dpi));
  const maxLine = Math.round(MAX_LINE_INCHES * dpi);
  const ink = inkOf(image, dpi, inkThreshold(pixels), maxLine);
  const strip = Math.max(1, Math.round(STRIP_INCHES * dpi));

  let characters = 0;
  for (let left = 0; left < width; left += strip) {
    const right = Math.min(width, left + strip);
    let top = -1;
    for (let y = 0; y <= height; y++) {
      let dark = 0;
      if (y < height) for (let at = y * width + left, end = y * width + right; at < end; at++) dark += ink[at]!;
      if (dark > 0) {
        if (top < 0) top = y;
        continue;
      }
      if (top >= 0 && y - top >= minLine && y - top <= maxLine) characters += lineCharacters(ink, width, left, right, top, y);
      top = -1;
    }
  }
  return Math.floor(characters);
}

/** The characters of one strip's band of rows `top` to `bottom` (excluded), from the length of its runs of ink. */
function lineCharacters(ink: Uint8Array, width: number, left: number, right: number, top: number, bottom: number): number {
  const height = bottom - top;
  const maxGap = WORD_GAP * height;
  let length = 0;
  let inked = 0;
  let runStart = -1;
  let lastDark = -1;
  let transitions = 0;
  for (let x = left; x < right; x++) {
    let dark = 0;
    for (let at = top * width + x, end = bottom * width + x; at < end; at += width) dark += ink[at]!;
    if (dark === 0) continue;
    if (x - lastDark > 1) transitions++;
    inked += dark;
    if (runStart >= 0 && x - lastDark - 1 > maxGap) {
      length += lastDark - runStart + 1;
      runStart = -1;
    }
    if (runStart < 0) runStart = x;
    lastDark = x;
  }
  if (runStart >= 0) length += lastDark - runStart + 1;
  if (length === 0) return 0;
  const share = inked / (length * height);
  const letters = (transitions * height) / length;
  if (share < MIN_INK_SHARE || share > MAX_INK_SHARE || letters < MIN_LETTERS || letters > MAX_LETTERS) return 0;
  return length / (CHARACTER_WIDTH * height);
}
