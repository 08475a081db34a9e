/**
 * Figures written in a text (amounts, percentages, numbers, dates) and the figures a document contains, so that a
 * language model's figures can be looked for in the document it analysed (docs/product/analysis.md "Checked
 * numbers"). Only shapes are read here; figure-check.ts decides what a result says about a missing one.
 *
 * Every pattern is a bounded repetition without nested quantifiers: a scan is linear in the text's length.
 * Long because every written form of a figure is read here and nowhere else: amounts in their currencies, both
 * decimal marks, percentages, and dates in English, French and Spanish.
 */
import { MONTH, MONTHS } from '../shared/month-names.ts';

export type FigureKind = 'amount' | 'percent' | 'number' | 'date';

/** One way to read a written number: its value, and the half-width of the interval a rounding of it stands for. */
interface Reading {
  value: number;
  tolerance: number;
}

/** A calendar mention: a full date, a month and day without a year, or a month of a year. */
interface CalendarDate {
  year: number | null;
  month: number;
  day: number | null;
}

/** A figure as a model wrote it, with every reading of it the document may confirm. */
export interface Figure {
  kind: FigureKind;
  /** As written, to be quoted back to the reader. */
  text: string;
  /** Where it starts in the text. */
  index: number;
  /** Number kinds: any one reading found in the document confirms the figure (separators are ambiguous). */
  readings: Reading[];
  /** Dates: any one alternative confirms it, when every date of it (both ends of a range) is found. */
  dates: CalendarDate[][];
}

/** "15th", "1er", and "1 er" as extraction sometimes splits it. */
const ORDINAL = '(?:\\s?(?:st|nd|rd|th|er)\\b|º|°)?';

/**
 * A written number: digits grouped in thousands (by commas, dots or spaces) with an optional decimal part,
 * plain digits with one, or a bare decimal part (".02%"). Which separator is the decimal one is settled later.
 */
const NUM = '(?:\\d{1,3}(?:[,. ]\\d{3}(?!\\d)){1,5}(?:[.,]\\d{1,6})?|\\d{1,15}(?:[.,]\\d{1,6})?|[.,]\\d{1,6})';
/** Not inside a word, an identifier ("COVID-19", "FY2022") or another number. */
const START = '(?<![\\p{L}\\d.,\\-/])';
const END = '(?![\\p{L}\\d])';

const SCALES: ReadonlyArray<[RegExp, number]> = [
  [/^(?:thousand|k|mil)$/i, 1e3],
  [/^(?:millions?|mn|m|mio|mill[oó]n|millones)$/i, 1e6],
  [/^(?:billions?|bn|b|milliards?|mil millones)$/i, 1e9],
  [/^(?:trillions?|billones)$/i, 1e12],
];
const SCALE = '(?:\\s?(?:thousand|millions?|billions?|trillions?|milliards?|mil millones|mill[oó]n|millones|billones|mio|mil)\\b|(?:k|K|M|mn|bn|B)\\b)';
const CURRENCY_BEFORE = '(?:US\\$|CA?\\$|A\\$|R\\$|\\$|€|£|¥|\\b(?:USD|EUR|CAD|GBP|MXN|ARS|AUD)\\s?)';
const CURRENCY_AFTER = '(?:\\s?(?:€|\\$|¢)|\\s(?:euros?|dollars?|pesos?|cents?|USD|EUR|CAD|MXN|ARS)\\b)';
const PERCENT_SIGN = '(?:\\s?%|\\s(?:percent|per\\s?cent|pour\\s?cent|por\\s?ciento|pct)\\b)';

const AMOUNT_BEFORE = new RegExp(`${CURRENCY_BEFORE}\\s?(${NUM})(${SCALE})?${END}`, 'gu');
const AMOUNT_AFTER = new RegExp(`${START}(${NUM})(${SCALE})?${CURRENCY_AFTER}`, 'gu');
const PERCENT = new RegExp(`${START}(${NUM})${PERCENT_SIGN}`, 'giu');
const SCALED = new RegExp(`${START}(${NUM})(\\s(?:thousand|millions?|billions?|trillions?|milliards?|millones|billones)\\b)`, 'giu');
const PLAIN = new RegExp(`${START}(${NUM})${ORDINAL}${END}`, 'gu');
/** "2020-21", "2020–2021": both years, the second one often in two digits. */
const YEAR_RANGE = /(?<![\p{L}\d.,\-/])((?:19|20)\d{2})\s?[-–/]\s?(\d{4}|\d{2})(?![\p{L}\d\-/])/gu;

