import type { DocumentLanguage } from '@civicwatch/core/contracts/analysis-result.contract.ts';
import { MONTH, MONTHS } from '@civicwatch/core/shared/month-names.ts';

export { MONTH, MONTHS, monthNumber } from '@civicwatch/core/shared/month-names.ts';

/** A calendar date written in a text: where it is, how it was written, and the day it names. */
export interface WrittenDate {
  /** `YYYY-MM-DD`. */
  iso: string;
  text: string;
  index: number;
}


// Each alternative is bounded (no nested quantifiers), so a scan is linear in the text's length.
const MONTH_FIRST = `\\b(?<m1>${MONTH})\\.?\\s{1,3}(?<d1>\\d{1,2})(?:st|nd|rd|th)?,?\\s{1,3}(?<y1>\\d{4})\\b`;
const DAY_FIRST = `\\b(?<d2>\\d{1,2})(?:er|st|nd|rd|th|º|°)?\\s{1,3}(?:de\\s{1,3})?(?<m2>${MONTH})\\.?,?\\s{1,3}(?:de(?:l)?\\s{1,3})?(?<y2>\\d{4})\\b`;
const DAY_OF = `\\b(?<d3>\\d{1,2})\\s?(?:st|nd|rd|th)?\\s{1,3}day\\s{1,3}of\\s{1,3}(?<m3>${MONTH}),?\\s{1,3}(?<y3>\\d{4})\\b`;
// "08-09-06" is more often a number (an ordinance's) than a date: with dashes, only a four-digit year counts.
const NUMERIC = `\\b(?<a>\\d{1,2})(?:[/.](?<b>\\d{1,2})[/.](?<y4>\\d{4}|\\d{2})|-(?<b2>\\d{1,2})-(?<y5>\\d{4}))\\b`;
// Year first ("2014/12/03", "2020-07-01") is read the same in every language.
const YEAR_FIRST = `\\b(?<y6>\\d{4})[/.-](?<m6>\\d{1,2})[/.-](?<d6>\\d{1,2})\\b`;
const DATE_PATTERN = new RegExp(`${MONTH_FIRST}|${DAY_FIRST}|${DAY_OF}|${NUMERIC}|${YEAR_FIRST}`, 'giu');

const iso = (year: number, month: number, day: number): string | null => {
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1700 || year > 2200) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
};

/**
 * Every date written out in `text`: "January 13, 2009", "13 janvier 2014", "5 de febrero de 2025", numeric
 * dates, read day first in a French or Spanish document and month first otherwise, and year-first dates
 * ("2014/12/03", "2020-07-01").
 */
export const findDates = (text: string, language: DocumentLanguage | null = null): WrittenDate[] => {
  const dayFirst = language !== null && language.code !== 'en';
  const found: WrittenDate[] = [];
  for (const m of text.matchAll(DATE_PATTERN)) {
    const g = m.groups!;
    let day: number;
    let month: number;
    let year: number;
    const named = g.m1 ?? g.m2 ?? g.m3;
    if (named !== undefined) {
      month = MONTHS[named.toLowerCase()]!;
      day = Number(g.d1 ?? g.d2 ?? g.d3);
      year = Number(g.y1 ?? g.y2 ?? g.y3);
    } else if (g.y6 !== undefined) {
      [year, month, day] = [Number(g.y6), Number(g.m6), Number(g.d6)];
    } else {
      const [a, b] = [Number(g.a), Number(g.b ?? g.b2)];
      [month, day] = dayFirst ? [b, a] : [a, b];
      const y = g.y4 ?? g.y5!;
      year = y.length === 2 ? 2000 + Number(y) - (Number(y) > 60 ? 100 : 0) : Number(y);
    }
    const value = iso(year, month, day);
    if (value) found.push({ iso: value, text: m[0], index: m.index });
  }
  return found;
};

/** "January 13, 2009": how a date is said in an English statement. */
export const sayDate = (isoDate: string): string =>
  new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' });
