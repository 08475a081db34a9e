import type { DocumentLanguage } from '@civicwatch/core/contracts/analysis-result.contract.ts';
import { findContacts } from '../embedded/document-patterns.ts';
import { sayDate } from './dates.ts';
import { type DocumentText, type Span, sentenceAt } from './document-text.ts';
import { type WrittenDay, type WrittenTime, findDays, findTimes, sayDay } from './meeting-times.ts';
import { COUNT, WORD_END as E, WORD_START as S, countOf } from './wording.ts';

/** A meeting a text announces or records: its day, time and place as written, and where they are. */
export interface MeetingWhen {
  day: WrittenDay;
  time: WrittenTime | null;
  place: { text: string; index: number } | null;
  /** "Regular Board Meeting", "Budget & Appropriation Public Hearing"; null when the text names none. */
  name: string | null;
  /** Offsets in the searched text: from the first to the last of day, time and place. */
  start: number;
  end: number;
}


export const MEETING_WORD = new RegExp(
  `${S}(?:meetings?|hearings?|sessions?|workshop|séance|réunion|conseil municipal|sesión|pleno|asamblea)${E}`,
  'iu',
);
export const NEXT_MEETING = new RegExp(
  `${S}(?:next (?:regular |special )?(?:\\w+ )?meetings?|prochaine? (?:séance|réunion)|próxima (?:sesión|reunión))${E}`,
  'iu',
);

// "Committee of the Whole (Budget) Board Meeting": capitalised words, and the small words between them.
const NAME = new RegExp(
  `((?:\\(?\\p{Lu}[\\p{L}'’&-]*\\)?|&)(?:\\s(?:\\(?\\p{Lu}[\\p{L}'’&-]*\\)?|&|of|the|and|on|for)){0,7}\\s(?:Meeting|Hearing|Session|Workshop))${E}`,
  'u',
);

// Where: a label ("Location: Library Meeting Room"), a named room, a street address, "at Bistro Campagne".
const PLACE_LABEL = /(?:location|place|where|lieu|lugar)\s?:\s?([^\n]{3,80})/iu;
const ROOM = new RegExp(
  `${S}(?:in|at) (the (?:\\p{Lu}[\\p{L}'’.-]*\\s){0,4}(?:Room|Hall|Chambers?|Center|Centre|Building|Office|Library|Auditorium|Annex|Gymnasium|Cafeteria))${E}`,
  'u',
);
const FRENCH_SPANISH_PLACE = new RegExp(
  `${S}(?:à la mairie|à l['’]hôtel de ville|en mairie|(?:en )?salle (?:du conseil|des délibérations|municipale)|en la casa consistorial|(?:en el )?sal[óo]n de plenos)${E}`,
  'iu',
);
const AT_NAMED = new RegExp(`${S}at ((?:\\p{Lu}[\\p{L}'’.-]*)(?:\\s(?:\\p{Lu}[\\p{L}'’.-]*|&)){0,4})`, 'u');