const MONTH_FIRST = new RegExp(
  `\\b(${MONTH})\\.?\\s{1,3}(\\d{1,2})${ORDINAL}(?:\\s{0,2}(?:-|–|to|through)\\s{0,2}(\\d{1,2})${ORDINAL})?(?:,?\\s{1,3}(\\d{4}))?(?![\\p{L}\\d])`,
  'giu',
);
const DAY_FIRST = new RegExp(
  `(?<![\\p{L}\\d])(\\d{1,2})${ORDINAL}(?:\\s{0,2}(?:-|–|au|al|to|and|&|et|y)\\s{0,2}(\\d{1,2})${ORDINAL})?\\s{1,3}(?:day\\s{1,3})?(?:of\\s{1,3}|de\\s{1,3})?(${MONTH})\\.?(?:,?\\s{1,3}(?:de(?:l)?\\s{1,3})?(\\d{4}))?(?![\\p{L}\\d])`,
  'giu',
);
/** "July 2020", "November - 2015", "November of 2020", "julio de 2020". */
const MONTH_YEAR = new RegExp(`\\b(${MONTH})\\.?,?\\s{0,3}(?:[-–/]\\s{0,3}|of\\s{1,3}|de\\s{1,3})?(\\d{4})(?![\\p{L}\\d])`, 'giu');
const NUMERIC_DATE = /(?<![\p{L}\d.\-/])(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})(?![\p{L}\d])/gu;
/** "2020-07-15", "2014/12/03": year first. */
const ISO_DATE = /(?<![\p{L}\d.\-/])(\d{4})([-/.])(\d{1,2})\2(\d{1,2})(?![\p{L}\d])/gu;

/** Words by which a model says its figure is rounded, and how far from the document's it may then be. */
const HEDGE = /\b(?:about|approximately|approx\.|roughly|nearly|almost|around|some|over|more than|less than|under|close to|just over|just under)\s{1,3}$|~\s?$/i;
const HEDGE_MARGIN = 0.1;

/** Times and page references say nothing a document must contain ("page 12", "7:30 p.m."). */
const TIMES_AND_PAGES = /\b\d{1,2}(?::\d{2})?\s?[ap]\.?\s?m\b\.?|\b\d{1,2}[:h]\d{2}\b|\b(?:pages?|pp?\.)\s{0,2}\d{1,5}(?:\s{0,2}(?:-|–|and|to)\s{0,2}\d{1,5})?/giu;

/**
 * References to laws and cases, which a model brings from outside the document on purpose: "the 14th
 * Amendment", "Article I, Section 8", "42 U.S.C. § 1983", "5 ILCS 120/2", "RCW 42.30.110", "Roe v. Wade, 410 U.S.
 * 113 (1973)", "the Civil Rights Act of 1964". Their numbers are not figures of the document.
 */
