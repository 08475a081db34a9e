import { DATE, findContacts, findWhen, isFormality, patterns, type PatternKind } from './document-patterns.ts';
import { quoteOf, shorten } from './excerpt.ts';
import { summarySentence } from './extractive-summarizer.ts';
import type { TextUnit } from './sentence-segmenter.ts';

/** One thing a citizen can do, resting on the sentence that offers it. */
export interface CitizenAction {
  text: string;
  unit: TextUnit;
  quote: string;
}

/** Minutes narrate what was done: a meeting or a comment they report is over, not an invitation. */
const NARRATION = /\b(?:stated|asked|said|moved|seconded|thanked|reported|discussed|approved|called (?:the meeting )?to order|was|were|had)\b/;
/** Words that look ahead or invite: "will hold", "shall be held", "may address", "please". */
const AHEAD = /\b(?:will|shall|is scheduled|are scheduled|is set|next|upcoming|to be held|invited?|encouraged|please|may(?! not)|can|should|must)\b/i;
/** How a comment is made, not merely that comments exist. */
const INVITATION = /\b(?:may(?! not)|can|please|invite[ds]?|encouraged|wishing to|would like to|submit|send|fill out|sign up|must (?:be )?receive|are (?:accepted|welcome))\b/i;
/** Records a citizen may see: "keep available for inspection by an interested party". */
const INSPECTION = /\b(?:available for (?:public )?inspection|open to (?:public )?inspection|available for (?:public )?review|copies (?:are|may be) (?:available|obtained))\b/i;
/** Words that offer a contact rather than list one in a table of licensees or layoffs. */
const CONTACT_CUE = /\b(?:contact|call|phone|telephone|tel|e-?mail|write|fax|questions?|information|visit|website|assistance|send|submit|go to|mail|deliver|portal|online)\b|\b[pfe]:\s/i;
/** A letterhead is the opening lines of the first page. */
const LETTERHEAD_UNITS = 12;
const ACCOMMODATION = /\b(?:accommodations?|disabilit(?:y|ies)|handicapped|interpreters?|hearing impaired|TTY|TDD)\b/i;
const REMOTE = /\b(?:audio conference|video conference|conference (?:number|call)|dial[- ]in|call[- ]in|meeting ID|zoom|webex|livestream\w*|watch (?:it )?(?:live|online))\b/i;
/** A deadline that binds someone, not one a decision narrates ("should be tolled through September 3"). */
const DEADLINE_BINDS = /\b(?:must|shall|will|is due|are due|deadline)\b/i;
/** The date the deadline names, right after its words: not any date of the sentence ("Bulletin … dated June 12, 2020"). */
const DEADLINE_DATE = new RegExp(`\\b(?:no later than|not later than|on or before|by|until|deadline(?: is| of)?|due(?: on| by)?)\\s+(?:\\w+day,?\\s+)?${DATE}`, 'i');
const MINUTES_LINE = /^\s*(?:\w{1,2}[.)]\s*)?(?:approve\s+)?(?:the\s+)?minutes\b/i;

const PRIORITY = { comment: 0, hearing: 0, meeting: 1, remote: 1, deadline: 2, inspect: 2, accommodation: 3, contact: 4 } as const;
type ActionKind = keyof typeof PRIORITY;

const VERB: Record<ActionKind, string> = {
  comment: 'Have your say',
  hearing: 'Attend the hearing, and speak or submit testimony',
  meeting: 'Attend the meeting',
  remote: 'Join or follow the meeting remotely',
  deadline: 'Note the deadline',
  inspect: 'Ask to see the records',
  accommodation: 'If you need an accommodation to take part, ask for it',
  contact: 'Ask questions or raise concerns',
};

/** Rules that must cover every action kind: "Payments due May 31" is not "may". */
const kindOf = (unit: TextUnit, kinds: Set<PatternKind>, when: string[], hasContact: boolean): ActionKind | null => {
  const text = unit.text.replace(/\bMay(?=\s+\d)/g, '');
  const ahead = AHEAD.test(text);
  if ((NARRATION.test(text) && !ahead) || MINUTES_LINE.test(text)) return hasContact ? 'contact' : null;
  if (kinds.has('comment') && INVITATION.test(text)) return 'comment';
  if (kinds.has('hearing') && when.length > 0) return 'hearing';
  if (REMOTE.test(unit.text) && (when.length > 0 || hasContact)) return 'remote';
  if (kinds.has('meeting') && when.length > 0) return 'meeting';
  if (DEADLINE_DATE.test(text) && DEADLINE_BINDS.test(text)) return 'deadline';
  if (INSPECTION.test(text)) return 'inspect';
  if (hasContact) return ACCOMMODATION.test(unit.text) ? 'accommodation' : 'contact';
  return null;
};

