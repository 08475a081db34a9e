import type { DocumentLanguage } from '@civicwatch/core/contracts/analysis-result.contract.ts';
import type { ExtractedPage } from '@civicwatch/core/analysis/text-extractor.port.ts';
import { findDates, monthNumber } from './dates.ts';
import { parseNumber, type ParsedNumber } from './money-amounts.ts';

/**
 * Tables as PDF extraction leaves them in text: one line a row, a label followed by its figures ("Salaries
 * $1,065,000", "Kentucky 264,140 12,155 ... 295,891", "Drug abuse violations . . . 1,333.0 136.6"), columns
 * joined by spaces, headers and footers anywhere on the page. Rows are grouped into tables; a table knows its
 * stated total, which of its lines are subtotals of the lines under them, and which column to read.
 *
 * One module, though long: grouping rows, reading a row's label and figures, finding totals and subtotals and
 * choosing the column are one algorithm over one row model, tuned together on the corpus's tables; apart, each
 * part would need the others' internals.
 */

/** One figure of a row; a dash or "(X)" is an empty cell, read as zero. */
export interface Cell extends ParsedNumber {
  empty: boolean;
  /** Offsets in the page's text. */
  start: number;
  end: number;
}

export interface TableRow {
  page: number;
  /** Where the row's last figure ends in the page's text. */
  end: number;
  /** Where the label starts: the line before when the label began there ("Murder and nonnegligent"). */
  labelStart: number;
  /** Where the label's words end, before dot leaders and figures. */
  labelEnd: number;
  /** The label is on the lines under the figure, which stands alone on its line. */
  labelAfter?: boolean;
  /** The words before the figures, without list marker, codes, dot leaders or footnote number; '' for none. */
  label: string;
  /** "A.", "2", "(b)": the row is an item of an enumerated list. */
  marker: string | null;
  /** Leading dates or account numbers: the row is a record of a listing. */
  codeKind: 'none' | 'date' | 'code';
  cells: Cell[];
  /** Dot leaders ran from the label to the figures. */
  leaders: boolean;
}

export interface TextTable {
  /** The rows between the headings and the total, in order; subtotals and their parts included. */
  rows: TableRow[];
  /** The stated total rows ("Total", "TOTAL BUDGET EXPENSES"), first the one that counts. */
  totals: TableRow[];
  /** A row right after the total that derives from it: "Income less Expenditures", "Net", "Surplus". */
  result: TableRow | null;
  /** The rows that are not part of another row: what the total is the sum of. */
  topLevel: TableRow[];
  /**
   * Which figure of a row is its value: the last when it totals the row, else the one at this index among those
   * that are not percentages (0, the first, unless the columns are years in ascending order).
   */
  keyFrom: 'last' | number;
  /** The heading of the column read, when the columns are years ("FY21 Budget", "FY2024 Proposed"). */
  column: string | null;
  /** 1000 when the table says its figures are in thousands. */
  scale: number;
  currency: string | null;
  /** "Table 324. Arrests by Sex and Age: 2009", when the table is so titled. */
  title: { text: string; start: number; end: number; page: number } | null;
  /** Most rows are records of a listing: each starts with a date or a number of its own and has one figure. */
  listing: boolean;
}

/** No table row is this long: longer lines are prose or damage, skipped unread so that work stays bounded. */
const MAX_ROW_CHARS = 600;
/** Lines of other text a table may have between two rows (a wrapped label, a status, a page header). */
const MAX_GAP = 3;
/** Fewer rows than this are not a table to summarise. */
const MIN_TABLE_ROWS = 3;
/** Words a listing may carry after its figure ("35 Layoff Permanent"). */
const MAX_TRAILING_WORDS = 5;
/** A label longer than this is a sentence, not a row. */
const MAX_LABEL_WORDS = 14;
/** A subtotal is the sum of at most this many lines under it. */
const MAX_PARTS = 40;
/** A damaged row is mended only when few readings are possible, and only so many rows per table. */
const MAX_MENDABLE_SPLITS = 9;
const MAX_MENDED_ROWS = 300;

const EMPTY_CELL = /^(?:[-\u2013\u2014]|\((?:X|NA|D|Z|S)\)|#(?:DIV\/0!|N\/A|VALUE!|REF!)|N\/A|n\/a|s\.o\.)$/;
const DATE_TOKEN = /^(?:\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}|\d{4}[/.-]\d{1,2}[/.-]\d{1,2})$/;
const CODE_TOKEN = /^(?:\d{1,6}[-\u2013./]\d{1,6}(?:[-\u2013./]\d{1,6}){0,3}|\d{4,12})$/;
const MARKER_TOKEN = /^(?:\(?[A-Za-z]\)|\(?\d{1,2}\)|[A-Za-z]\.|\d{1,2}\.|[IVXL]{1,6}\.)$/;
const WORD_TOKEN = /^[\p{L}'’&/-]{0,29}\p{L}[\p{L}'’&/-]{0,29}$/u;
const LEADER_TOKEN = /^[._·…]+$/;
/** A number after these words, or after a month, names the line ("District 5", "FY 2021", "July 2015"): it is no figure. */
const NUMBERING_WORDS = new Set([
  'fy', 'year', 'page', 'table', 'no', 'number', '#', 'district', 'ward', 'precinct', 'zone', 'region', 'section',
  'article', 'route', 'unit', 'lot', 'phase', 'grade', 'level', 'tier', 'quarter', 'week', 'item', 'line', 'fund',
  'account', 'title', 'chapter', 'station', 'school', 'area', 'part', 'circuit', 'county', 'highway', 'año', 'année',
  'exercice', 'ejercicio',
]);
/** A label ending so is a sentence that goes on: "will decrease from 11.93% to". */
const CONTINUING_WORDS = new Set([
  'from', 'of', 'to', 'the', 'under', 'over', 'per', 'between', 'about', 'for', 'a', 'an', 'by', 'at', 'on', 'with', 'and', 'or', 'is', 'are', 'was', 'were', 'be', 'than',
  'de', 'du', 'des', 'la', 'le', 'les', 'et', 'el', 'los', 'las', 'y', 'que', 'à', 'en',
]);
export const TOTAL_LABEL = /^(?:grand\s+)?(?:totals?|totaux|totales|sum|somme|suma)\b|\b(?:grand\s+)?totals?$|^montant\s+total\b/i;
const SUBTOTAL_LABEL = /^(?:sub-?\s?totals?|sous-?\s?totaux|sous-?\s?total|subtotales?)\b/i;
/** An entry struck out of a register counts in none of its totals. */
const VOIDED_LABEL = /\b(?:cancell?ed|withdrawn|voided|rescinded|annulée?|anulad[oa])\b/i;
/** A line derived from the totals above it: what is left, the net, the surplus or deficit. */
const RESULT_LABEL = /\b(?:less|minus|net|surplus|deficit|balance|excess|shortfall|excédent|déficit|solde|superávit|saldo|résultat|resultado)\b/i;

