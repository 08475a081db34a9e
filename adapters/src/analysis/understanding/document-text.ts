import type { ExtractedPage } from '@civicwatch/core/analysis/text-extractor.port.ts';
import { NOT_AFTER_ABBREVIATION, clipQuote } from './wording.ts';

/** One line of a page, trimmed, and where it sits in the document's text. */
export interface DocLine {
  text: string;
  page: number;
  /** True when a running header or footer was left out just before this line: a quote cannot run across it. */
  afterGap: boolean;
  /** Offsets of the line in `DocumentText.text`. */
  start: number;
  end: number;
}

/** A document's lines, running headers and footers left out, joined by line breaks into one searchable text. */
export interface DocumentText {
  text: string;
  lines: DocLine[];
}

/** A span of the document's text that a fact quotes. */
export interface Span {
  start: number;
  end: number;
}

// Bounds on the work done per document, whatever its text: a line longer than this is cut into pieces (one line of
// a megabyte would otherwise be one regex subject), and only so much of a page and so many pages are read.
const MAX_LINE = 400;
const MAX_PAGE_CHARACTERS = 60_000;
const MAX_PAGES = 400;
/** At most this many lines at the top, and at the bottom, of a page are a running header or footer. */
const HEADER_LINES = 6;
const FOOTER_LINES = 12;
/** A running header or footer is on most pages. */
const RUNNING_SHARE = 0.6;

const piecesOf = (line: string): string[] => {
  if (line.length <= MAX_LINE) return [line];
  const pieces: string[] = [];
  let rest = line;
  while (rest.length > MAX_LINE) {
    const space = rest.lastIndexOf(' ', MAX_LINE);
    const cut = space > MAX_LINE / 2 ? space : MAX_LINE;
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
};

/** A line's shape, the same on every page that repeats it: "Page 2 of 8" and "Page 3 of 8" are one footer. */
const shapeOf = (line: string): string => line.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ');

/**
 * The lines of a document, trimmed and bounded, without the lines repeated at the top or bottom of most pages
 * (titles of minutes, "Page 2 of 8", a stamp of receipt): they split a motion across two pages and say nothing.
 * Lines `keep` accepts stay wherever they are: in short minutes "Motion carried" may end most pages.
 */
export const documentText = (
  pages: readonly ExtractedPage[],
  deadline = Number.POSITIVE_INFINITY,
  keep: (line: string) => boolean = () => false,
): DocumentText => {
  const read = pages.slice(0, MAX_PAGES).map((page) => ({
    number: page.number,
    rows: page.text.slice(0, MAX_PAGE_CHARACTERS).split(/\r?\n/).map((row) => row.trim()),
  }));
  // A header or footer is a run of lines at a page's edge that most pages repeat: counting only edge lines, and
  // stopping a run at the first line that is not repeated, keeps a "Motion carried" that happens to end a few
  // pages.
  const edgeCount = new Map<string, number>();
  const filled = read.map(({ rows }) => rows.map((row, i) => [row, i] as const).filter(([row]) => row.length > 0));
  for (const rows of filled) {
    const edge = new Set([...rows.slice(0, HEADER_LINES), ...rows.slice(-FOOTER_LINES)].map(([row]) => shapeOf(row)));
    for (const shape of edge) edgeCount.set(shape, (edgeCount.get(shape) ?? 0) + 1);
  }
  const repeatedOn = Math.max(2, Math.ceil(read.length * RUNNING_SHARE));
  const running = (row: string): boolean => read.length > 1 && !keep(row) && (edgeCount.get(shapeOf(row)) ?? 0) >= repeatedOn;
  const dropped = filled.map((rows) => {
    const out = new Set<number>();
    for (let k = 0; k < Math.min(HEADER_LINES, rows.length) && running(rows[k]![0]); k++) out.add(rows[k]![1]);
    for (let k = rows.length - 1; k >= Math.max(0, rows.length - FOOTER_LINES) && running(rows[k]![0]); k--) out.add(rows[k]![1]);
    return out;
  });
  const lines: DocLine[] = [];
  let text = '';
  for (const [p, { number, rows }] of read.entries()) {
    if (performance.now() > deadline) break;
    let gap = false;
    rows.forEach((row, i) => {
      if (dropped[p]!.has(i)) {
        gap = true;
        return;
      }
      for (const piece of piecesOf(row)) {
        if (piece.length === 0) continue;
        if (text.length > 0) text += '\n';
        lines.push({ text: piece, page: number, afterGap: gap, start: text.length, end: text.length + piece.length });
        text += piece;
        gap = false;
      }
    });
  }
  return { text, lines };
};

/** The index of the line holding `offset` (binary search: lines are in order). */
export const lineIndexAt = (doc: DocumentText, offset: number): number => {
  let low = 0;
  let high = doc.lines.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (doc.lines[mid]!.start <= offset) low = mid;
    else high = mid - 1;
  }
  return low;
};

