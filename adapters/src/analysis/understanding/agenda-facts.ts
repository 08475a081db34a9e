import type { DocumentLanguage } from '@civicwatch/core/contracts/analysis-result.contract.ts';
import { findContacts } from '../embedded/document-patterns.ts';
import { type DocumentText, type Span, sentenceAt } from './document-text.ts';
import { type RankedFact, draftFact } from './draft-fact.ts';
import type { Body } from './governing-body.ts';
import { findTimes, findDays, sayDay } from './meeting-times.ts';
import { findAmounts, sayAmount } from './money.ts';
import { PROCEDURAL } from './motions.ts';
import type { OutlineItem } from './outline.ts';
import { placeIn } from './schedule.ts';
import { COUNT, WORD_END as E, WORD_START as S, clipWords, countOf, topicWords } from './wording.ts';


/** How much of an agenda's opening announces its meeting. */
const HEAD = 5000;
/** How far from the meeting's day its place may be written. */
const PLACE_REACH = 300;

const KIND_OF_MEETING: ReadonlyArray<[RegExp, string]> = [
  [/public hearing|audiencia pública|audience publique/iu, 'public hearing'],
  [/special|extraordina|urgent/iu, 'special meeting'],
  [/regular|ordinaire|ordinaria/iu, 'regular meeting'],
];

/**
 * When and where the meeting an agenda or notice announces takes place: the first day at its top written with a
 * time next to it. After the document's own date it is a date to attend (participation); on or before it, the
 * agenda only records when the meeting was set.
 */
export const meetingFact = (
  doc: DocumentText,
  language: DocumentLanguage | null,
  reference: string | null,
): RankedFact | null => {
  const head = doc.text.slice(0, HEAD);
  const days = findDays(head, language, reference);
  const times = findTimes(head);
  // A day's time is written next to it, with no other day between them ("Convocation du 2 mars 2023 / … le jeudi
  // 9 mars 2023 à 20h30": the time is the 9th's).
  const withTime = days
    .map((day, k) => ({
      day,
      time: times.find((t) => {
        const gap = t.index >= day.index ? t.index - day.index - day.text.length : day.index - t.index - t.text.length;
        const between = t.index >= day.index ? days[k + 1] : days[k - 1];
        const crossed = between !== undefined && (t.index >= day.index ? between.index < t.index : between.index > t.index);
        return gap >= 0 && gap <= 80 && !crossed;
      }),
    }))
    .find((d) => d.time !== undefined);
  if (!withTime) return null;
  const { day, time } = withTime;
  const around = head.slice(Math.max(0, day.index - PLACE_REACH), day.index + PLACE_REACH);
  const place = placeIn(around);
  const kind = KIND_OF_MEETING.find(([re]) => re.test(head.slice(0, day.index + PLACE_REACH)))?.[1] ?? 'meeting';
  const at = place ? `, at ${place.text.replace(/[\s,.;:]+$/u, '')}` : '';
  const when = `${sayDay(day.iso)} at ${time!.said}`;
  const upcoming = reference === null || day.iso > reference;
  const statement = upcoming ? `The ${kind} is on ${when}${at}.` : `The ${kind} was set for ${when}${at}.`;
  const dayTime: Span = { start: Math.min(day.index, time!.index), end: Math.max(day.index + day.text.length, time!.index + time!.text.length) };
  const spans: Span[] = [dayTime];
  if (place) {
    const start = Math.max(0, day.index - PLACE_REACH) + place.index;
    spans.push({ start, end: start + place.text.length });
  }
  const fact = draftFact(doc, upcoming && reference !== null ? 'participation' : 'date', statement, spans);
  return fact ? { fact, tier: 0, weight: 0 } : null;
};

