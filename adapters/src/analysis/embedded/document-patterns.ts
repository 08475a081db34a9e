/**
 * Surface patterns of civic documents that matter to a citizen: money, dates and deadlines, taxes and
 * fees, penalties, powers granted, rights restricted, meetings and comment periods, contacts. Plain
 * regular expressions over English text: they miss paraphrases, and they never invent what is not written.
 */

export type PatternKind =
  | 'amount'
  | 'date'
  | 'deadline'
  | 'tax'
  | 'fee'
  | 'penalty'
  | 'power'
  | 'restriction'
  | 'hearing'
  | 'meeting'
  | 'comment'
  | 'contact';

const MONTH = '(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\\.?';

/** A calendar date as documents write it, or a fiscal year. */
export const DATE = `(?:${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4}|\\d{1,2}\\s+${MONTH}\\s+\\d{4}|\\d{1,2}/\\d{1,2}/\\d{2,4}|(?:fiscal|calendar|tax(?:able)?) years?\\s+(?:19|20)\\d{2})`;

export const patterns: Readonly<Record<PatternKind, RegExp>> = {
  amount: /(?:\$\s?\d[\d,]*(?:\.\d+)?(?:\s?(?:million|billion|thousand))?|\b\d[\d,]*(?:\.\d+)?\s?(?:percent|per cent|%|dollars)|\b(?:million|billion) dollars)/i,
  date: new RegExp(`\\b${DATE}`, 'i'),
  deadline: /\b(?:not later than|no later than|on or before|deadline|due (?:on|by|date)|must be (?:received|submitted|filed)|within (?:[a-z-]+ \()?\d+\)? (?:calendar |business )?(?:days|months|years)|expires?|expiration)\b/i,
  tax: /\b(?:tax(?:es|ed|ation|able)?|levy|levies|levied|excise|millage|property tax)\b/i,
  fee: /\b(?:fees?|surcharges?|tolls?|user charges?|assessments?|dues|rates? increase)\b/i,
  penalty: /\b(?:penalt(?:y|ies)|fined?\b|fines\b|imprison(?:ed|ment)?|misdemeanou?r|felony|forfeit(?:ure)?|sanctions?|liable|civil action|punishable)\b/i,
  power: /\b(?:(?:is|are) (?:hereby )?(?:authorized|empowered|directed)|shall have (?:the )?(?:power|authority)|may (?:establish|issue|impose|acquire|require|prescribe|enter into|borrow|condemn)|(?:delegat(?:e|es|ed|ion))|eminent domain|emergency powers?|appoint(?:s|ed|ment)? (?:of )?(?:a|an|the)\b|grants? (?:to )?(?:the )?\w+ (?:the )?authority)\b/i,
  restriction: /\b(?:shall not|may not|no person shall|prohibit(?:s|ed|ion)?|unlawful|restrict(?:s|ed|ion|ions)?|ban(?:s|ned)?|forbid(?:den)?|revok(?:e|ed)|suspend(?:ed)?|deni(?:ed|al)|waive(?:s|d)? (?:the )?right)\b/i,
  hearing: /\b(?:public hearings?|hearings?|oral argument|testimony|testify)\b/i,
  meeting: /\b(?:(?:regular|special|public|board|council|commission|committee|annual|open) meetings?|meetings? (?:of|will|shall|is)|town hall|workshop|session (?:will|shall))\b/i,
  comment: /\b(?:public comments?|comment period|written comments?|submit (?:written )?comments?|(?:receive|accept|consider)s? (?:written )?comments|comments? (?:are|must be|should be|may be) (?:due|received|submitted|sent)|public participation|petition)\b/i,
  contact: /(?:[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\(?\b\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}\b|https?:\/\/\S+|\bwww\.\S+|\b\d{1,5}\s+(?:[A-Z][\w.]*\s+){1,4}(?:Street|St\.|Avenue|Ave\.|Road|Rd\.|Boulevard|Blvd\.|Drive|Dr\.|Lane|Ln\.|Way|Place|Pl\.|Court|Ct\.|Parkway|Suite)\b)/,
};

export const detectPatterns = (text: string): Set<PatternKind> => {
  const found = new Set<PatternKind>();
  for (const [kind, re] of Object.entries(patterns) as Array<[PatternKind, RegExp]>) if (re.test(text)) found.add(kind);
  // "Deadline" needs a when: "within 30 days", or a deadline word next to a date.
  if (found.has('deadline') && !found.has('date') && !/\bwithin \S*\d+|\bdays?\b|\bmonths?\b/i.test(text)) found.delete('deadline');
  return found;
};

export interface Contact {
  kind: 'email' | 'phone' | 'web' | 'address';
  value: string;
}

const CONTACTS: ReadonlyArray<[Contact['kind'], RegExp]> = [
  ['email', /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g],
  ['phone', /\(?\b\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}\b/g],
  // A host with a dot in it: OCR breaks "http://www .state.il.us" into a bare "http://www".
  ['web', /(?:https?:\/\/(?:www\.)?|\bwww\.)[\w-]+(?:\.[\w-]+)+(?:[/?#][^\s)<>"]*[^\s)<>".,;])?/g],
  ['address', /\b\d{1,5}\s+(?:[A-Z][\w.]*\s+){1,4}(?:Street|St\.|Avenue|Ave\.|Road|Rd\.|Boulevard|Blvd\.|Drive|Dr\.|Lane|Ln\.|Way|Place|Pl\.|Court|Ct\.|Parkway)/g],
];

/** Every e-mail, phone number, web address and street address in a text, in order of kind. */
export const findContacts = (text: string): Contact[] =>
  CONTACTS.flatMap(([kind, re]) => [...text.matchAll(re)].map((m) => ({ kind, value: m[0].trim() })));

/**
 * The formalities that close an ordinance or open minutes: roll calls ("AYES: …", "Commissioners Present:"),
 * signature blocks ("/s/", "ATTEST:"), the clerk's certification ("I … hereby certify", "true and correct
 * copy") the adoption line ("ADOPTED this 15th day of July 2020, pursuant to a roll call vote") and the
 * approval of earlier minutes. They
 * are the document's own words but say nothing of what it does, so no section shows them.
 */
const FORMALITIES: readonly RegExp[] = [
  /\b(?:AYES|NAYS|NOES|ABSTAIN(?:S|ED|ING)?|ABSENT|PRESENT|ATTENDING)\s*:/,
  /\b(?:Present|Absent|Attending|Abstaining)\s*:/,
  /\broll call\b(?! vote of the)/i,
  /^\/s\/|\bATTEST\s*:|\(SEAL\)/,
  /\b(?:I|we)\b[^.]{0,80}?\b(?:do )?(?:hereby |further )*certify\b/i,
  /\b(?:true and correct copy|in witness whereof|custodian and keeper of the records)\b/i,
  /^(?:ADOPTED|PASSED|APPROVED)\b[^.]{0,60}\b(?:day of|this)\b/i,
  /\b(?:approv\w*|adopt\w*)\s+(?:of\s+)?(?:the\s+)?(?:[\w&,-]+\s+){0,8}?minutes\b/i,
];

export const isFormality = (text: string): boolean => FORMALITIES.some((re) => re.test(text));

const DATES = new RegExp(patterns.date.source, 'gi');
const TIMES = /\b\d{1,2}(?::\d{2})?\s?(?:[ap]\.m\.|[ap]m\b)|\bnoon\b/gi;
const WEEKDAY_DATE = new RegExp(`\\b(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day,?\\s+${DATE}`, 'gi');

/** When something happens, as the text writes it: its dates (with the weekday if given) and times. */
export const findWhen = (text: string): string[] => {
  const dates = [...text.matchAll(WEEKDAY_DATE)].map((m) => m[0]);
  for (const m of text.matchAll(DATES)) if (!dates.some((d) => d.includes(m[0]))) dates.push(m[0]);
  const times = [...text.matchAll(TIMES)].map((m) => m[0]);
  return [...new Set([...dates, ...times])];
};