const LEGAL_REFERENCES = [
  /(?:§{1,2}|\b(?:sections?|secs?\.|articles?|arts?\.|amendments?|titles?|chapters?|chs?\.|clauses?|paragraphs?|paras?\.|subsections?|subdivisions?|parts?|rules?)\s{0,3})\(?[\dIVXLC][\w.\-–/()]{0,30}/giu,
  /\b\d{1,5}[\d\-–./:()]{0,20}\s{0,3}(?:U\.?\s?S\.?\s?C\.?|C\.?\s?F\.?\s?R\.?|ILCS|U\.\s?S\.|S\.\s?Ct\.|F\.\s?(?:2d|3d|4th|Supp\.)|Stat\.)[\s§\d\-–./:()]{0,24}/gu,
  /\b\d{1,2}(?:st|nd|rd|th)\s{1,3}Amendment/giu,
  /\b(?:Act|Code|Law|Statute)s?\s{1,3}of\s{1,3}\d{4}/giu,
  /\b(?:Pub\.\s?L\.|P\.\s?L\.)\s?(?:No\.\s?)?\d{1,3}[-–]\d{1,4}/gu,
  /\bv\.?\s[^()\n]{1,80}?\(\d{4}\)/gu,
  // State codes cited by their capitals: "RCW 42.30.110", "MCL 15.261", "N.J.S.A. 10:4-6".
  /\b[A-Z][A-Z.]{1,9}\s?\d{1,5}(?:[.:\-–]\d{1,5}){1,4}/gu,
];

/** Normalises what extraction and typing vary: compatibility forms (no-break and thin spaces) and dashes. */
const normalise = (text: string): string => text.normalize('NFKC').replace(/[\u2010-\u2013\u2212]/g, '-').replace(/\u2014/g, '–');

const digitsIn = (raw: string): number => raw.replace(/\D/g, '').length;

/**
 * The values a written number may have. "1,234.5" and "1.234,5" are 1234.5; "12,5" is 12.5; "1.234" is 1.234 in
 * English and 1234 in French, so it has both readings. "1,234" too, in a document (`generous`); a model writes
 * English, and its "$5,000" must not pass for a "5" of the document. `tolerance` is half the last written digit:
 * "1.2" stands for anything that rounds to it.
 */
const readingsOf = (raw: string, scale = 1, generous = false): Reading[] => {
  const read = (integer: string, fraction: string): Reading => ({
    value: Number(`${integer || '0'}.${fraction || '0'}`) * scale,
    tolerance: 0.5 * 10 ** -fraction.length * scale,
  });
  if (raw.includes(' ')) {
    const [integer = '', fraction = ''] = raw.replace(/ /g, '').split(/[.,]/);
    // "1 234 567 €" groups thousands, but "$590 300" may be two cells of a table row joined by a space.
    return [read(integer, fraction), ...readingsOf(raw.slice(0, raw.indexOf(' ')), scale, generous)];
  }
  const lastComma = raw.lastIndexOf(',');
  const lastDot = raw.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    const decimal = lastComma > lastDot ? ',' : '.';
    const at = raw.lastIndexOf(decimal);
    return [read(raw.slice(0, at).replace(/\D/g, ''), raw.slice(at + 1))];
  }
  const separator = lastComma >= 0 ? ',' : lastDot >= 0 ? '.' : null;
  if (separator === null) return [read(raw, '')];
  const parts = raw.split(separator);
  if (parts.length > 2) return [read(parts.join(''), '')];
  const [integer = '', fraction = ''] = parts;
  if (fraction.length !== 3 || integer.length < 1 || integer.length > 3 || integer.startsWith('0')) return [read(integer, fraction)];
  if (separator === ',' && !generous) return [read(integer + fraction, '')];
  return [read(integer + fraction, ''), read(integer, fraction)];
};

const scaleOf = (word: string | undefined): number => {
  const w = word?.trim();
  if (!w) return 1;
  return SCALES.find(([pattern]) => pattern.test(w))?.[1] ?? 1;
};

const validDate = (year: number | null, month: number, day: number | null): boolean => {
  if (month < 1 || month > 12) return false;
  if (day === null) return true;
  if (day < 1 || day > 31) return false;
  return new Date(Date.UTC(year ?? 2000, month - 1, day)).getUTCDate() === day;
};

const fullYear = (written: string): number => {
  const n = Number(written);
  return written.length === 2 ? 2000 + n - (n > 60 ? 100 : 0) : n;
};

/**
 * The characters of a text already read as one figure (or set aside), so that a later pattern does not read them
 * again. A mark per character: checking a match costs its length, however many figures came before.
 */
class Claims {
  private readonly taken: Uint8Array;

  constructor(text: string) {
    this.taken = new Uint8Array(text.length);
  }

  /** The matches of `pattern` that touch no claimed character; claiming each is the caller's choice. */
  *free(text: string, pattern: RegExp): Generator<RegExpMatchArray> {
    for (const match of text.matchAll(pattern)) {
      const start = match.index ?? 0;
      if (this.taken.subarray(start, start + match[0].length).every((t) => t === 0)) yield match;
    }
  }

