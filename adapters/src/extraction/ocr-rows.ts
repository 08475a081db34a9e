/**
 * Tesseract's lines laid out again as the page's rows. Its layout analysis finds a table's columns as blocks of
 * their own and writes them one after the other ("Postage", "Office", … then "$10,000", "$10,000", …): no line
 * item keeps its amounts, and a comparison of two budgets cannot pair them (ADR 0021). A line of one block that
 * sits on the same row as a line of another, beside it, is written on one line with it, left to right. Two
 * columns of prose stay apart: lines are joined across blocks only when one of them is a table's cell (a few
 * words, or figures).
 *
 * Loaded inside the extraction worker by Node's own type stripping: erasable TypeScript only and `.ts`
 * extensions on relative imports.
 */

/** What of Tesseract's result layout needs (structural: tesseract.js's `Block`, or a test's). */
export interface OcrBlock {
  paragraphs: ReadonlyArray<{ lines: ReadonlyArray<OcrLine> }>;
}
export interface OcrLine {
  text: string;
  bbox: { x0: number; y0: number; x1: number; y1: number };
}

interface Placed {
  text: string;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  block: number;
  /** The line begins a paragraph of its block. */
  opens: boolean;
}

interface Row {
  lines: Placed[];
  y0: number;
  y1: number;
}

/** Two lines are on one row when their heights overlap by this share of the lower one (a skewed scan drifts). */
const SAME_ROW = 0.5;
/** A table's cell: at most this many words, or figures mostly. */
const CELL_WORDS = 3;

const isCell = (text: string): boolean => {
  const words = text.split(/\s+/).filter(Boolean);
  const figures = words.filter((w) => /\d/.test(w)).length;
  return words.length <= CELL_WORDS || figures * 2 >= words.length;
};

const overlap = (a: { y0: number; y1: number }, b: { y0: number; y1: number }): number =>
  Math.max(0, Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0)) / Math.max(1, Math.min(a.y1 - a.y0, b.y1 - b.y0));

/** Whether `line` may join `row`: beside its lines, on their height, and a table's cell or beside one. */
const joins = (row: Row, line: Placed): boolean =>
  overlap(row, line) >= SAME_ROW &&
  row.lines.every((other) => other.block !== line.block && (line.x0 >= other.x1 || line.x1 <= other.x0)) &&
  (isCell(line.text) || row.lines.every((other) => isCell(other.text)));

/**
 * The page's text, one row a line: Tesseract's lines in reading order, each joined by the lines of other blocks
 * on its row; a blank line where a paragraph began. Answers the text Tesseract wrote when it found no lines.
 */
export function rowsOf(blocks: readonly OcrBlock[] | null | undefined, text: string): string {
  const placed: Placed[] = [];
  (blocks ?? []).forEach((block, index) => {
    for (const paragraph of block.paragraphs) {
      paragraph.lines.forEach((line, k) => {
        const words = line.text.replace(/\s+/g, ' ').trim();
        if (words) placed.push({ text: words, ...line.bbox, block: index, opens: k === 0 });
      });
    }
  });
  if (placed.length === 0) return text;

  const rows: Row[] = [];
  for (const line of [...placed].sort((a, b) => (a.y0 + a.y1) - (b.y0 + b.y1))) {
    const row = rows.find((candidate) => joins(candidate, line));
    if (row) {
      row.lines.push(line);
      row.y0 = Math.min(row.y0, line.y0);
      row.y1 = Math.max(row.y1, line.y1);
    } else {
      rows.push({ lines: [line], y0: line.y0, y1: line.y1 });
    }
  }
  // In Tesseract's reading order of each row's first line of words (an outline's "3." or an amount written in a
  // column of its own does not place it), so that a column of prose keeps its order; a row of figures alone (an
  // amount whose label is blank on its row) comes after the row above it on the page.
  const order = new Map(placed.map((line, k) => [line, k]));
  const isFigures = (line: Placed) => /^[\s$€£.,:;%()\d-]+$/.test(line.text);
  const figuresOnly = (row: Row) => row.lines.every(isFigures);
  const first = (row: Row) => Math.min(...row.lines.filter((line) => figuresOnly(row) || !isFigures(line)).map((line) => order.get(line)!));
  const key = new Map(rows.map((row) => [row, first(row)]));
  for (const row of rows.filter(figuresOnly)) {
    const above = rows.filter((other) => other !== row && !figuresOnly(other) && (other.y0 + other.y1) < (row.y0 + row.y1))
      .sort((a, b) => (b.y0 + b.y1) - (a.y0 + a.y1))[0];
    if (above) key.set(row, key.get(above)! + 0.5);
  }
  return rows
    .sort((a, b) => key.get(a)! - key.get(b)! || a.y0 - b.y0)
    .map((row) => {
      const lines = [...row.lines].sort((a, b) => a.x0 - b.x0);
      const text = lines.map((line) => line.text).join(' ');
      return lines.some((line) => line.opens && order.get(line) === first(row)) ? `\n${text}` : text;
    })
    .join('\n')
    .trim();
}
