/**
 * Turns pdf.js text items and Tesseract output into readable lines, so that sentence splitting and quote
 * verification downstream see "words separated by spaces, lines separated by newlines" whatever the
 * producer of the PDF did.
 *
 * Loaded inside the extraction worker by Node's own type stripping: erasable TypeScript only (no enums,
 * no parameter properties, no namespaces) and `.ts` extensions on relative imports.
 */

/** The part of a pdf.js `TextItem` that layout needs (structural, so tests can build items by hand). */
export interface PositionedText {
  str: string;
  /** [a, b, c, d, e, f]: e and f are the baseline origin in PDF user space (y grows upwards). */
  transform: readonly number[];
  /** Advance width in user space. */
  width: number;
  height: number;
  hasEOL: boolean;
}

/** A baseline shift beyond this share of the font size starts a new line (sub/superscripts stay). */
const NEW_LINE_SHIFT = 0.5;
/** A baseline shift beyond this share of the line's font size is a superscript or subscript. */
const SCRIPT_SHIFT = 0.15;
/**
 * A gap between two lines beyond this multiple of the page's usual line spacing marks a paragraph (a blank
 * line). Relative to the page, so that double-spaced filings do not become one paragraph per line.
 */
const PARAGRAPH_GAP = 1.5;
/** A horizontal gap beyond this share of the font size between two items is a word space. */
const WORD_GAP = 0.15;

const fontSize = (item: PositionedText): number => {
  const [a = 0, b = 0, c = 0, d = 0] = item.transform;
  // The matrix scales the unit glyph box: the larger axis is the font size whatever the rotation.
  return Math.max(Math.hypot(a, b), Math.hypot(c, d), item.height, 1);
};

/**
 * Joins text items, in content-stream order, into lines: a line ends where pdf.js saw an end of line
 * (`hasEOL`) or where the baseline moves; a space is inserted where the producer positioned words apart
 * instead of writing a space character. Paragraph gaps become one blank line.
 */
export function textItemsToText(items: readonly PositionedText[]): string {
  const lines: { text: string; y: number }[] = [];
  let line = '';
  let lineY: number | undefined;
  let lineSize = 0;
  let previousEndX: number | undefined;
  let previousY = 0;
  let endOfLine = false;

  const flush = (): void => {
    const text = line.replace(/\s+/g, ' ').trim();
    if (text !== '' && lineY !== undefined) lines.push({ text, y: lineY });
    line = '';
    lineY = undefined;
    previousEndX = undefined;
  };

  for (const item of items) {
    const x = item.transform[4] ?? 0;
    const y = item.transform[5] ?? 0;
    const size = fontSize(item);

    if (item.str.trim() !== '') {
      const movedBaseline = lineY !== undefined && Math.abs(y - lineY) > NEW_LINE_SHIFT * Math.max(size, lineSize);
      // Drawing resumes to the left on the same baseline: another column or a running header's far end.
      const wentBack = previousEndX !== undefined && x < previousEndX - size;
      if (endOfLine || movedBaseline || wentBack) flush();
      if (lineY === undefined) {
        lineY = y;
        lineSize = size;
      } else if (
        previousEndX !== undefined &&
        !/\s$/.test(line) &&
        // A footnote mark or exponent is its own word ("Board. 18 It"), as pdftotext reads it.
        (x - previousEndX > WORD_GAP * size || Math.abs(y - previousY) > SCRIPT_SHIFT * lineSize)
      ) {
        line += ' ';
      }
      line += item.str;
      previousEndX = x + item.width;
      previousY = y;
      endOfLine = false;
    } else if (line !== '' && !/\s$/.test(line)) {
      // A space item: the producer's own word separator.
      line += ' ';
    }
    if (item.hasEOL) endOfLine = true;
  }
  flush();
  return joinLines(lines);
}

/**
 * A word broken by a hyphen at the end of a line is joined on the first line ("supple-" "mental rules" →
 * "supplemental" "rules"), as pdftotext does, so that quotes and searches find it.
 */
function joinHyphenated(lines: { text: string; y: number }[]): void {
  for (let index = 0; index + 1 < lines.length; index++) {
    const line = lines[index];
    const next = lines[index + 1];
    if (!line || !next || !/\p{Ll}[-\u00ad]$/u.test(line.text) || !/^\p{Ll}/u.test(next.text)) continue;
    const [head = '', ...rest] = next.text.split(' ');
    line.text = line.text.slice(0, -1) + head;
    next.text = rest.join(' ');
  }
}

function joinLines(input: readonly { text: string; y: number }[]): string {
  const lines = input.map((line) => ({ ...line }));
  joinHyphenated(lines);
  const gaps = lines.slice(1).map((line, index) => Math.abs((lines[index]?.y ?? line.y) - line.y)).filter((gap) => gap > 0);
  const usual = median(gaps);
  return lines
    .map((line, index) => {
      const previous = lines[index - 1];
      const isParagraph = previous !== undefined && usual > 0 && Math.abs(previous.y - line.y) > PARAGRAPH_GAP * usual;
      return isParagraph ? `\n${line.text}` : line.text;
    })
    .filter((text) => text.trim() !== '')
    .join('\n');
}

function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Tesseract's text: trailing spaces off, at most one blank line between paragraphs. */
export function normalizeOcrText(text: string): string {
  return text
    .split('\n')
    .map((l) => l.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Characters that carry meaning: what "a page has text" is measured in. */
export const visibleLength = (text: string): number => text.replace(/\s+/g, '').length;
