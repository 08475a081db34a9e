import type { DocumentKind } from '@civicwatch/core/contracts/analysis-catalogue.ts';
import type { DraftFact } from '@civicwatch/core/contracts/analysis-result.contract.ts';
import { accommodationFact, agendaItemFacts, heldRemotelyFact, meetingFact, publicCommentFact, remoteFact } from './agenda-facts.ts';
import { type DocumentText, documentText } from './document-text.ts';
import { type RankedFact, draftFact, selectFacts } from './draft-fact.ts';
import type { Finder, FinderInput } from './finder.ts';
import { governingBody } from './governing-body.ts';
import { findDays, findTimes, sayDay } from './meeting-times.ts';
import { absenceFact, motionFacts, reportedAmounts } from './minutes-facts.ts';
import { findMotions, isVoteLine } from './motions.ts';
import { outlineOf } from './outline.ts';
import { dueDates, relativeDeadlines, sayWhen, upcomingMeetings } from './schedule.ts';
import { transcriptFacts } from './transcript-facts.ts';

/** A fact resting on one span, ranked in `tier`. */
const dated = (doc: DocumentText, statement: string, tier: number, type: DraftFact['type'], span: { start: number; end: number }): RankedFact[] => {
  const fact = draftFact(doc, type, statement, [span]);
  return fact ? [{ fact, tier, weight: 0 }] : [];
};

/** The day and time the minutes record their meeting was held: the document's own date at their top. */
const heldFact = (doc: DocumentText, input: FinderInput): RankedFact[] => {
  if (!input.date) return [];
  const head = doc.text.slice(0, 1500);
  const day = findDays(head, input.language, null).find((d) => d.iso === input.date);
  if (!day) return [];
  const time = findTimes(head).find((t) => Math.abs(t.index - day.index) < 80);
  const start = Math.min(day.index, time?.index ?? day.index);
  const end = Math.max(day.index + day.text.length, time ? time.index + time.text.length : 0);
  return dated(doc, `The meeting was held on ${sayDay(day.iso)}${time ? ` at ${time.said}` : ''}.`, 4, 'date', { start, end });
};

const deadlineFacts = (doc: DocumentText, input: FinderInput, tier: number): RankedFact[] =>
  [...relativeDeadlines(doc), ...dueDates(doc, input.language, input.date)].flatMap((d) => dated(doc, d.statement, tier, 'deadline', d.span));

const upcomingFacts = (doc: DocumentText, input: FinderInput, tier: number): RankedFact[] =>
  upcomingMeetings(doc, input.language, input.date)
    .slice(0, 2)
    .flatMap(({ when, span, next }) => {
      const what = when.name ? `The ${when.name}` : next ? 'The next meeting' : 'A meeting';
      return dated(doc, `${what} is ${sayWhen(when)}.`, tier, input.date !== null ? 'participation' : 'date', span);
    });

const minutesFacts = (doc: DocumentText, input: FinderInput): RankedFact[] => {
  const outline = outlineOf(doc);
  const motions = findMotions(doc, outline, input.deadline);
  const absent = absenceFact(doc, motions);
  const numbered = new Set(outline.filter((item) => item.level < 3).map((item) => item.line));
  return [
    ...motionFacts(doc, motions, governingBody(input.pages)),
    ...(absent ? [absent] : []),
    ...upcomingFacts(doc, input, 2),
    ...deadlineFacts(doc, input, 2),
    ...reportedAmounts(doc, motions, numbered),
    ...heldFact(doc, input),
    ...[heldRemotelyFact(doc)].filter((f) => f !== null),
  ];
};

/**
 * A packet opens with its agenda and carries the minutes of the last meeting (their money decisions count;
 * who was absent then does not) and the memos and calendar of this one.
 */
const packetFacts = (doc: DocumentText, input: FinderInput): RankedFact[] => {
  const motions = findMotions(doc, outlineOf(doc), input.deadline);
  const decided = motionFacts(doc, motions, governingBody(input.pages)).map((r) => ({ ...r, tier: r.tier === 0 ? 1 : 6 }));
  return [...agendaFacts(doc, input), ...decided, ...upcomingFacts(doc, input, 2)];
};