interface Token {
  text: string;
  start: number;
  end: number;
}

/** The words of a line; the rules an OCR'd table draws between its columns ("|") are not words. */
const tokensOf = (text: string, from: number, to: number): Token[] => {
  const tokens: Token[] = [];
  const line = text.slice(from, to);
  for (const m of line.matchAll(/[^ \t]+/g)) {
    if (!/^[|\u2502\u2503]+$/.test(m[0])) tokens.push({ text: m[0], start: from + m.index, end: from + m.index + m[0].length });
  }
  return tokens;
};

/** A joined figure ("11,062 .6") is read without the space extraction put in it. */
const isFigure = (text: string, decimalComma: boolean): boolean =>
  EMPTY_CELL.test(text) || parseNumber(text.replace(/\s+/g, ''), decimalComma) !== null;

/**
 * Joins what extraction split: ".6" after "11,062", "$" before its number, "%", "$" or "€" after it, and
 * thousands grouped by spaces as French writes them ("4 512 300 $", "1 234,56"): taken as groups only when a
 * currency follows them or, in a document with a decimal comma, decimals end them, since "12 300" may be two
 * columns. Offsets span all the parts, so a quote taken from them stays verbatim.
 */
const joinSplitFigures = (tokens: readonly Token[], pageText: string, decimalComma: boolean): Token[] => {
  const joined: Token[] = [];
  const span = (from: Token, to: Token): Token => ({ text: pageText.slice(from.start, to.end), start: from.start, end: to.end });
  /** Where a run of space-grouped thousands ending the joined tokens starts; -1 for none. */
  const groupsFrom = (extra: number): number => {
    let k = joined.length - 1;
    while (k > 0 && /^\d{3}$/.test(joined[k]!.text) && /^[1-9]\d{0,2}$/.test(joined[k - 1]!.text)) k--;
    return k >= 0 && /^[1-9]\d{0,2}$/.test(joined[k]!.text) && joined.length - k + extra >= 2 ? k : -1;
  };
  for (const token of tokens) {
    const previous = joined[joined.length - 1];
    const currencyAfter = /^[$€]$/.test(token.text) && previous !== undefined && /\d\)?$/.test(previous.text);
    const decimalGroup = decimalComma && /^\d{3},\d{1,2}$/.test(token.text) ? groupsFrom(1) : -1;
    const grouped = currencyAfter ? groupsFrom(0) : decimalGroup;
    if (grouped >= 0) {
      const merged = span(joined[grouped]!, token);
      joined.splice(grouped, joined.length - grouped, merged);
      continue;
    }
    const glue =
      previous !== undefined &&
      (currencyAfter ||
        (/^[.,]\d{1,3}$/.test(token.text) && /^\(?[$€£]?\d[\d,.]*$/.test(previous.text) && !/[.,]\d{1,2}$/.test(previous.text)) ||
        (/^[$€£]$/.test(previous.text) && /^\(?\d/.test(token.text)) ||
        (token.text === '%' && /\d\)?$/.test(previous.text)));
    if (glue) joined[joined.length - 1] = span(previous, token);
    else joined.push(token);
  }
  return joined;
};

const toCell = (token: Token, decimalComma: boolean): Cell => {
  if (EMPTY_CELL.test(token.text)) return { value: 0, decimals: 0, percent: false, currency: null, empty: true, start: token.start, end: token.end };
  const parsed = parseNumber(token.text.replace(/\s+/g, ''), decimalComma)!;
  return { ...parsed, empty: false, start: token.start, end: token.end };
};

const cleanWord = (word: string): string => word.toLowerCase().replace(/[.:,]+$/g, '');

/**
 * Reads one line as a table row: words, then figures. Null for a line that is not one (prose, a heading, a
 * page number, a line of figures mixed with words). [from, to) are the line's offsets in the page's text.
 */