const MINUTES = new RegExp(
  `${S}${COUNT}\\s?(?:\\((\\d{1,3})\\)\\s?)?(?:-\\s?)?(?:minutes?|minutos?|min)${E}`,
  'giu',
);
const SPEAKING = new RegExp(
  `${S}(?:public comments?|comments?|speakers?|speak|address(?:ing)? the (?:board|council|commission|committee)|questions?|période de questions|intervenci[óo]n|ruegos y preguntas|participation|testimony|audience)${E}`,
  'iu',
);
const EACH = new RegExp(`${S}(?:each|per|speakers?|individual|limited|allotted|chaque|cada|délai maximum|maximum|por persona|up to)${E}`, 'iu');
const TOTAL = new RegExp(`${S}(?:total|in all|period|période|periodo)${E}`, 'iu');
const REGISTER: ReadonlyArray<[RegExp, string]> = [
  [/comment cards?|speaker cards?|speaker slips?|request to speak/iu, 'fill out a comment card first'],
  [/sign[- ]?up sheet|sign[- ]?in sheet|sign up/iu, 'sign up before the meeting'],
  [/register|s['’]inscrire|inscri(?:re|pción)/iu, 'register in advance'],
  [/s['’]identifi|state (?:their|your|his or her) name|give (?:their|your) name/iu, 'give your name first'],
];
const INVITED = /(?:wishing|wish(?:es)?|invited|welcome|may|can)\b[^.\n]{0,40}?\b(?:comment|speak|address)/iu;

const minutesOf = (m: RegExpMatchArray): number => (m[2] !== undefined ? Number(m[2]) : countOf(m[1]!));

/** How the public may speak at the meeting: minutes per speaker, the time in all, how to sign up. */
export const publicCommentFact = (doc: DocumentText): RankedFact | null => {
  const text = doc.text.slice(0, HEAD * 2);
  let each: { minutes: number; index: number } | null = null;
  let total: number | null = null;
  for (const m of text.matchAll(MINUTES)) {
    const near = text.slice(Math.max(0, m.index - 120), m.index + m[0].length + 40);
    if (!SPEAKING.test(text.slice(Math.max(0, m.index - 400), m.index + 200))) continue;
    const minutes = minutesOf(m);
    if (!each && EACH.test(near) && minutes <= 10) each = { minutes, index: m.index };
    else if (total === null && TOTAL.test(near) && minutes > 5) total = minutes;
  }
  if (each) {
    const window = text.slice(Math.max(0, each.index - 600), each.index + 600);
    const register = REGISTER.find(([re]) => re.test(window))?.[1];
    const totalWords = total !== null && total > each.minutes ? ` (${total} minutes in all)` : '';
    const statement = `Members of the public may speak for up to ${each.minutes} minutes each${totalWords}${register ? `; ${register}` : ''}.`;
    const fact = draftFact(doc, 'participation', statement, [sentenceAt(doc, each.index)]);
    return fact ? { fact, tier: 3, weight: 0 } : null;
  }
  const invited = INVITED.exec(text);
  if (!invited || !/comment/i.test(text.slice(invited.index, invited.index + 200))) return null;
  const span = sentenceAt(doc, invited.index);
  const web = findContacts(doc.text.slice(span.start, span.end)).find((c) => c.kind === 'web');
  const statement = `Members of the public may comment at the meeting${web ? `; the rules are at ${web.value}` : ''}.`;
  const fact = draftFact(doc, 'participation', statement, [span]);
  return fact ? { fact, tier: 3, weight: 0 } : null;
};

const REMOTE = new RegExp(
  `${S}(?:zoom|webex|microsoft teams|teams meeting|conference call|audio conference|video conference|videoconference|teleconference|dial[- ]in|call[- ]in|livestream\\w*|live[- ]stream\\w*|youtube|en ligne|visioconférence|videoconferencia|telemática)${E}`,
  'iu',
);
const MEETING_ID = /meeting id(?:\s(?:is|number|#))?\s?:?\s?(\d{3}[\d ]{5,12}\d)/iu;

/** How to follow or join the meeting from afar: the service, the number to call and the meeting ID. */
/** How a meeting is reached from afar, as the words around its mention say. */
const remoteMeans = (window: string): string => {
  const audio = /audio|phone|call|dial/i.test(window);
  const video = /video|zoom|webex|teams|youtube|stream|visio/i.test(window);
  return audio && video ? 'audio or video conference' : video ? 'video' : 'phone';
};

/** Minutes of a meeting held from afar say so near their top: "held by conference call", "via Zoom". */
export const heldRemotelyFact = (doc: DocumentText): RankedFact | null => {
  const text = doc.text.slice(0, HEAD * 2);
  const m = REMOTE.exec(text);
  if (!m) return null;
  const fact = draftFact(doc, 'date', `The meeting was held remotely, by ${remoteMeans(text.slice(m.index, m.index + 200))}.`, [sentenceAt(doc, m.index)]);
  return fact ? { fact, tier: 4, weight: 0 } : null;
};

export const remoteFact = (doc: DocumentText): RankedFact | null => {
  const text = doc.text.slice(0, HEAD * 2);
  const m = REMOTE.exec(text);
  if (!m) return null;
  const window = text.slice(m.index, m.index + 700);
  const phone = findContacts(window).find((c) => c.kind === 'phone');
  const id = MEETING_ID.exec(window);
  const how = remoteMeans(window);
  const details = [phone ? `call ${phone.value}` : null, id ? `meeting ID ${id[1]!.trim()}` : null].filter(Boolean).join(', ');
  const statement = `The public can attend by ${how}${details ? `: ${details}` : ''}.`;
  const anchor = phone ? m.index + window.indexOf(phone.value) : id ? m.index + id.index : m.index;
  const fact = draftFact(doc, 'participation', statement, [sentenceAt(doc, anchor)]);
  return fact ? { fact, tier: 3, weight: 0 } : null;
};

const ACCOMMODATION = new RegExp(
  `${S}(?:accommodations?|disabilit(?:y|ies)|handicap\\w*|americans with disabilities|interpret\\w*|sign language|assistive|accesibilidad|discapacidad|mobilité réduite)${E}`,
  'iu',
);
const LEAD_TIME = /(?:at\sleast|no\slater\sthan|a\sminimum\sof|minimum\sof)\s(\w+)\s(?:\(\d+\)\s)?((?:business\s|working\s)?(?:days?|hours?))\s(?:before|prior\sto|in\sadvance)/iu;
const EXTENSION = /^,?\s?(?:ext\.?|extension|x)\s?(\d{2,6})/iu;

/** Whom to call for an accommodation of a disability, and how early. */
export const accommodationFact = (doc: DocumentText): RankedFact | null => {
  const text = doc.text.slice(0, HEAD * 2);
  const m = ACCOMMODATION.exec(text);
  if (!m) return null;
  const span = sentenceAt(doc, m.index);
  // The number may be in the next sentence: "…should contact the Clerk. Call (408) 252-3000."
  const window = doc.text.slice(span.start, span.end + 200);
  const phone = findContacts(window).find((c) => c.kind === 'phone');
  if (!phone) return null;
  const at = window.indexOf(phone.value);
  const extension = EXTENSION.exec(window.slice(at + phone.value.length));
  const lead = LEAD_TIME.exec(window);
  const leadWords = lead ? ` at least ${lead[1]} ${lead[2]!.replace(/\s+/g, ' ')} before the meeting` : '';
  const statement = `For a disability accommodation, call ${phone.value}${extension ? ` ext. ${extension[1]}` : ''}${leadWords}.`;
  // The number's sentence is quoted first: it is what a reader needs.
  const spans = span.end < span.start + at ? [sentenceAt(doc, span.start + at), span] : [span];
  const fact = draftFact(doc, 'participation', statement, spans);
  return fact ? { fact, tier: 5, weight: 0 } : null;
};

/** Items every agenda has that decide nothing: reports, correspondence, business headings, question periods. */
const GENERIC = new RegExp(
  `^(?:.*\\b(?:new|old|unfinished|other|regular|general) business\\b.*|(?:consent|regular) agenda|[^,]{0,40}reports?|correspondence|presentations?|announcements?|communications?\\b.*|discussion|(?:items? )?for information.*|(?:items for )?information and/or discussion.*|closed session|open session|report from closed session|public comments?.*|(?:discussion/)?action (?:resulting from|on items discussed in) .*closed session|aucun point|documents? déposés|avis de motion|p[ée]riode de questions.*|varios|ruegos y preguntas|.*\\(no action\\))\\.?$`,
  'iu',
);
const ACTION_WORDS = new RegExp(
  `${S}(?:action|approv\\w*|adopt\\w*|authori[sz]\\w*|award\\w*|resolution|ordinance|contract|purchase|bid|budget|levy|appoint\\w*|accept|ratify|règlement|résolution|autorisation|adoption|acuerdo|aprobación|ordenanza|consideration)${E}`,
  'iu',
);
const CLOSED = /closed session|executive session|huis clos|sesión (?:secreta|reservada)/iu;
// "(ACTION)", "- ADOPTION", and a page reference OCR reads before an item ("p.18............").
const MARKERS = /\s*\((?:action|action item)\)\s*|\s*[-–—]\s*ADOPTION\s*$|^p\.?-?\s?\d{1,3}\.{0,20}\s*/giu;
// "SUGGESTED MOTION: Accept …", "RECOMMENDED ACTION: Approve …", "Staff recommends that the Board approve …".
const SUGGESTED = /(?:^|\n)(?:suggested|recommended|proposed)\s(?:motion|action)\s?:\s?|staff recommends (?:that )?(?:the (?:board|council|commission) )?/giu;

const NOTHING = /^(?:aucun point|none|no items?|nothing|ninguno|sin asuntos|n\/a)\.?$/iu;
// Resolutions and contracts an agenda lists without numbering them, with the sum they commit.
const UNNUMBERED_ACTION = /^(?:resolution|ordinance|by-?law|contract|agreement|award|approval|adoption|règlement|résolution|ordenanza|acuerdo)\b/iu;

/** An agenda's items are on its first pages; later pages of a packet are reports, statements and forms. */
const AGENDA_PAGES = 2;

const cleanTitle = (title: string): string => title.replace(MARKERS, ' ').replace(/\s*\|\s*/g, ' ').replace(/\s+/g, ' ').trim();

/**
 * What an agenda puts to a decision: its items that approve, adopt or award something (those that spend money
 * first), a closed session's subject, and the motions a packet suggests; reports and formalities left out.
 */
export const agendaItemFacts = (doc: DocumentText, outline: readonly OutlineItem[], body: Body | null): RankedFact[] => {
  const who = `The ${body ?? 'meeting'}`;
  const facts: RankedFact[] = [];
  const firstPage = doc.lines[0]?.page ?? 1;
  let closed = false;
  for (const [index, item] of outline.entries()) {
    if (item.level === 1) closed = CLOSED.test(item.title);
    if (item.level === 3 || !item.numbered) continue;
    if (doc.lines[item.line]!.page > firstPage + AGENDA_PAGES) break;
    const title = cleanTitle(item.title);
    if (title.split(/\s+/).length < 2 || GENERIC.test(title) || PROCEDURAL.test(title)) continue;
    const amount = findAmounts(title).sort((a, b) => b.value - a.value)[0];
    const action = ACTION_WORDS.test(item.title);
    // A heading with items below it is said by its items; one followed by "Aucun point" has none; a short one
    // without them names a section ("FINANCES ET TRÉSORERIE", "NEW BUSINESS") and decides nothing by itself.
    const next = outline[index + 1];
    const empty = NOTHING.test(doc.lines[item.lastLine + 1]?.text ?? '');
    const section = !amount && !action && title.split(/\s+/).length <= (item.title === item.title.toUpperCase() ? 4 : 3);
    if (empty || (item.level === 1 && ((next && next.level === 2) || section))) continue;
    const topic = topicWords(title);
    const money = amount && !topic.includes(amount.text.trim()) ? ` (${sayAmount(amount)})` : '';
    const statement = closed
      ? `In closed session, the agenda takes up "${topic}".`
      : action || amount
        ? `${who} is to vote on "${topic}"${money}.`
        : `The agenda includes "${topic}".`;
    const fact = draftFact(doc, 'decision', statement, [item.span]);
    if (fact) facts.push({ fact, tier: amount ? 1 : action || closed ? 4 : 6, weight: amount?.value ?? 0 });
  }
  const numbered = new Set(outline.flatMap((item) => Array.from({ length: item.lastLine - item.line + 1 }, (_, k) => item.line + k)));
  for (const [i, line] of doc.lines.entries()) {
    if (line.page > firstPage + AGENDA_PAGES) break;
    if (numbered.has(i) || !UNNUMBERED_ACTION.test(line.text) || line.text.split(/\s+/).length < 4 || PROCEDURAL.test(line.text)) continue;
    // "Agreement Related to…" after a long line that runs on is that line's end, not an item of its own.
    const previous = doc.lines[i - 1];
    if (previous && previous.page === line.page && previous.text.length >= 60 && !/[.;:!?)]$/.test(previous.text)) continue;
    const span = { start: line.start, end: doc.lines[Math.min(i + 2, doc.lines.length - 1)]!.end };
    const words = cleanTitle(doc.text.slice(span.start, span.end));
    const amount = findAmounts(words).sort((a, b) => b.value - a.value)[0];
    if (!amount) {
      // A resolution without a sum is still to be decided: its first line names it.
      const fact = draftFact(doc, 'decision', `${who} is to vote on "${topicWords(cleanTitle(line.text))}".`, [line]);
      if (fact) facts.push({ fact, tier: 4, weight: 0 });
      continue;
    }
    const end = span.start + doc.text.slice(span.start, span.end).indexOf(amount.text) + amount.text.length;
    const topic = topicWords(cleanTitle(doc.text.slice(span.start, end)));
    const money = topic.includes(amount.text.trim()) ? '' : ` (${sayAmount(amount)})`;
    const fact = draftFact(doc, 'decision', `${who} is to vote on "${topic}"${money}.`, [{ start: span.start, end }]);
    if (fact) facts.push({ fact, tier: 1, weight: amount.value });
  }
  for (const m of doc.text.matchAll(SUGGESTED)) {
    const start = m.index + m[0].length;
    const span = sentenceAt(doc, start);
    const words = cleanTitle(doc.text.slice(start, span.end)).replace(/[.;]$/, '');
    if (words.split(/\s+/).length < 3) continue;
    const amount = findAmounts(words).sort((a, b) => b.value - a.value)[0];
    const action = clipWords(words.charAt(0).toLowerCase() + words.slice(1), 14);
    const money = amount && !action.includes(amount.text.trim()) ? ` (${sayAmount(amount)})` : '';
    const fact = draftFact(doc, 'decision', `${who} is asked to ${action}${money}.`, [{ start: m.index + (m[0].startsWith('\n') ? 1 : 0), end: span.end }]);
    if (fact) facts.push({ fact, tier: amount ? 1 : 4, weight: amount?.value ?? 0 });
  }
  return facts;
};
