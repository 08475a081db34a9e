/**
 * Numbers and sums of money as tables and sentences write them: "$1,234.56", "1.234,56 €", "(1,234)" for a
 * negative, "88.64%", "$1.2 million", "1 234,56" in French; and how a statement says them back in English.
 */

/** A number read from one token or phrase. */
export interface ParsedNumber {
  value: number;
  /** Digits after the decimal mark: a sum of "37,499.96" and "21,000.00" is said with two. */
  decimals: number;
  percent: boolean;
  /** "$", "€", "£" or "¥" when the number carries its currency. */
  currency: string | null;
}

const CURRENCY_SIGNS = '$€£¥';
/** Longer than any number a table prints ("1,234,567,890,123.45"): anything longer is not one. */
const MAX_NUMBER_CHARS = 32;

/**
 * The value of a number's digits and separators ("1,234.56", "1.234,56", "1 234", "0,5"), or null when they
 * are not a number's. `decimalComma` (French, Spanish) reads a lone comma as the decimal mark and a lone dot
 * followed by three digits as a thousands separator; either way, a mark followed by one, two or four digits is
 * decimal, and both marks together are read as written ("1.234,56" and "1,234.56").
 */
const readDigits = (core: string, decimalComma: boolean): { value: number; decimals: number } | null => {
  if (!/^\d[\d.,'\u00A0\u202F ]*$/.test(core) || !/\d$/.test(core)) return null;
  const marks = core.replace(/\d/g, '');
  if (marks.length === 0) return { value: Number(core), decimals: 0 };
  const lastMark = Math.max(core.lastIndexOf('.'), core.lastIndexOf(','));
  let decimalAt = -1;
  if (core.includes('.') && core.includes(',')) decimalAt = lastMark;
  else if (lastMark >= 0 && marks.replace(/[^.,]/g, '').length === 1) {
    const after = core.length - lastMark - 1;
    const mark = core[lastMark];
    if (after !== 3 || mark === (decimalComma ? ',' : '.')) decimalAt = lastMark;
  }
  const whole = decimalAt >= 0 ? core.slice(0, decimalAt) : core;
  const fraction = decimalAt >= 0 ? core.slice(decimalAt + 1) : '';
  if (!/^\d*$/.test(fraction)) return null;
  // Thousands groups are of three digits after a first group of one to three.
  const groups = whole.split(/[.,'\u00A0\u202F ]/);
  if (groups.length > 1 && (!/^\d{1,3}$/.test(groups[0]!) || groups.slice(1).some((g) => !/^\d{3}$/.test(g)))) return null;
  return { value: Number(`${groups.join('')}.${fraction || '0'}`), decimals: fraction.length };
};

/**
 * One table cell or word read as a number: "$1,234.56", "(1,234)" and "-1,234" (negatives), "88.64%", "1.234,56€".
 * Null when it is not a number (a date, an account code such as "4001-01", a word).
 */
export const parseNumber = (token: string, decimalComma = false): ParsedNumber | null => {
  let text = token.trim();
  if (text.length === 0 || text.length > MAX_NUMBER_CHARS) return null;
  let negative = false;
  if (text.startsWith('(') && text.endsWith(')')) {
    negative = true;
    text = text.slice(1, -1);
  }
  let currency: string | null = null;
  let percent = false;
  if (/^[-\u2212\u2013]/.test(text)) {
    negative = !negative;
    text = text.slice(1);
  }
  if (CURRENCY_SIGNS.includes(text[0]!)) {
    currency = text[0]!;
    text = text.slice(1).trimStart();
  }
  if (text.startsWith('(') && text.endsWith(')')) {
    negative = !negative;
    text = text.slice(1, -1);
  }
  if (/^[-\u2212\u2013]/.test(text)) {
    negative = !negative;
    text = text.slice(1);
  }
  const last = text[text.length - 1];
  if (last === '%') {
    percent = true;
    text = text.slice(0, -1).trimEnd();
  } else if (last !== undefined && CURRENCY_SIGNS.includes(last) && currency === null) {
    currency = last;
    text = text.slice(0, -1).trimEnd();
  }
  // ".02%" is written without its leading zero.
  if (/^[.,]\d/.test(text)) text = `0${text}`;
  const digits = readDigits(text, decimalComma);
  if (!digits) return null;
  return { value: negative ? -digits.value : digits.value, decimals: digits.decimals, percent, currency };
};

/** An amount of money found in running text. */
export interface WrittenAmount extends ParsedNumber {
  text: string;
  index: number;
}

const SCALES: Record<string, number> = {
  thousand: 1e3, million: 1e6, millions: 1e6, billion: 1e9, billions: 1e9, trillion: 1e12,
  'millón': 1e6, millon: 1e6, millones: 1e6, 'mil millones': 1e9, milliard: 1e9, milliards: 1e9,
};
const SCALE_WORDS = Object.keys(SCALES).sort((a, b) => b.length - a.length).join('|');
const CODES: Record<string, string> = { usd: '$', us$: '$', eur: '€', euro: '€', euros: '€', dollars: '$', dollar: '$', gbp: '£', pesos: '$' };

// Every repetition is bounded and the alternatives do not overlap, so a scan is linear in the text's length. A
// space groups thousands only in languages that write them so; elsewhere "in 2020 1 234" is two numbers.
const amountPattern = (groupMarks: string): RegExp => {
  const number = String.raw`\(?\d{1,3}(?:[${groupMarks}]\d{3}){0,5}(?:[.,]\d{1,2})?\)?|\d{1,15}(?:[.,]\d{1,2})?`;
  return new RegExp(
    String.raw`(?<![\w.,$€£])(?:(US\$|\$|€|£|¥|EUR|USD)\s?)?(${number})(?!\d)(?:\s(${SCALE_WORDS})\b)?(?:\s?(€|EUR\b|USD\b|euros?\b|dollars?\b|pesos\b))?`,
    'giu',
  );
};
const AMOUNT = amountPattern(',.');
const AMOUNT_SPACED = amountPattern(',.\u00A0\u202F ');

/**
 * Every sum of money written in `text`: a number with a currency before or after it ("$3,555,000",
 * "1.234,56 €", "USD 5,000", "2 millions €"), scaled by the word that follows it ("$1.2 million"). Numbers
 * without a currency (years, counts) are left out.
 */
export const findAmounts = (text: string, decimalComma = false): WrittenAmount[] => {
  const found: WrittenAmount[] = [];
  for (const m of text.matchAll(decimalComma ? AMOUNT_SPACED : AMOUNT)) {
    const sign = m[1] ?? m[4];
    if (sign === undefined) continue;
    const parsed = parseNumber(m[2]!, decimalComma);
    if (!parsed) continue;
    const scale = m[3] === undefined ? 1 : SCALES[m[3].toLowerCase()]!;
    found.push({
      ...parsed,
      value: parsed.value * scale,
      decimals: scale === 1 ? parsed.decimals : 0,
      currency: CURRENCY_SIGNS.includes(sign) ? sign : (CODES[sign.toLowerCase()] ?? sign),
      text: m[0].trim(),
      index: m.index,
    });
  }
  return found;
};

/** "1,234,567" or "37,499.96": a number as an English statement writes it, with `decimals` digits. */
export const sayNumber = (value: number, decimals = 0): string =>
  value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });

/** "$3,555,000", "-$22,293", "€1,234.56", or a bare number when the currency is not known. */
export const sayAmount = (value: number, currency: string | null, decimals = 0): string => {
  const digits = sayNumber(Math.abs(value), decimals);
  return `${value < 0 ? '-' : ''}${currency ?? ''}${digits}`;
};

/** "about 11.06 million" for a figure a table gives rounded (in thousands), "about 467,900" below a million. */
export const sayRounded = (value: number, currency: string | null): string => {
  const sign = value < 0 ? '-' : '';
  const size = Math.abs(value);
  if (size >= 1e9) return `about ${sign}${currency ?? ''}${sayNumber(size / 1e9, 2)} billion`;
  if (size >= 1e6) return `about ${sign}${currency ?? ''}${sayNumber(size / 1e6, 2)} million`;
  return `about ${sign}${currency ?? ''}${sayNumber(Math.round(size))}`;
};

/** "13.2%": a part's share of a whole, said with one decimal (none for whole percents). */
export const sayShare = (part: number, whole: number): string => {
  const share = (part / whole) * 100;
  const rounded = Math.round(share * 10) / 10;
  return `${sayNumber(rounded, Number.isInteger(rounded) ? 0 : 1)}%`;
};