/**
 * What a citizen can do about a document, from its own sentences: comment where comments are invited,
 * attend the hearings and meetings it announces, note its deadlines, use the phone numbers, e-mails and
 * addresses it offers, ask for the records it keeps open to inspection. Each action leads with the concrete when, where and how it found (so that a cut
 * sentence never hides them), then quotes the sentence. Narrated past events (minutes) are no invitations.
 * Best kinds first, then document order.
 */
export const findCitizenActions = (units: readonly TextUnit[], patternsOf: (u: TextUnit) => Set<PatternKind>): CitizenAction[] => {
  const found: Array<CitizenAction & { priority: number }> = [];
  const seenContacts = new Set<string>();
  const seenWhen = new Set<string>();
  for (const unit of units) {
    if (unit.kind === 'heading' || isFormality(unit.text) || unit.wordCount < 5) continue;
    const when = findWhen(unit.text);
    const offered = unit.kind !== 'table' && (CONTACT_CUE.test(unit.text) || (unit.page === units[0]?.page && unit.id < LETTERHEAD_UNITS));
    const contacts = offered ? findContacts(unit.text).filter((c) => !seenContacts.has(c.value)) : [];
    const kind = kindOf(unit, patternsOf(unit), when, contacts.length > 0);
    // Page furniture (a letterhead on every page) is read for its contacts only.
    if (!kind || (unit.kind === 'boilerplate' && kind !== 'contact')) continue;
    // One action per event: a notice names its meeting's date in several sentences.
    const dated = kind === 'meeting' || kind === 'hearing' || kind === 'deadline' || (kind === 'comment' && when.length > 0);
    if (dated && when.every((w) => seenWhen.has(`${kind}:${w}`))) continue;
    if ((kind === 'contact' || kind === 'accommodation') && contacts.length === 0) continue;
    for (const w of when) seenWhen.add(`${kind}:${w}`);
    for (const c of contacts) seenContacts.add(c.value);
    // When, then where and how: a meeting's address, or every contact of a comment, a remote link, a contact line.
    const how = kind === 'meeting' || kind === 'hearing' || kind === 'deadline' ? contacts.filter((c) => c.kind === 'address') : contacts;
    const details = [...(kind === 'contact' || kind === 'accommodation' ? [] : when), ...how.map((c) => c.value)];
    const lead = details.length > 0 ? `${VERB[kind]} (${[...new Set(details)].join('; ')})` : VERB[kind];
    const text = kind === 'contact' ? lead : `${lead}: ${shorten(summarySentence(unit.text), 240)}`;
    found.push({ text, unit, quote: quoteOf(unit), priority: PRIORITY[kind] });
  }
  return found.sort((a, b) => a.priority - b.priority || a.unit.id - b.unit.id);
};

/** The body that issued a document, as it names itself: "Board of Trustees of the Warrenville Public Library District". */
const ISSUER =
  /(?<=\b[Tt]he\s)(?:(?:[A-Z][\w.&’'-]*\s){0,5}?(?:Board of (?:Library )?(?:Trustees|Education|Directors|Commissioners|Supervisors)|City Council|Village Board|Town Council|County Board)|(?:[A-Z][\w.&’'-]*\s){1,5}?(?:Commission|Authority|Board|Council))(?:\sof\sthe(?:\s[A-Z][\w.&’'#-]*)+)?/g;

/**
 * When a document offers no meeting, comment period or contact, the honest advice is where to take a
 * concern: to the body that issued it, named as the document names it, or else in general words.
 */
export const fallbackAction = (units: readonly TextUnit[], summaryStart: TextUnit | undefined): CitizenAction | null => {
  // The name the document uses most, the fuller one on a tie: a decision names its parties too.
  const seen = new Map<string, { count: number; unit: TextUnit }>();
  for (const unit of units) {
    if (unit.kind !== 'prose') continue;
    for (const m of unit.text.matchAll(ISSUER)) {
      const name = m[0].replace(/[.,;:’'-]+$/, '');
      const entry = seen.get(name);
      if (entry) entry.count++;
      else seen.set(name, { count: 1, unit });
    }
  }
  const [name, entry] = [...seen].sort(([a, x], [b, y]) => y.count - x.count || b.length - a.length)[0] ?? [];
  const best = name && entry ? { name, unit: entry.unit } : null;
  if (best) {
    const meets = units.some((u) => patterns.meeting.test(u.text));
    return {
      text: `Raise any question or concern with the ${best.name}${meets ? ' at one of its public meetings' : ''}, or with your elected representatives.`,
      unit: best.unit,
      quote: best.name,
    };
  }
  if (!summaryStart) return null;
  return {
    text: 'Ask the body that issued this document how it affects you, and raise any concern at its next public meeting or with your elected representatives.',
    unit: summaryStart,
    quote: quoteOf(summaryStart),
  };
};