  claim(match: RegExpMatchArray): void {
    const start = match.index ?? 0;
    this.taken.fill(1, start, start + match[0].length);
  }

  /** Sets aside every match of `pattern`. */
  skip(text: string, pattern: RegExp): void {
    for (const match of this.free(text, pattern)) this.claim(match);
  }
}

const monthOf = (name: string | undefined): number => MONTHS[(name ?? '').toLowerCase()] ?? 0;

/** In English "may" is a verb unless written May; French and Spanish months are written in lower case. */
const isMonth = (name: string | undefined): boolean => name !== 'may' && monthOf(name) > 0;

/** Both ends of "July 15-17": the days a reader would look for. */
const daysOf = (year: number | null, month: number, first: string | undefined, second: string | undefined): CalendarDate[] =>
  [first, second].filter((d): d is string => d !== undefined).map((d) => ({ year, month, day: Number(d) }));

/** Dates in every common form, each with the alternatives of what it may mean (a numeric date may be either way round). */
function* datesIn(text: string, claims: Claims): Generator<{ text: string; index: number; dates: CalendarDate[][] }> {
  const found = function* (m: RegExpMatchArray, alternatives: CalendarDate[][]) {
    const valid = alternatives.filter((dates) => dates.every((d) => validDate(d.year, d.month, d.day)));
    if (valid.length === 0) return;
    claims.claim(m);
    yield { text: m[0], index: m.index ?? 0, dates: valid };
  };
  for (const m of claims.free(text, ISO_DATE)) yield* found(m, [[{ year: Number(m[1]), month: Number(m[3]), day: Number(m[4]) }]]);
  for (const m of claims.free(text, MONTH_FIRST)) {
    if (isMonth(m[1])) yield* found(m, [daysOf(m[4] ? Number(m[4]) : null, monthOf(m[1]), m[2], m[3])]);
  }
  for (const m of claims.free(text, DAY_FIRST)) {
    if (isMonth(m[3])) yield* found(m, [daysOf(m[4] ? Number(m[4]) : null, monthOf(m[3]), m[1], m[2])]);
  }
  for (const m of claims.free(text, MONTH_YEAR)) {
    if (isMonth(m[1])) yield* found(m, [[{ year: Number(m[2]), month: monthOf(m[1]), day: null }]]);
  }
  for (const m of claims.free(text, NUMERIC_DATE)) {
    const [a, b, year] = [Number(m[1]), Number(m[3]), fullYear(m[4] ?? '')];
    yield* found(m, [[{ year, month: a, day: b }], [{ year, month: b, day: a }]]);
  }
}

/**
 * The figures a model wrote in one point, in reading order: amounts, percentages, dates, and numbers of two digits
 * or more, leaving out times, page references and references to laws and cases. Each part of the text is read as
 * one figure at most, tried in that order ("$1,500" is an amount, not also a number).
 */