export const parseRow = (pageText: string, from: number, to: number, page: number, decimalComma = false): TableRow | null => {
  if (to - from > MAX_ROW_CHARS) return null;
  const tokens = joinSplitFigures(tokensOf(pageText, from, to), pageText, decimalComma);
  if (tokens.length === 0) return null;
  let i = tokens.length - 1;
  let trailing = 0;
  while (i >= 0 && trailing < MAX_TRAILING_WORDS && WORD_TOKEN.test(tokens[i]!.text)) {
    i--;
    trailing++;
  }
  if (trailing > 0 && (i < 0 || !isFigure(tokens[i]!.text, decimalComma))) {
    i = tokens.length - 1;
    trailing = 0;
  }
  const figures: Token[] = [];
  while (i >= 0 && isFigure(tokens[i]!.text, decimalComma)) figures.unshift(tokens[i--]!);
  let words = tokens.slice(0, i + 1);
  if (figures.length === 0) return null;
  let cells = figures.map((t) => toCell(t, decimalComma));
  // Dot leaders: free-standing (". . . .") or glued to the label's last word ("Total......").
  let leaders = false;
  while (words.length > 0 && LEADER_TOKEN.test(words[words.length - 1]!.text)) {
    words = words.slice(0, -1);
    leaders = true;
  }
  const last = words[words.length - 1];
  if (last && /[^.][._…]{2,}$/.test(last.text)) {
    const text = last.text.replace(/[._…]{2,}$/, '');
    words = [...words.slice(0, -1), { text, start: last.start, end: last.start + text.length }];
    leaders = true;
  }
  // A footnote number sits between a label and its leaders: "Stolen property 1 . . . 84.3".
  if (leaders && words.length > 1 && /^\d{1,2}$/.test(words[words.length - 1]!.text)) words = words.slice(0, -1);
  // A number after "District", "FY" or a month names the line; a year after "July 1," too.
  const lastWord = words[words.length - 1];
  if (lastWord && cells.length > 1 && /^\d{1,4}$/.test(figures[0]!.text)) {
    const yearAfterDate = /^\d{1,2},$/.test(lastWord.text) && /^\d{4}$/.test(figures[0]!.text);
    const word = cleanWord(lastWord.text);
    if (NUMBERING_WORDS.has(word) || monthNumber(word) !== undefined || yearAfterDate) {
      words = [...words, figures[0]!];
      cells = cells.slice(1);
    }
  }
  let codeKind: TableRow['codeKind'] = 'none';
  let marker: string | null = null;
  while (words.length > 1 && (DATE_TOKEN.test(words[0]!.text) || CODE_TOKEN.test(words[0]!.text))) {
    if (codeKind === 'none') codeKind = DATE_TOKEN.test(words[0]!.text) ? 'date' : 'code';
    words = words.slice(1);
  }
  if (codeKind === 'none' && words.length > 1) {
    const first = words[0]!.text;
    if (MARKER_TOKEN.test(first) || (/^\d{1,2}$/.test(first) && /^\p{Lu}/u.test(words[1]!.text))) {
      marker = first;
      words = words.slice(1);
    }
  }
  if (trailing > 0 && codeKind === 'none') return null;
  const label = words.map((w) => w.text).join(' ').replace(/:$/, '');
  if (words.length > 0) {
    if (!/\p{L}/u.test(label) || words.length > MAX_LABEL_WORDS) return null;
    if (CONTINUING_WORDS.has(words[words.length - 1]!.text.toLowerCase())) return null;
    // Two figures inside a label, or a sum of money: two tables side by side, or a sentence.
    const inLabel = words.filter((w) => /\d/.test(w.text) && isFigure(w.text, decimalComma));
    if (inLabel.length > 1 || words.some((w) => /[$€£]\s?\d|\d[,.\u00A0]\d{3}\b/.test(w.text))) return null;
    // A citation or an aside in brackets is not a line of a table, nor a sentence ending with a footnote number,
    // nor a line of a form with its formula ("Total FTE (13.5 + 13.11) [PLSC 251]") or OCR's debris.
    if (/[[\]{}=]|\s\+\s/.test(label)) return null;
    if (/^[([]/.test(label) || /\p{Ll}{4}[.!?]$/u.test(label) || (words.length >= 5 && /[\p{Ll}\d]{2}[.!?]$/u.test(label))) return null;
  } else if (cells.length === 1 && !/[$€£]/.test(figures[0]!.text) && cells[0]!.decimals !== 2) {
    // A figure alone on its line is a sum of money (cents or a currency sign), else a page number, an item number
    // ("11.1") or a stray column value.
    return null;
  }
  // A heading ending in its year: "Table 324. Arrests by Sex and Age: 2009".
  if (cells.length === 1 && /^(?:19|20)\d\d$/.test(figures[0]!.text)) return null;
  if (cells.every((c) => c.empty)) return null;
  if (/^page$/i.test(label) || /^page \d+ of$/i.test(label)) return null;
  return {
    page,
    end: cells[cells.length - 1]!.end,
    labelStart: words[0]?.start ?? cells[0]!.start,
    labelEnd: words[words.length - 1]?.end ?? cells[0]!.start,
    label,
    marker,
    codeKind,
    cells,
    leaders,
  };
};

/** The clock is read once every so many lines, so that a page of a million lines still stops at its deadline. */
const LINES_PER_CLOCK_READING = 4096;

/** True when line `index` is one at which the clock is read, and the deadline has passed. */
export const timeIsUp = (index: number, deadline: number): boolean =>
  index % LINES_PER_CLOCK_READING === LINES_PER_CLOCK_READING - 1 && performance.now() > deadline;

/** The lines of a text with their offsets. */
export const linesOf = (text: string): Array<{ start: number; end: number }> => {
  const lines: Array<{ start: number; end: number }> = [];
  let start = 0;
  while (start <= text.length) {
    const newline = text.indexOf('\n', start);
    const end = newline < 0 ? text.length : newline;
    lines.push({ start, end: end > start && text[end - 1] === '\r' ? end - 1 : end });
    if (newline < 0) break;
    start = newline + 1;
  }
  return lines;
};

/** The figure a row is ranked and summed by. */
export const keyCell = (row: TableRow, keyFrom: TextTable['keyFrom']): Cell | null => {
  if (keyFrom === 'last') return row.cells[row.cells.length - 1]!;
  const amounts = row.cells.filter((c) => !c.percent);
  // A row shorter than its table has lost its empty cells at the end: its last figure is the nearest.
  return amounts[Math.min(keyFrom, amounts.length - 1)] ?? null;
};

export const keyValue = (row: TableRow, table: Pick<TextTable, 'keyFrom'>): number => keyCell(row, table.keyFrom)?.value ?? 0;

const signatureOf = (row: TableRow): string => {
  const n = row.cells.length;
  return `${row.codeKind === 'none' ? 'none' : 'code'}:${n === 1 ? 1 : n <= 3 ? 2 : 4}`;
};

/**
 * How far apart two sums may be and still be the same: half a unit of the last digit for each part added, since
 * each was rounded; rounding errors offset one another, so past a few dozen parts the margin grows no more.
 */
const MAX_ROUNDED_PARTS = 50;
const tolerance = (cells: readonly Cell[]): number => {
  const decimals = cells.reduce((d, c) => Math.max(d, c.decimals), 0);
  return 0.5 * 10 ** -decimals * Math.min(MAX_ROUNDED_PARTS, Math.max(1, cells.length)) + 1e-9;
};

const addsUp = (parts: readonly Cell[], whole: Cell): boolean =>
  Math.abs(parts.reduce((s, c) => s + c.value, 0) - whole.value) <= tolerance([...parts, whole]);

const isRowTotal = (cells: readonly Cell[]): boolean => {
  const amounts = cells.filter((c) => !c.percent);
  return amounts.length >= 3 && addsUp(amounts.slice(0, -1), amounts[amounts.length - 1]!);
};

/**
 * Mends a row whose thousands were split by a space ("98 452 ... 180 116" for "98,452 ... 180,116"): of the ways
 * to join a number of one to three digits with a following three-digit one, keeps the reading whose last figure
 * is the sum of the others, as in the rest of the table. Null when no reading, or too many, would be tried.
 */
const mendSplitThousands = (row: TableRow, pageText: string): Cell[] | null => {
  const cells = row.cells;
  const joinable: number[] = [];
  for (let i = 0; i + 1 < cells.length; i++) {
    const left = pageText.slice(cells[i]!.start, cells[i]!.end);
    const right = pageText.slice(cells[i + 1]!.start, cells[i + 1]!.end);
    if (/^[1-9]\d{0,2}$/.test(left) && /^\d{3}$/.test(right)) joinable.push(i);
  }
  if (joinable.length === 0 || joinable.length > MAX_MENDABLE_SPLITS) return null;
  for (let mask = 1; mask < 1 << joinable.length; mask++) {
    const joins = new Set(joinable.filter((_, bit) => (mask >> bit) & 1));
    // A number joins its right neighbour once: "1 234 567" reads as 1,234,567 only through two joins.
    if ([...joins].some((i) => joins.has(i - 1) && !/^\d{3}$/.test(pageText.slice(cells[i]!.start, cells[i]!.end)))) continue;
    const mended: Cell[] = [];
    for (let i = 0; i < cells.length; i++) {
      const previous = mended[mended.length - 1];
      if (joins.has(i - 1) && previous) {
        mended[mended.length - 1] = { ...previous, value: previous.value * 1000 + cells[i]!.value, end: cells[i]!.end };
      } else mended.push(cells[i]!);
    }
    if (isRowTotal(mended)) return mended;
  }
  return null;
};

/**
 * Marks the lines that are the sum of the lines right under them ("A. Salaries $1,065,000" over its seven
 * salaries, "Property crime" over burglary, larceny...), from the bottom up so that a part may itself have
 * parts. Returns the rows that are part of no other row. A sibling item of the same list ("B." after "A.") ends
 * the parts of a row, and an item of a list ends those of an unnumbered line, so that two items are never read
 * as one's parts.
 */
const topLevelRows = (rows: readonly TableRow[], table: Pick<TextTable, 'keyFrom'>): TableRow[] => {
  const extent = rows.map((_, i) => i + 1);
  const markerStyle = (row: TableRow): string | null => row.marker?.replace(/[A-Za-z]/g, 'a').replace(/\d+/g, '1') ?? null;
  /** The end of the parts of row i when its figure is their sum, each part spanning `step(j)`; null if not. */
  const partsEnd = (i: number, step: (j: number) => number): number | null => {
    const whole = keyCell(rows[i]!, table.keyFrom)!;
    const style = markerStyle(rows[i]!);
    const parts: Cell[] = [];
    let sum = 0;
    for (let j = i + 1; j < rows.length && parts.length < MAX_PARTS; j = step(j)) {
      // An item of the parent's list is its sibling; an item of a list is never part of an unnumbered line.
      const partStyle = markerStyle(rows[j]!);
      if (partStyle !== null && (style === null || partStyle === style)) return null;
      const part = keyCell(rows[j]!, table.keyFrom);
      if (!part) return null;
      parts.push(part);
      sum += part.value;
      // Two parts at least, two of them not zero: "3,000 = - + 3,000" is a coincidence, not a breakdown.
      if (parts.filter((p) => p.value !== 0).length >= 2 && addsUp(parts, whole)) return step(j);
      if (sum > whole.value + tolerance([...parts, whole])) return null;
    }
    return null;
  };
  for (let i = rows.length - 2; i >= 0; i--) {
    const whole = keyCell(rows[i]!, table.keyFrom);
    // Small figures add up by chance (3 = 1 + 2): only a figure of three significant digits or more is tried.
    if (!whole || whole.empty || whole.value * 10 ** whole.decimals < 100 || SUBTOTAL_LABEL.test(rows[i]!.label)) continue;
    const nested = partsEnd(i, (j) => extent[j]!);
    if (nested !== null) {
      extent[i] = nested;
      continue;
    }
    // A part may have been taken for the sum of the lines after it by chance; read as single lines they may
    // make this row's sum, and are then single lines.
    const flat = partsEnd(i, (j) => j + 1);
    if (flat !== null) {
      for (let k = i + 1; k < flat; k++) extent[k] = k + 1;
      extent[i] = flat;
    }
  }
  const top: TableRow[] = [];
  for (let i = 0; i < rows.length; i = extent[i]!) top.push(rows[i]!);
  return top.filter((row) => !SUBTOTAL_LABEL.test(row.label));
};

const SCALE_WORDS: Array<[RegExp, number]> = [
  [/\b(?:in|en)\s+(?:thousands|milliers|miles)\b|\((?:\$\s?)?000s?\)|\(\s?thousands\s?\)|\bthousands of dollars\b/i, 1e3],
  [/\b(?:in|en)\s+(?:millions|millones)\b|\(\s?millions\s?\)|\bmillions of dollars\b/i, 1e6],
  [/\b(?:in|en)\s+(?:billions|milliards)\b|\(\s?billions\s?\)|\bbillions of dollars\b/i, 1e9],
];
const TITLE_LINE = /^(?:Table|Tableau|Tabla|Cuadro|Exhibit|Schedule|Annexe?|Anexo|Appendix)\s{1,3}[A-Z0-9][\w.-]{0,8}[.:\s\u2013\u2014-]{1,4}\S.{2,150}$/;
/** How much text before a table is read for its title, units and currency. */
const HEADING_CHARS = 1500;

/** Lines of column headings right above a table that are searched for years: short lines, one heading a line at most. */
const HEADER_LINES = 40;
const HEADER_LINE_CHARS = 80;
const YEAR_HEADING = /^(?:FY|F\.Y\.)?'?((?:19|20)\d\d|\d\d)(?:[-\u2013/]((?:19|20)?\d\d))?$/i;
const COLUMN_QUALIFIER = /^(?:actuals?|budget(?:ed)?|adopted|proposed|projected|estimated?|requested|approved|recommended|amended|revised|original|final|forecast|ytd|réel|réalisé|prévu|presupuesto|ejecutado|proyectado)$/i;

/**
 * The column to read when the headings right above a table are years ("FY20 BUDGET FY21 BUDGET", "2022 Actual
 * 2023 Adopted 2024 Proposed"): the latest year's, which is the first in most budgets but the last when the years
 * ascend. Null without two years among the headings.
 */
const yearColumn = (heading: string): { index: number; name: string } | null => {
  const lines: string[] = [];
  for (const line of linesOf(heading).slice(-HEADER_LINES).reverse()) {
    const text = heading.slice(line.start, line.end).trim();
    if (text.length > HEADER_LINE_CHARS) break;
    lines.unshift(text);
  }
  const tokens = lines.join(' ').split(/\s+/);
  const years: Array<{ year: number; name: string }> = [];
  for (let i = 0; i < tokens.length; i++) {
    let token = tokens[i]!;
    if (/^F\.?Y\.?$/i.test(token) && i + 1 < tokens.length) token = `FY${tokens[++i]}`;
    const m = YEAR_HEADING.exec(token);
    if (!m || (m[1]!.length === 2 && !/^F/i.test(token))) continue;
    // The year of a date ("July 1, 2020") is no column's.
    const before = tokens[i - 1] ?? '';
    if (/^\d{1,2}(?:st|nd|rd|th|er)?,?$/i.test(before) || monthNumber(before.replace(/[.,]$/, '')) !== undefined) continue;
    const last = m[2] ?? m[1]!;
    const year = last.length === 2 ? 2000 + Number(last) : Number(last);
    if (year < 1990 || year > 2100) continue;
    const next = tokens[i + 1];
    years.push({ year, name: next && COLUMN_QUALIFIER.test(next) ? `${token} ${next[0]!.toUpperCase()}${next.slice(1).toLowerCase()}` : token });
  }
  if (years.length < 2) return null;
  const latest = Math.max(...years.map((y) => y.year));
  const ascending = years[years.length - 1]!.year > years[0]!.year;
  const index = ascending ? years.map((y) => y.year).lastIndexOf(latest) : years.findIndex((y) => y.year === latest);
  return { index, name: years[index]!.name };
};

/** Units, currency, title and year columns from the text that heads a table. */
const headingOf = (
  page: ExtractedPage,
  from: number,
  to: number,
): Pick<TextTable, 'scale' | 'title'> & { currency: string | null; years: { index: number; name: string } | null } => {
  const heading = page.text.slice(Math.max(from, to - HEADING_CHARS), to);
  const offset = Math.max(from, to - HEADING_CHARS);
  const scale = SCALE_WORDS.find(([pattern]) => pattern.test(heading))?.[1] ?? 1;
  const currency = /\(\s?\$\s?\)|\$\s?000|\bdollars\b|\bUSD\b/i.test(heading) ? '$' : /\(\s?€\s?\)|\beuros?\b|\bEUR\b/i.test(heading) ? '€' : null;
  let title: TextTable['title'] = null;
  for (const line of linesOf(heading)) {
    const text = heading.slice(line.start, line.end).trim();
    if (TITLE_LINE.test(text)) {
      const start = offset + line.start + heading.slice(line.start, line.end).indexOf(text);
      title = { text, start, end: start + text.length, page: page.number };
    }
  }
  return { scale, currency, title, years: yearColumn(heading) };
};

interface Block {
  rows: TableRow[];
  signature: string;
  /** Offset from which the text before the first row heads the block. */
  headFrom: number;
}

/** Label lines a figure standing alone on its line may have under it ("37,499.96 / DISTRICT DIRECTOR / BAIN, J"). */
const MAX_LABEL_LINES_AFTER = 2;
/** Lines of other text between two records that give their figure first (dates, references, descriptions). */
const MAX_GAP_FIGURE_FIRST = 8;
const LABEL_LINE = /^\p{L}.{1,79}$/u;

/**
 * The runs of rows of one page, by shape (records of a listing or labelled lines; one figure, a few, or many):
 * rows of one shape at most MAX_GAP lines of other text apart, so that a summary printed beside a listing stays
 * apart. A row whose label starts in lower case continues the line of text above it ("Murder and
 * nonnegligent / manslaughter . . . 10.0"); a figure alone on its line takes its label from the lines of text
 * under it, as in listings of payments that print the amount first.
 */
const blocksOf = (page: ExtractedPage, decimalComma: boolean, deadline: number): Block[] => {
  const lines = linesOf(page.text);
  const textOf = (i: number): string => page.text.slice(lines[i]!.start, lines[i]!.end);
  const found: Array<{ row: TableRow; signature: string; nonBlankIndex: number }> = [];
  let nonBlank = 0;
  let previousText: number | null = null;
  for (let i = 0; i < lines.length; i++) {
    if (timeIsUp(i, deadline)) break;
    const text = textOf(i);
    if (text.trim().length === 0) continue;
    nonBlank++;
    const row = parseRow(page.text, lines[i]!.start, lines[i]!.end, page.number, decimalComma);
    if (!row) {
      previousText = lines[i]!.end - lines[i]!.start <= 80 ? i : null;
      continue;
    }
    let signature = signatureOf(row);
    if (row.label === '' && row.cells.length === 1) {
      const labelLines: number[] = [];
      for (let j = i + 1; j < lines.length && labelLines.length < MAX_LABEL_LINES_AFTER; j++) {
        const next = textOf(j).trim();
        if (next.length === 0 && labelLines.length === 0) continue;
        if (!LABEL_LINE.test(next)) break;
        // "Utilities $100,000" is a row of its own; "DISTRICT DIRECTOR FROM MAY 23" is a label.
        const asRow = parseRow(page.text, lines[j]!.start, lines[j]!.end, page.number, decimalComma);
        if (asRow && asRow.cells.some((c) => c.currency !== null || c.decimals > 0)) break;
        labelLines.push(j);
      }
      if (labelLines.length > 0) {
        row.label = labelLines.map((j) => textOf(j).trim()).join(', ');
        row.labelStart = lines[labelLines[0]!]!.start;
        row.labelEnd = lines[labelLines.at(-1)!]!.end;
        row.labelAfter = true;
        signature = 'figure-first';
        i = labelLines.at(-1)!;
      }
    } else if (previousText !== null && previousText === i - 1 && /^\p{Ll}/u.test(row.label)) {
      const before = textOf(previousText).trim();
      if (/\p{L}/u.test(before) && !/\d/.test(before)) {
        row.labelStart = lines[previousText]!.start + textOf(previousText).indexOf(before);
        row.label = `${before} ${row.label}`;
      }
    }
    previousText = null;
    found.push({ row, signature, nonBlankIndex: nonBlank });
  }
  const blocks: Block[] = [];
  const last = new Map<string, { block: Block; nonBlankIndex: number }>();
  let previousEnd = 0;
  for (const { row, signature, nonBlankIndex } of found) {
    const open = last.get(signature);
    const maxGap = signature === 'figure-first' ? MAX_GAP_FIGURE_FIRST : MAX_GAP;
    if (open && nonBlankIndex - open.nonBlankIndex - 1 <= maxGap) {
      open.block.rows.push(row);
      open.nonBlankIndex = nonBlankIndex;
    } else {
      const block = { rows: [row], headFrom: previousEnd, signature };
      blocks.push(block);
      last.set(signature, { block, nonBlankIndex });
    }
    previousEnd = row.labelAfter ? row.labelEnd : row.end;
  }
  return blocks;
};

/**
 * Splits rows into tables at their totals: a total closes the rows above it (or heads those below it when it
 * comes first, as in statistical abstracts); totals in a row ("TOTAL INCOME", "Total income not inclusive of
 * capital") belong together; a "less", "net" or "balance" line right after them is the table's result.
 */
const splitAtTotals = (rows: readonly TableRow[]): Array<Pick<TextTable, 'rows' | 'totals' | 'result'>> => {
  const tables: Array<Pick<TextTable, 'rows' | 'totals' | 'result'> & { closed: boolean; totalFirst: boolean }> = [];
  let current = { rows: [] as TableRow[], totals: [] as TableRow[], result: null as TableRow | null, closed: false, totalFirst: false };
  const start = (): void => {
    current = { rows: [], totals: [], result: null, closed: false, totalFirst: false };
    tables.push(current);
  };
  tables.push(current);
  let previous: TableRow | null = null;
  for (const row of rows) {
    const isTotal = TOTAL_LABEL.test(row.label) && !SUBTOTAL_LABEL.test(row.label);
    const afterTotal = previous !== null && current.totals.includes(previous);
    if (isTotal) {
      if (current.closed && afterTotal && current.result === null) current.totals.push(row);
      else if (!current.closed && !current.totalFirst && current.rows.length >= 2) {
        current.totals.push(row);
        current.closed = true;
      } else {
        if (current.rows.length > 0 || current.totals.length > 0) start();
        current.totals.push(row);
        current.totalFirst = true;
      }
    } else if (current.closed) {
      if (afterTotal && current.result === null && RESULT_LABEL.test(row.label)) current.result = row;
      else {
        start();
        current.rows.push(row);
      }
    } else current.rows.push(row);
    previous = row;
  }
  return tables.filter((t) => t.rows.length > 0);
};

/**
 * The tables of a document, in order. A table may run over several pages: a block continues the table of the
 * same shape that had rows on the page before, unless that table ended on its total. Stops at `deadline`
 * (`performance.now()`) with the tables read so far.
 */
export const findTables = (pages: readonly ExtractedPage[], options: { deadline: number; decimalComma?: boolean }): TextTable[] => {
  const decimalComma = options.decimalComma ?? false;
  const tables: TextTable[] = [];
  let open = new Map<string, { rows: TableRow[]; page: ExtractedPage; headFrom: number }>();
  const gathered: Array<{ rows: TableRow[]; page: ExtractedPage; headFrom: number }> = [];
  for (const page of pages) {
    if (performance.now() > options.deadline) break;
    const next = new Map<string, { rows: TableRow[]; page: ExtractedPage; headFrom: number }>();
    for (const block of blocksOf(page, decimalComma, options.deadline)) {
      const signature = block.signature;
      const continued = open.get(signature);
      const endsOnTotal = continued !== undefined && TOTAL_LABEL.test(continued.rows.at(-1)!.label);
      if (continued && !endsOnTotal && !next.has(signature)) {
        continued.rows.push(...block.rows);
        next.set(signature, continued);
      } else {
        const table = { rows: [...block.rows], page, headFrom: block.headFrom };
        gathered.push(table);
        next.set(signature, table);
      }
    }
    open = next;
  }
  const pageTexts = new Map(pages.map((p) => [p.number, p.text]));
  for (const group of gathered) {
    if (performance.now() > options.deadline) break;
    const heading = headingOf(group.page, group.headFrom, group.rows[0]!.labelStart);
    const parts = splitAtTotals(group.rows).map((part) => finishTable(part, heading, pageTexts));
    for (let i = 0; i < parts.length; i++) {
      const table = parts[i]!;
      // Extraction may put a total amid the rows it sums (a summary read out of order): the rows after it that
      // have no total of their own belong to it when, with them, the sum is the total.
      const following = parts[i + 1];
      if (following && following.totals.length === 0 && !statedTotalChecks(table) && table.totals.length > 0) {
        const merged = finishTable({ ...table, rows: [...table.rows, ...following.rows] }, heading, pageTexts);
        if (statedTotalChecks(merged)) {
          parts.splice(i, 2, merged);
          i--;
          continue;
        }
      }
      if (table.rows.length + table.totals.length >= MIN_TABLE_ROWS && !isContents(table) && !isProse(table)) tables.push(table);
    }
  }
  return tables;
};

/**
 * A table of contents reads like a table ("Introduction . . . . 3"): titles, each with one whole number, the
 * page, that grows down the list.
 */
const isContents = (table: TextTable): boolean => {
  const pages = table.rows.map((r) => (r.cells.length === 1 && r.cells[0]!.decimals === 0 && r.cells[0]!.currency === null ? r.cells[0]!.value : NaN));
  if (pages.some((n) => !(n >= 0 && n < 2000)) || table.totals.length > 0) return false;
  let growing = 0;
  for (let i = 1; i < pages.length; i++) if (pages[i]! >= pages[i - 1]!) growing++;
  return growing >= 0.8 * (pages.length - 1);
};

/** Labels longer than this, as a rule, are lines of a paragraph that happen to end with a number. */
const MAX_MEDIAN_LABEL_CHARS = 35;

/**
 * Lines of running text that end with numbers (citations, "see page 12") read like a table without a total:
 * such a "table" of long labels, neither a listing nor totalled, is prose.
 */
const isProse = (table: TextTable): boolean => {
  if (table.totals.length > 0 || table.listing) return false;
  const lengths = table.rows.map((r) => r.label.length).sort((a, b) => a - b);
  return lengths[Math.floor(lengths.length / 2)]! > MAX_MEDIAN_LABEL_CHARS;
};

/** The sum of the lines a total sums, in the table's own units. */
export const sumOfLines = (table: Pick<TextTable, 'topLevel' | 'keyFrom'>): number =>
  table.topLevel.reduce((sum, row) => sum + keyValue(row, table), 0);

/** True when the lines of a table add up to its stated total (to the rounding of its figures). */
export const statedTotalChecks = (table: TextTable): boolean => {
  const total = table.totals[0] && keyCell(table.totals[0], table.keyFrom);
  if (!total) return false;
  const parts = table.topLevel.map((row) => keyCell(row, table.keyFrom)).filter((c): c is Cell => c !== null);
  return parts.length > 0 && addsUp(parts, total);
};

const finishTable = (
  part: Pick<TextTable, 'rows' | 'totals' | 'result'>,
  heading: ReturnType<typeof headingOf>,
  pageTexts: ReadonlyMap<number, string>,
): TextTable => {
  // A last column that is the sum of the others is the rows' total: it is the figure to read.
  const wide = part.rows.filter((r) => r.cells.filter((c) => !c.percent).length >= 3).length;
  const rowTotals = part.rows.filter((r) => isRowTotal(r.cells)).length;
  const keyFrom: TextTable['keyFrom'] = wide >= MIN_TABLE_ROWS && rowTotals >= 0.6 * wide ? 'last' : (heading.years?.index ?? 0);
  if (keyFrom === 'last') {
    let tried = 0;
    for (const row of [...part.rows, ...part.totals]) {
      if (tried >= MAX_MENDED_ROWS || isRowTotal(row.cells)) continue;
      tried++;
      row.cells = mendSplitThousands(row, pageTexts.get(row.page) ?? '') ?? row.cells;
    }
  }
  // The currency of the figures read: a table of hours beside hourly rates is not one of dollars.
  const keys = [...part.rows, ...part.totals].map((r) => keyCell(r, keyFrom)).filter((c): c is Cell => c !== null);
  const currencies = keys.filter((c) => c.currency !== null);
  const listing = part.rows.filter((r) => (r.codeKind !== 'none' || r.labelAfter) && r.cells.length === 1).length * 2 > part.rows.length;
  // Records of a listing are not parts of one another; a line of figures without a label is a fragment of a
  // header or of a damaged row, which only serves to check a subtotal.
  const topLevel = (listing ? part.rows : topLevelRows(part.rows, { keyFrom })).filter((r) => r.label !== '' && !VOIDED_LABEL.test(r.label));
  return {
    ...part,
    topLevel,
    keyFrom,
    column: keyFrom === 'last' ? null : (heading.years?.name ?? null),
    scale: heading.scale,
    currency: currencies.length * 2 >= keys.length && currencies.length > 0 ? currencies[0]!.currency : heading.currency,
    title: heading.title,
    listing,
  };
};

/** A listing whose entries carry no figure to add (licences, permits, notices): how many, and their dates. */
export interface RecordListing {
  count: number;
  first: { quote: string; page: number };
  /** The span of the dates that end the entries ("EXPIRES"), with the entry of the earliest. */
  dates: { first: string; last: string; column: string | null; quote: string; page: number } | null;
  /** "Page 1 of 151": how many pages the whole listing has, when it says so. */
  pagesInAll: number | null;
}

const MIN_RECORDS = 8;
/** A cheap look at the end of a line before it is read word by word. */
const ENDS_WITH_DATE = /\d[/.-]\d{1,2}\s*$/;
const PAGE_OF = /\b(?:page|página|pagina)\s{1,3}\d{1,5}\s{1,3}(?:of|de|sur|\/)\s{1,3}(\d{1,5})\b/gi;

/**
 * A listing of records, each ending with a date (an expiry, a filing date) as registers print them: counted by
 * those lines, since a record may wrap over several. Null when fewer than MIN_RECORDS lines end so.
 */
export const findRecordListing = (
  pages: readonly ExtractedPage[],
  options: { deadline: number; language: DocumentLanguage | null },
): RecordListing | null => {
  const records: Array<{ page: ExtractedPage; line: { start: number; end: number }; date: string; index: number }> = [];
  let pagesInAll: number | null = null;
  let column: string | null = null;
  for (const page of pages) {
    if (performance.now() > options.deadline) break;
    for (const m of page.text.matchAll(PAGE_OF)) pagesInAll = Math.max(pagesInAll ?? 0, Number(m[1]));
    const lines = linesOf(page.text);
    for (let index = 0; index < lines.length; index++) {
      if (timeIsUp(index, options.deadline)) break;
      const line = lines[index]!;
      if (line.end - line.start > MAX_ROW_CHARS || !ENDS_WITH_DATE.test(page.text.slice(Math.max(line.start, line.end - 12), line.end))) continue;
      const tokens = tokensOf(page.text, line.start, line.end);
      const last = tokens[tokens.length - 1];
      if (tokens.length < 3 || !last || !DATE_TOKEN.test(last.text)) continue;
      if (!/\p{L}/u.test(page.text.slice(line.start, last.start))) continue;
      const date = findDates(last.text, options.language)[0];
      if (date) records.push({ page, line, date: date.iso, index });
      if (column === null && records.length === 1) {
        // The heading of the dates' column is the last word of the nearest line of words above the first record.
        for (let i = index - 1; i >= 0 && i >= index - 12; i--) {
          const words = page.text.slice(lines[i]!.start, lines[i]!.end).trim();
          if (/^[\p{L}/ .()-]{10,}$/u.test(words) && words.split(/\s+/).length >= 3) {
            column = words.split(/\s+/).at(-1)!;
            break;
          }
        }
      }
    }
  }
  if (records.length < MIN_RECORDS) return null;
  const quoteOf = (r: (typeof records)[number]): string => r.page.text.slice(r.line.start, r.line.end).trim().slice(-200).trim();
  const earliest = records.reduce((a, b) => (b.date < a.date ? b : a));
  const latest = records.reduce((a, b) => (b.date > a.date ? b : a));
  return {
    count: records.length,
    first: { quote: quoteOf(records[0]!), page: records[0]!.page.number },
    dates: earliest.date < latest.date ? { first: earliest.date, last: latest.date, column, quote: quoteOf(earliest), page: earliest.page.number } : null,
    pagesInAll,
  };
};