const agendaFacts = (doc: DocumentText, input: FinderInput): RankedFact[] => {
  const meeting = meetingFact(doc, input.language, input.date);
  return [
    ...(meeting ? [meeting] : []),
    ...agendaItemFacts(doc, outlineOf(doc), governingBody(input.pages)),
    ...deadlineFacts(doc, input, 2),
    ...[publicCommentFact(doc), remoteFact(doc), accommodationFact(doc)].filter((f) => f !== null),
  ];
};

// Without a kind, the document's structure says which facts it holds: a caption and appearances make a
// transcript; a title ("Minutes of…", "ACTA", "ORDRE DU JOUR", "AGENDA") at its top makes minutes or an agenda;
// otherwise motions with movers or votes make minutes, and a meeting's day with a time an agenda or notice.
const TRANSCRIPT = /\bAPPEARANCES\b[\s\S]{0,600}on\s?behalf\sof|\bPROCEEDINGS\b|\bTRANSCRIPT OF\b/;
const MINUTES_TITLE =
  /(?<![\p{L}])(?:minutes of|meeting minutes|(?:^|\n)minutes(?=\s*\n)|acta|compte[- ]rendu|proc[èe]s[- ]verbal)(?![\p{L}])/iu;
const AGENDA_TITLE =
  /^(?:[\p{L} ]{0,40}\s)?(?:agenda|ordre du jour|orden del d[íi]a)\s?:?$|^(?:public )?notice of (?:a )?(?:public |special |regular )?(?:meeting|hearing)/imu;
/** How much of the first page holds its title. */
const TITLE_CHARACTERS = 600;

const kindOf = (doc: DocumentText, input: FinderInput): DocumentKind | null => {
  const head = doc.text.slice(0, 4000);
  if (TRANSCRIPT.test(head)) return 'transcript';
  const title = (input.pages.find((p) => p.text.trim().length > 0)?.text ?? '').slice(0, TITLE_CHARACTERS);
  const motions = findMotions(doc, outlineOf(doc), input.deadline);
  if (MINUTES_TITLE.test(title) && motions.length > 0) return 'minutes';
  if (AGENDA_TITLE.test(title)) return 'agenda';
  if (motions.filter((m) => m.mover || m.tally).length >= 2) return 'minutes';
  return meetingFact(doc, input.language, input.date) && /(?<![\p{L}])(?:agenda|notice)(?![\p{L}])/iu.test(head) ? 'agenda' : null;
};

// Tiers and how many of each a first pass takes. Minutes: 0 money decisions, 1 other decisions, 2 absences,
// next meetings and deadlines, 3 money reported and reports noted, 4 the meeting's own day. Agendas: 0 the meeting, 1 items that spend money,
// 2 deadlines, 3 how to take part, 4 other items to decide, 5 accommodation, 6 items only listed.
const MINUTES_QUOTA = { 0: 4, 1: 3, 2: 3, 3: 1, 4: 1 };
const AGENDA_QUOTA = { 0: 1, 1: 3, 2: 2, 3: 2, 4: 2, 5: 1, 6: 1 };

/**
 * Facts of minutes, agendas, notices, packets and transcripts: decisions with their votes and money, who was
 * absent, the next meeting; when and where a meeting is, how to speak at it, what it will decide; a case's
 * parties, its day and counsel. Other kinds of document are left to other finders.
 */
export const findMeetingFacts: Finder = (input) => {
  const handled: ReadonlyArray<DocumentKind | null> = ['minutes', 'agenda', 'notice', 'packet', 'transcript', 'vote-record', null];
  if (!handled.includes(input.kind)) return [];
  const doc = documentText(input.pages, input.deadline, isVoteLine);
  const kind = input.kind ?? kindOf(doc, input);
  switch (kind) {
    case 'minutes':
    case 'vote-record':
      return selectFacts(minutesFacts(doc, input), MINUTES_QUOTA);
    case 'agenda':
    case 'notice':
      return selectFacts(agendaFacts(doc, input), AGENDA_QUOTA);
    case 'packet':
      return selectFacts(packetFacts(doc, input), { ...AGENDA_QUOTA, 1: 4 });
    case 'transcript':
      return selectFacts(transcriptFacts(doc, input.language), {});
    default:
      return [];
  }
};