export const findFigures = (written: string): Figure[] => {
  const text = normalise(written);
  const claims = new Claims(text);
  const figures: Figure[] = [];
  const read = (kind: FigureKind, pattern: RegExp, accept: (m: RegExpMatchArray) => boolean = () => true): void => {
    for (const m of claims.free(text, pattern)) {
      if (!accept(m)) continue;
      claims.claim(m);
      const index = m.index ?? 0;
      const readings = readingsOf(m[1] ?? '', scaleOf(m[2]));
      // "About 1,000 residents" for the document's 1,037 is a rounding, not an invention.
      if (HEDGE.test(text.slice(Math.max(0, index - 24), index))) for (const r of readings) r.tolerance = Math.max(r.tolerance, Math.abs(r.value) * HEDGE_MARGIN);
      const figure: Figure = { kind, text: m[0].trim(), index, readings, dates: [] };
      // "50 cents" may be written "$0.50" in the document.
      if (/cents?\b|¢/i.test(m[0])) figure.readings.push(...figure.readings.map((r) => ({ value: r.value / 100, tolerance: r.tolerance / 100 })));
      figures.push(figure);
    }
  };

  read('amount', AMOUNT_BEFORE);
  read('amount', AMOUNT_AFTER);
  read('percent', PERCENT);
  for (const d of datesIn(text, claims)) figures.push({ kind: 'date', text: d.text, index: d.index, readings: [], dates: d.dates });
  for (const m of claims.free(text, YEAR_RANGE)) {
    claims.claim(m);
    const first = Number(m[1]);
    const second = m[2]?.length === 2 ? Math.floor(first / 100) * 100 + Number(m[2]) : Number(m[2]);
    // Both years must be there: two figures, each quoted as the range the model wrote.
    for (const year of [first, second]) figures.push({ kind: 'number', text: m[0], index: m.index ?? 0, readings: readingsOf(String(year)), dates: [] });
  }
  claims.skip(text, TIMES_AND_PAGES);
  for (const pattern of LEGAL_REFERENCES) claims.skip(text, pattern);
  read('number', SCALED);
  read('number', PLAIN, (m) => digitsIn(m[1] ?? '') >= 2);
  return figures.sort((a, b) => a.index - b.index);
};

const NUMBER_WORDS: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11,
  twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19,
  twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90, hundred: 100,
  un: 1, une: 1, deux: 2, trois: 3, quatre: 4, cinq: 5, sept: 7, huit: 8, neuf: 9, dix: 10, onze: 11, douze: 12,
  treize: 13, quatorze: 14, quinze: 15, seize: 16, vingt: 20, trente: 30, quarante: 40, cinquante: 50, soixante: 60,
  cent: 100,
  uno: 1, dos: 2, tres: 3, cuatro: 4, cinco: 5, seis: 6, siete: 7, ocho: 8, nueve: 9, diez: 10, once: 11, doce: 12,
  trece: 13, catorce: 14, quince: 15, veinte: 20, treinta: 30, cuarenta: 40, cincuenta: 50, sesenta: 60, setenta: 70,
  ochenta: 80, noventa: 90, cien: 100,
};
const TENS = 'twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety';
const UNITS = 'one|two|three|four|five|six|seven|eight|nine';
/** Numbers a document spells out ("fifteen (15) days", "twenty-five percent", "cinq pour cent"). */
const WORD_NUMBER = new RegExp(
  `\\b(?:(${TENS})[-\\s](${UNITS})|(${Object.keys(NUMBER_WORDS).sort((a, b) => b.length - a.length).join('|')}))\\b(${PERCENT_SIGN})?`,
  'giu',
);

const DOCUMENT_NUMBER = new RegExp(`(${NUM})(${SCALE})?(${PERCENT_SIGN})?`, 'giu');

/**
 * A table's unit, said once in its heading: "[In thousands (11,062.6 represents 11,062,600)]", "(in millions of
 * dollars)", "($000)", "en milliers d'euros", "en miles de pesos". Every number of that page may be in it.
 */