/** The place a text names, the first way it names one; null when it names none. */
export const placeIn = (text: string): { text: string; index: number } | null => {
  const label = PLACE_LABEL.exec(text);
  if (label) return { text: label[1]!.trim(), index: label.index + label[0].indexOf(label[1]!) };
  const address = findContacts(text).find((c) => c.kind === 'address');
  if (address) return { text: address.value, index: text.indexOf(address.value) };
  for (const re of [ROOM, FRENCH_SPANISH_PLACE, AT_NAMED]) {
    const m = re.exec(text);
    if (!m) continue;
    // "à la Mairie", "en el Salón de Plenos": the place is said without its preposition and article.
    const words = (m[1] ?? m[0]).trim();
    const bare = words.replace(/^(?:(?:à|en|in|at)\s)?(?:(?:la|le|el|l['’])\s?)?/iu, '');
    return { text: bare, index: m.index + m[0].indexOf(words) + (words.length - bare.length) };
  }
  return null;
};

/** The time written closest to a day (before or after it, on its line or the next), or null. */
const timeNear = (text: string, day: WrittenDay): WrittenTime | null => {
  let best: WrittenTime | null = null;
  let bestDistance = 80;
  for (const time of findTimes(text)) {
    const distance = time.index >= day.index ? time.index - (day.index + day.text.length) : day.index - (time.index + time.text.length);
    if (distance >= 0 && distance < bestDistance) {
      best = time;
      bestDistance = distance;
    }
  }
  return best;
};

/** The meeting a short text (a line or two) announces: its first day, the time and place next to it. */
export const meetingIn = (text: string, language: DocumentLanguage | null, reference: string | null): MeetingWhen | null => {
  const day = findDays(text, language, reference)[0];
  if (!day) return null;
  const time = timeNear(text, day);
  const after = text.slice(day.index);
  const found = placeIn(after.slice(day.text.length));
  const place = found && !/^\d{1,2}(?::\d{2})?\s?[ap]/i.test(found.text) ? { text: found.text, index: day.index + day.text.length + found.index } : null;
  const name = NAME.exec(text)?.[1] ?? null;
  const pieces = [day, ...(time ? [time] : []), ...(place ? [place] : [])];
  return {
    day,
    time,
    place,
    name,
    start: Math.min(...pieces.map((p) => p.index)),
    end: Math.max(...pieces.map((p) => p.index + p.text.length)),
  };
};

/** "on Wednesday, May 20, 2020 at 7 p.m. at Bistro Campagne". */
export const sayWhen = (when: MeetingWhen): string =>
  `on ${sayDay(when.day.iso)}${when.time ? ` at ${when.time.said}` : ''}${when.place ? `, at ${when.place.text.replace(/[\s,.;:]+$/u, '')}` : ''}`;

/** How many lines on from a line that names a meeting its day and time may be written. */
const MEETING_LINES = 2;

/**
 * The meetings minutes announce after the one they record: a line that names a meeting ("Next meeting – …",
 * "Regular Board Meeting on May 20, 2020 at 7 pm") with a day after the document's own date and a time (or the
 * words "next meeting"). Past meetings the minutes mention are left out: they are history, not a date to keep.
 */
export const upcomingMeetings = (
  doc: DocumentText,
  language: DocumentLanguage | null,
  reference: string | null,
): Array<{ when: MeetingWhen; span: Span; next: boolean; ownLine: boolean }> => {
  const found: Array<{ when: MeetingWhen; span: Span; next: boolean; ownLine: boolean }> = [];
  for (const [i, line] of doc.lines.entries()) {
    const window = doc.lines.slice(i, i + MEETING_LINES).filter((l) => l.page === line.page);
    const text = doc.text.slice(line.start, window.at(-1)!.end);
    const next = NEXT_MEETING.test(text);
    if (!next && !MEETING_WORD.test(text)) continue;
    const when = meetingIn(text, language, reference);
    if (!when || (reference !== null && when.day.iso <= reference) || (!next && !when.time)) continue;
    // A meeting named on one line and dated on the next is found from both lines: the one that starts with its
    // day names it best ("Wednesday, September 19 at 7 pm / Budget & Appropriation Public Hearing").
    const ownLine = when.day.index <= line.text.length;
    const candidate = { when, span: { start: line.start + when.start, end: line.start + when.end }, next, ownLine };
    const same = found.findIndex((f) => f.when.day.iso === when.day.iso && f.when.time?.said === when.time?.said);
    if (same < 0) found.push(candidate);
    else if (ownLine && !found[same]!.ownLine) found[same] = candidate;
  }
  return found;
};

// "within ten (10) business days", "un plazo de diez días hábiles", "dans un délai de 15 jours".
const RELATIVE = new RegExp(
  `${S}(?:within|(?:plazo|trámite\\sde\\saudiencia|período|periodo)\\sde|délai\\sde)\\s${COUNT}\\s(?:\\(\\d{1,3}\\)\\s)?(?:(business|working|calendar)\\s)?(days|días|jours)(?:\\s(hábiles|naturales|ouvrés|ouvrables|francs))?${E}`,
  'giu',
);
const PURPOSES: ReadonlyArray<[string, RegExp]> = [
  ['Objections', /alegaci|objection|objeci|opposition|reclamaci/iu],
  ['Comments', /comment|observation|observaci|remarque/iu],
  ['An appeal', /appeal|recurso|recours/iu],
];
const DAY_KINDS: Record<string, string> = {
  business: 'business ', working: 'working ', calendar: 'calendar ', hábiles: 'working ', naturales: 'calendar ',
  ouvrés: 'working ', ouvrables: 'working ', francs: 'full ',
};

/** A period to answer counted from a notice: "Objections can be filed within ten working days." */
export const relativeDeadlines = (doc: DocumentText): Array<{ statement: string; span: Span }> => {
  const found: Array<{ statement: string; span: Span }> = [];
  for (const m of doc.text.matchAll(RELATIVE)) {
    const sentence = sentenceAt(doc, m.index);
    const around = doc.text.slice(sentence.start, Math.max(sentence.end, m.index + m[0].length + 80));
    const purpose = PURPOSES.find(([, re]) => re.test(around));
    if (!purpose) continue;
    const count = countOf(m[1]!);
    const kind = DAY_KINDS[(m[2] ?? m[4] ?? '').toLowerCase()] ?? '';
    found.push({ statement: `${purpose[0]} can be filed within ${count} ${kind}days.`, span: { start: m.index, end: m.index + m[0].length } });
    if (found.length >= 2) break;
  }
  return found;
};

// "Written comments must be received by March 3, 2021", "no later than 5 p.m. on June 1".
const BY_DATE = /(?:comments?|objections?|applications?|requests?|submissions?|bids?|proposals?|petitions?|observations?)[^.\n]{0,80}?(?:by|no later than|not later than|before|on or before|until|avant le|antes del?|hasta el)\s/giu;

/** A day by which something must be sent, after the document's own date: "Comments must be received by …". */
export const dueDates = (
  doc: DocumentText,
  language: DocumentLanguage | null,
  reference: string | null,
): Array<{ statement: string; span: Span }> => {
  const found: Array<{ statement: string; span: Span }> = [];
  for (const m of doc.text.matchAll(BY_DATE)) {
    const tail = doc.text.slice(m.index + m[0].length, m.index + m[0].length + 60);
    const day = findDays(tail, language, reference)[0];
    if (!day || day.index > 25 || (reference !== null && day.iso <= reference)) continue;
    const what = /^\w+/u.exec(m[0])![0];
    const end = m.index + m[0].length + day.index + day.text.length;
    found.push({
      statement: `${what.charAt(0).toUpperCase()}${what.slice(1).toLowerCase()} are due by ${sayDate(day.iso)}.`,
      span: { start: m.index, end },
    });
    if (found.length >= 2) break;
  }
  return found;
};