/**
 * A span said as a quote of one page: cut where its page ends or where a left-out line (a running header) sat
 * between two of its lines, so that it stays a verbatim span of the page's text; short.
 */
export const quoteOf = (doc: DocumentText, span: Span): { text: string; page: number; start: number } | null => {
  const first = lineIndexAt(doc, span.start);
  const line = doc.lines[first];
  if (!line) return null;
  let end = Math.min(span.end, line.end);
  for (let i = first + 1; i < doc.lines.length && doc.lines[i]!.start < span.end; i++) {
    const next = doc.lines[i]!;
    if (next.page !== line.page || next.afterGap) break;
    end = Math.min(span.end, next.end);
  }
  const text = clipQuote(doc.text.slice(span.start, end));
  return text.length >= 3 ? { text, page: line.page, start: span.start } : null;
};

/** How far a sentence may reach either side of a word: a run-on line is cut, not read whole. */
const SENTENCE_REACH = 300;
/** A sentence starts after a stop, or on a line that starts an item of a list. */
const SENTENCE_START = new RegExp(`${NOT_AFTER_ABBREVIATION}[.!?;:](?=\\s)|\\n(?=[•◦▪●\\uf000-\\uf8ff]|[o*-]\\s|\\d{1,2}\\.\\s|[a-z]\\.\\s)`, 'gu');
const SENTENCE_STOP = new RegExp(`${NOT_AFTER_ABBREVIATION}[.!?;](?=\\s|$)`, 'gu');

/**
 * The sentence around `offset`: back to the previous full stop (or colon) ending a sentence or a line, on to the
 * next; within the offset's page and a few hundred characters either side.
 */
export const sentenceAt = (doc: DocumentText, offset: number): Span => {
  const at = lineIndexAt(doc, offset);
  const page = doc.lines[at]!.page;
  let first = at;
  let last = at;
  while (first > 0 && doc.lines[first - 1]!.page === page && offset - doc.lines[first - 1]!.start <= SENTENCE_REACH) first--;
  while (last + 1 < doc.lines.length && doc.lines[last + 1]!.page === page && doc.lines[last + 1]!.end - offset <= SENTENCE_REACH) last++;
  const from = Math.max(doc.lines[first]!.start, offset - SENTENCE_REACH);
  const to = Math.min(doc.lines[last]!.end, offset + SENTENCE_REACH);
  let start = from;
  SENTENCE_START.lastIndex = from;
  for (let m = SENTENCE_START.exec(doc.text); m && m.index < offset; m = SENTENCE_START.exec(doc.text)) start = m.index + m[0].length;
  SENTENCE_STOP.lastIndex = offset;
  const stop = SENTENCE_STOP.exec(doc.text);
  const end = stop && stop.index < to ? stop.index + 1 : to;
  const text = doc.text.slice(start, end);
  return { start: start + (text.length - text.trimStart().length), end };
};