const PAGE_UNITS: ReadonlyArray<[RegExp, number]> = [
  [/\b(?:in|en)\s{1,3}(?:thousands|milliers|miles)\b|\(\s?\$?\s?000'?s?\s?\)|\bthousands of dollars\b/i, 1e3],
  [/\b(?:in|en)\s{1,3}(?:millions|millones)\b|\bmillions of dollars\b/i, 1e6],
];

const dateKey = (d: CalendarDate): string => `${d.year ?? ''}-${d.month}-${d.day ?? ''}`;

/**
 * What a document contains, read generously: every way each of its numbers may be read (alone, grouped, scaled,
 * spelled out, the second year of "2020-21"), its percentages, and its dates in every common form. Generous,
 * because a figure missing here is flagged to a citizen: a model's figure wrongly taken for found costs less
 * than a faithful one wrongly flagged.
 */
export class DocumentFigures {
  /** Sorted, for lookups by interval. */
  private readonly numbers: number[];
  private readonly percents: number[];
  private readonly fullDates = new Set<string>();
  /** Month and day of every dated mention, with or without a year. */
  private readonly monthDays = new Set<string>();
  /** Month and day of mentions without a year ("on July 15"), which may go with any year the document names. */
  private readonly yearlessMonthDays = new Set<string>();
  private readonly monthYears = new Set<string>();

  constructor(texts: readonly string[]) {
    const numbers: number[] = [];
    const percents: number[] = [];
    for (const raw of texts) {
      const text = normalise(raw);
      const units = PAGE_UNITS.filter(([pattern]) => pattern.test(text)).map(([, unit]) => unit);
      for (const m of text.matchAll(DOCUMENT_NUMBER)) {
        const written = m[1] ?? '';
        const scales = [1, ...units, ...(m[2] ? [scaleOf(m[2])] : [])];
        const readings = scales.flatMap((scale) => readingsOf(written, scale, true));
        // A space may group thousands ("12 500") or part two columns of a table ("45 120"): every piece too.
        if (written.includes(' ')) for (const piece of written.split(' ').slice(1)) readings.push(...readingsOf(piece, 1, true));
        numbers.push(...readings.map((r) => r.value));
        if (m[3]) percents.push(...readings.map((r) => r.value));
      }
      // Digits stuck to letters: "FY2022", "COVID-19", "H.R.1234".
      for (const m of text.matchAll(/(?<=\p{L})\d{1,15}|\d{1,15}(?=\p{L})/gu)) numbers.push(Number(m[0]));
      for (const m of text.matchAll(WORD_NUMBER)) {
        const word = (w: string | undefined) => NUMBER_WORDS[(w ?? '').toLowerCase()] ?? 0;
        const value = m[1] ? word(m[1]) + word(m[2]) : word(m[3]);
        numbers.push(value);
        if (m[4]) percents.push(value);
      }
      for (const m of text.matchAll(YEAR_RANGE)) {
        if (m[2]?.length === 2) numbers.push(Math.floor(Number(m[1]) / 100) * 100 + Number(m[2]));
      }
      for (const m of text.matchAll(/\bFY\s?'?(\d{2})(?!\d)/giu)) numbers.push(2000 + Number(m[1]));
      for (const found of datesIn(text, new Claims(text))) {
        for (const date of found.dates.flat()) this.addDate(date);
      }
    }
    this.numbers = numbers.sort((a, b) => a - b);
    this.percents = percents.sort((a, b) => a - b);
  }

  private addDate(date: CalendarDate): void {
    if (date.day === null) {
      if (date.year !== null) this.monthYears.add(`${date.year}-${date.month}`);
      return;
    }
    this.monthDays.add(`${date.month}-${date.day}`);
    if (date.year === null) this.yearlessMonthDays.add(`${date.month}-${date.day}`);
    else {
      this.fullDates.add(dateKey(date));
      this.monthYears.add(`${date.year}-${date.month}`);
    }
  }

  /** True when the document contains the figure in some form. */
  contains(figure: Figure): boolean {
    if (figure.kind === 'date') return figure.dates.some((alternative) => alternative.every((d) => this.hasDate(d)));
    const values = figure.kind === 'percent' ? this.percents : this.numbers;
    return figure.readings.some((r) => hasWithin(values, r.value, r.tolerance));
  }

  private hasDate(date: CalendarDate): boolean {
    if (date.day === null) return this.monthYears.has(`${date.year}-${date.month}`);
    if (date.year === null) return this.monthDays.has(`${date.month}-${date.day}`);
    // "July 15" on one page and "2020" in the heading: the document does say July 15, 2020.
    return this.fullDates.has(dateKey(date)) || (this.yearlessMonthDays.has(`${date.month}-${date.day}`) && hasWithin(this.numbers, date.year, 0));
  }
}

/** Whether sorted `values` holds one within `tolerance` of `value` (a relative hair more, for binary fractions). */
const hasWithin = (values: readonly number[], value: number, tolerance: number): boolean => {
  const slack = tolerance + Math.abs(value) * 1e-9;
  let low = 0;
  let high = values.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((values[mid] ?? 0) < value - slack) low = mid + 1;
    else high = mid;
  }
  return low < values.length && (values[low] ?? Infinity) <= value + slack;
};
