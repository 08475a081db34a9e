import type { DocumentLanguage } from '@civicwatch/core/contracts/analysis-result.contract.ts';
import { MONTH, MONTHS, findDates, sayDate } from './dates.ts';
import { WORD_END as E, WORD_START as S } from './wording.ts';

/** A day written in a text, with or without its year, and where it is. */
export interface WrittenDay {
  /** `YYYY-MM-DD`. */
  iso: string;
  text: string;
  index: number;
}

/** A time of day written in a text ("9:00am", "7 p.m.", "9h", "14.05 horas") and how English says it. */
export interface WrittenTime {
  said: string;
  text: string;
  index: number;
}


const TWELVE_HOUR = `${S}(\\d{1,2})(?:[:.](\\d{2}))?\\s?([ap])\\.?\\s?m${E}\\.?`;
const FRENCH_HOUR = `${S}(\\d{1,2})\\s?h\\s?(\\d{2})?${E}`;
const TWENTY_FOUR_HOUR = `${S}(\\d{1,2})[:.](\\d{2})\\s?(?:horas|hrs?|h)${E}\\.?`;
const NOON = `${S}(noon|midi|mediodía)${E}`;
const TIME = new RegExp(`${TWELVE_HOUR}|${FRENCH_HOUR}|${TWENTY_FOUR_HOUR}|${NOON}`, 'giu');

const sayClock = (hour: number, minute: number, meridiem: 'a' | 'p' | null): string | null => {
  if (hour > 24 || minute > 59) return null;
  const pm = meridiem ? meridiem === 'p' : hour >= 12;
  const twelve = meridiem ? hour : hour % 12 === 0 ? 12 : hour % 12;
  if (meridiem && (hour < 1 || hour > 12)) return null;
  return `${twelve}${minute ? `:${String(minute).padStart(2, '0')}` : ''} ${pm ? 'p.m.' : 'a.m.'}`;
};

/** Every time of day written in `text`: "9:00am" is "9 a.m.", "20h30" is "8:30 p.m.", "14.05 horas" is "2:05 p.m.". */
export const findTimes = (text: string): WrittenTime[] => {
  const found: WrittenTime[] = [];
  for (const m of text.matchAll(TIME)) {
    let said: string | null;
    if (m[1] !== undefined) said = sayClock(Number(m[1]), Number(m[2] ?? 0), m[3]!.toLowerCase() as 'a' | 'p');
    else if (m[4] !== undefined) said = sayClock(Number(m[4]), Number(m[5] ?? 0), null);
    else if (m[6] !== undefined) said = sayClock(Number(m[6]), Number(m[7]), null);
    else said = 'noon';
    if (said) found.push({ said, text: m[0], index: m.index });
  }
  return found;
};

const WEEKDAY = '(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|lunes|martes|miércoles|jueves|viernes|sábado|domingo),?\\s{1,3}(?:(?:le|el)\\s)?';
// A day without its year: "Thursday, February 15 th", "May 20", "le 15 janvier", "el 5 de marzo". A year after
// it makes it a full date, which `findDates` reads.
const MONTH_DAY = `${S}(?:${WEEKDAY})?(${MONTH})\\.?\\s{1,3}(\\d{1,2})(?:\\s?(?:st|nd|rd|th))?(?![\\d:])(?!,?\\s{1,3}\\d{4})`;
const DAY_MONTH = `${S}(?:${WEEKDAY})?(\\d{1,2})(?:er|º|°)?\\s{1,3}(?:de\\s{1,3})?(${MONTH})${E}(?!,?\\s{1,3}(?:de(?:l)?\\s{1,3})?\\d{4})`;
const YEARLESS = new RegExp(`${MONTH_DAY}|${DAY_MONTH}`, 'giu');
const FULL_WEEKDAY = new RegExp(`${S}${WEEKDAY}$`, 'iu');

const isoOf = (year: number, month: number, day: number): string | null => {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCDate() === day && date.getUTCMonth() === month - 1 ? date.toISOString().slice(0, 10) : null;
};

/**
 * Every day written in `text`, full dates and days without a year; a day without a year is the first such day
 * on or after `reference` (the document's date), and is skipped when there is no reference. A weekday written
 * before a date is part of its text.
 */
export const findDays = (text: string, language: DocumentLanguage | null, reference: string | null): WrittenDay[] => {
  const days: WrittenDay[] = findDates(text, language).map((d) => {
    const weekday = FULL_WEEKDAY.exec(text.slice(Math.max(0, d.index - 14), d.index));
    return weekday ? { iso: d.iso, text: weekday[0] + d.text, index: d.index - weekday[0].length } : { ...d };
  });
  if (reference) {
    const year = Number(reference.slice(0, 4));
    for (const m of text.matchAll(YEARLESS)) {
      const month = MONTHS[(m[1] ?? m[4])!.toLowerCase()]!;
      const day = Number(m[2] ?? m[3]);
      let iso = isoOf(year, month, day);
      if (iso && iso < reference) iso = isoOf(year + 1, month, day);
      if (!iso || days.some((d) => m.index < d.index + d.text.length && d.index < m.index + m[0].length)) continue;
      days.push({ iso, text: m[0], index: m.index });
    }
  }
  return days.sort((a, b) => a.index - b.index);
};

/** "Tuesday, December 8, 2020": a day as a statement about a meeting says it. */
export const sayDay = (iso: string): string =>
  `${new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', weekday: 'long' })}, ${sayDate(iso)}`;
