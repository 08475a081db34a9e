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

/**
 * Symbol and Wingdings fonts draw from the Private Use Area (their byte plus U+F000), which no reader's font
 * shows: a report would print a replacement box. Their space is a space and Word's two list bullets (Symbol's
 * round one, Wingdings' square one) are bullets; any other such glyph is left as drawn.
 */
const SYMBOL_FONT_GLYPHS: Readonly<Record<string, string>> = { '\uF020': ' ', '\uF0B7': '•', '\uF0A7': '▪' };
const fromSymbolFonts = (text: string): string => text.replace(/[\uF020\uF0A7\uF0B7]/g, (glyph) => SYMBOL_FONT_GLYPHS[glyph] ?? glyph);

const fontSize = (item: PositionedText): number => {
  const [a = 0, b = 0, c = 0, d = 0] = item.transform;
  // The matrix scales the unit glyph box: the larger axis is the font size whatever the rotation.
  return Math.max(Math.hypot(a, b), Math.hypot(c, d), item.height, 1);
};

/** The unit vector along an item's baseline: (1, 0) for upright text. */
interface Direction {
  dx: number;
  dy: number;
}

const UPRIGHT: Direction = { dx: 1, dy: 0 };

/**
 * Where the baseline runs, from the matrix's first column (a, b) alone: c is also non-zero in slanted
 * (synthetic italic) text, whose baseline is still horizontal.
 */
const directionOf = (item: PositionedText): Direction => {
  const [a = 0, b = 0] = item.transform;
  const length = Math.hypot(a, b);
  return length === 0 ? UPRIGHT : { dx: a / length, dy: b / length };
};

/** Two baselines within about 8 degrees of each other run the same way (rounding in producers' matrices). */
const sameDirection = (one: Direction, other: Direction): boolean => one.dx * other.dx + one.dy * other.dy > 0.99;

/**
 * An item's origin in the frame of a baseline direction: `along` the baseline, and `across` it, growing
 * towards the text's top, so that for upright text they are x and y, and for text turned a quarter turn (a
 * margin stamp, a landscape table on a portrait page) lines follow each other as they do when read turned.
 */
const place = (item: PositionedText, direction: Direction): { along: number; across: number } => {
  const x = item.transform[4] ?? 0;
  const y = item.transform[5] ?? 0;
  return { along: x * direction.dx + y * direction.dy, across: y * direction.dx - x * direction.dy };
};

interface Line {
  text: string;
  /** The baseline's position across its direction (y for upright text). */
  across: number;
  direction: Direction;
}

/**
 * Joins text items, in content-stream order, into lines: a line ends where pdf.js saw an end of line
 * (`hasEOL`), where the baseline moves or where it turns; a space is inserted where the producer positioned
 * words apart instead of writing a space character. Text drawn in another direction is laid out along its
 * own baseline, as pdftotext reads it. Paragraph gaps, and a change of direction, become one blank line.
 */
export function textItemsToText(items: readonly PositionedText[]): string {
  const lines: Line[] = [];
  let line = '';
  let lineAcross: number | undefined;
  let lineDirection = UPRIGHT;
  let lineSize = 0;
  let previousEnd: number | undefined;
  let previousAcross = 0;
  let endOfLine = false;

  const flush = (): void => {
    const text = line.replace(/\s+/g, ' ').trim();
    if (text !== '' && lineAcross !== undefined) lines.push({ text, across: lineAcross, direction: lineDirection });
    line = '';
    lineAcross = undefined;
    previousEnd = undefined;
  };

  for (const item of items) {
    const size = fontSize(item);
    const str = fromSymbolFonts(item.str);

    if (str.trim() !== '') {
      const direction = directionOf(item);
      const turned = lineAcross !== undefined && !sameDirection(direction, lineDirection);
      const { along, across } = place(item, turned || lineAcross === undefined ? direction : lineDirection);
      const movedBaseline = lineAcross !== undefined && Math.abs(across - lineAcross) > NEW_LINE_SHIFT * Math.max(size, lineSize);
      // Drawing resumes backwards on the same baseline: another column or a running header's far end.
      const wentBack = previousEnd !== undefined && along < previousEnd - size;
      if (endOfLine || turned || movedBaseline || wentBack) flush();
      if (lineAcross === undefined) {
        lineAcross = across;
        lineDirection = direction;
        lineSize = size;
      } else if (
        previousEnd !== undefined &&
        !/\s$/.test(line) &&
        // A footnote mark or exponent is its own word ("Board. 18 It"), as pdftotext reads it.
        (along - previousEnd > WORD_GAP * size || Math.abs(across - previousAcross) > SCRIPT_SHIFT * lineSize)
      ) {
        line += ' ';
      }
      line += str;
      previousEnd = along + item.width;
      previousAcross = across;
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
function joinHyphenated(lines: Line[]): void {
  for (let index = 0; index + 1 < lines.length; index++) {
    const line = lines[index];
    const next = lines[index + 1];
    if (!line || !next || !sameDirection(line.direction, next.direction)) continue;
    if (!/\p{Ll}[-\u00ad]$/u.test(line.text) || !/^\p{Ll}/u.test(next.text)) continue;
    const [head = '', ...rest] = next.text.split(' ');
    line.text = line.text.slice(0, -1) + head;
    next.text = rest.join(' ');
  }
}

function joinLines(input: readonly Line[]): string {
  const lines = input.map((line) => ({ ...line }));
  joinHyphenated(lines);
  // Line spacing is measured between lines that run the same way; a margin stamp's position says nothing of it.
  const gapAfter = (previous: Line | undefined, line: Line): number | undefined =>
    previous !== undefined && sameDirection(previous.direction, line.direction) ? Math.abs(previous.across - line.across) : undefined;
  const gaps = lines.map((line, index) => gapAfter(lines[index - 1], line)).filter((gap): gap is number => gap !== undefined && gap > 0);
  const usual = median(gaps);
  return lines
    .map((line, index) => {
      const previous = lines[index - 1];
      if (previous === undefined) return line.text;
      const gap = gapAfter(previous, line);
      const isParagraph = gap === undefined || (usual > 0 && gap > PARAGRAPH_GAP * usual);
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
