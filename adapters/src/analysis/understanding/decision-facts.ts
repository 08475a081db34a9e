import type { DocumentKind } from '@civicwatch/core/contracts/analysis-catalogue.ts';
import { findCaption } from './case-caption.ts';
import { findDates, sayDate } from './dates.ts';
import { type DocumentText, type Span, documentText, sentenceAt } from './document-text.ts';
import { type RankedFact, draftFact, selectFacts } from './draft-fact.ts';
import type { Finder } from './finder.ts';
import { findAmounts, sayAmount } from './money.ts';
import { findTally } from './vote-tally.ts';
import { WORD_END as E, WORD_START as S, clipWords, personName } from './wording.ts';

/** How much of a decision is read: its holding, order and separate opinions are in its first pages and its end. */
const HEAD = 20_000;
const TAIL = 20_000;

/** A clause runs to its sentence's end; the point of a sum ("$95,046.07") ends nothing. */
const CLAUSE = '(?:[^.;]|\\.(?=\\d))';

/** Footnote marks a PDF leaves between words ("the judge's rulings, 1 findings, 2 and conclusions"). */
const tidy = (text: string): string =>
  text
    .replace(/(?<=[\p{L},;])\s\d{1,2}(?=\s)/gu, '')
    .replace(/\s+/g, ' ')
    .replace(/[\s,;:]+$/u, '')
    .trim();

/** Who decides: "The Board" before a board, "The court" in a court, the document otherwise. */
const deciderOf = (head: string): string => {
  const before = /\b(?:BEFORE THE|IN THE)\s+([A-Z][A-Z .,'-]{3,80})/u.exec(head)?.[1] ?? head.slice(0, 1500);
  if (/\bBOARD\b|\bBoard\b/u.test(before)) return 'The Board';
  if (/\bCOURT\b|\bCourt\b|\bTRIBUNAL\b/u.test(before)) return 'The court';
  if (/\bCOMMISSION\b|\bCommission\b/u.test(before)) return 'The commission';
  return 'The decision';
};

// What was decided: "has decided to affirm the judge's rulings…", "The judgment … is reversed", "IT IS ORDERED that…",
// "IT IS CERTIFIED that…", "The petition for review is denied", "We affirm."
const HOLDINGS: ReadonlyArray<[RegExp, (m: RegExpExecArray) => string]> = [
  [
    new RegExp(`${S}(?:has decided|decides|have decided)\\sto\\s((?:affirm|reverse|vacate|remand|adopt|grant|deny|dismiss|modify|uphold|sustain)${E}[^.]{3,220})`, 'iu'),
    (m) => `decided to ${tidy(m[1]!)}`,
  ],
  [/\bIT IS (?:HEREBY |FURTHER )?(ORDERED|CERTIFIED|ADJUDGED|DECREED|DETERMINED)(?:,? that|:)?\s([^.]{3,220})/u, (m) => `${m[1]!.toLowerCase()} that ${tidy(m[2]!)}`],
  [
    new RegExp(`${S}the (judgment|decision|order|petition(?: for review)?|appeal|motion|application|complaint)(?: of the [\\p{L} ]{3,60}?)? is (?:hereby )?(affirmed|reversed|vacated|granted|denied|dismissed|remanded)(?:,? and the case is (remanded)[^.]{0,80})?`, 'iu'),
    (m) => `${m[2]!.toLowerCase()} the ${m[1]!.toLowerCase()}${m[3] ? ' and remanded the case' : ''}`,
  ],
  [/(?:^|\n)(AFFIRMED|REVERSED|VACATED|DISMISSED)(?:(?:,| AND| IN PART AND)\s(REMANDED|REVERSED IN PART|AFFIRMED IN PART))?\.?\s*(?:\n|$)/u, (m) => `${m[1]!.toLowerCase()}${m[2] ? ` and ${m[2].toLowerCase()}` : ''} the decision under review`],
];

/** What the decision decides, in its own words as far as they go. */
const holdingFacts = (doc: DocumentText, text: string, offset: number, decider: string): RankedFact[] => {
  const facts: RankedFact[] = [];
  for (const [re, say] of HOLDINGS) {
    const m = re.exec(text);
    if (!m) continue;
    const start = offset + m.index + (m[0].startsWith('\n') ? 1 : 0);
    const statement = `${decider} ${clipWords(say(m as RegExpExecArray), 20)}.`;
    const fact = draftFact(doc, 'decision', statement, [{ start, end: offset + m.index + m[0].length }]);
    if (fact) facts.push({ fact, tier: 0, weight: 0 });
  }
  return facts.slice(0, 2);
};

// "orders that the Respondent, Pessoa Construction Company, Fairmont Heights, Maryland, its officers…, shall make
// whole William Membrino by paying him $95,046.07", "Defendant is ORDERED to pay Plaintiff $5,000".
const REMEDY = new RegExp(
  `\\b(?:orders?|ORDERS?|ORDERED)\\s(?:that\\s)?(?:the\\s)?(?:Respondent|Defendant|Employer|Appellant|Petitioner|Union|Company),?\\s([A-Z][\\p{L}&.'’ -]{2,60}?),[^]{0,160}?\\bshall\\s(${CLAUSE}{5,260})`,
  'u',
);
const ORDERED_TO = new RegExp(`\\b([A-Z][\\p{L}&.'’ -]{2,60}?)\\s(?:is|are)\\s(?:hereby\\s)?(?:ORDERED|ordered|directed|DIRECTED)\\sto\\s(${CLAUSE}{5,220})`, 'u');

/** What the decision orders a party to do, with the sum it must pay. */
const remedyFacts = (doc: DocumentText, text: string, offset: number, decider: string): RankedFact[] => {
  const m = REMEDY.exec(text) ?? ORDERED_TO.exec(text);
  if (!m) return [];
  const party = personName(m[1]!.replace(/\s+/g, ' '));
  const action = tidy(m[2]!);
  const amount = findAmounts(action)[0];
  const said = clipWords(action, 16);
  const money = amount && !said.includes(amount.text) ? ` (${sayAmount(amount)})` : '';
  const start = offset + m.index;
  const fact = draftFact(doc, 'party-outcome', `${decider} ordered ${party} to ${said}${money}.`, [
    ...(amount ? [{ start: offset + m.index + m[0].indexOf(amount.text), end: offset + m.index + m[0].indexOf(amount.text) + amount.text.length }] : []),
    { start, end: start + m[0].length },
  ].reverse());
  return fact ? [{ fact, tier: 1, weight: amount?.value ?? 0 }] : [];
};

// "Judge Arthur Amchan found … that Pessoa Construction Company (Respondent) violated Section 8(a)(3) and (1) of the
// Act when it discharged employee William Membrino."
const VIOLATION =
  /((?:Judge|The Board|The court|The Court|The Commission|The judge|We)(?:\s[A-Z][\p{L}'’-]+){0,3})\s(?:found|finds|held|holds|concluded|concludes)\s(?:\([^)]{0,80}\)\s)?that\s([A-Z][^.()]{2,60}?)(?:\s\([^)]{1,30}\))?\s(violated|did not violate)\s([^.]{5,200})/u;

const violationFacts = (doc: DocumentText, text: string, offset: number): RankedFact[] => {
  const m = VIOLATION.exec(text);
  if (!m) return [];
  const statement = `${m[1]} found that ${tidy(m[2]!)} ${m[3]} ${clipWords(tidy(m[4]!).replace(/\s\(the Act\)/u, ''), 16)}.`;
  const fact = draftFact(doc, 'party-outcome', statement, [{ start: offset + m.index, end: offset + m.index + m[0].length }]);
  return fact ? [{ fact, tier: 2, weight: 0 }] : [];
};

// "The tally of ballots shows 19 votes cast for and 17 against the Petitioner" and the election's day.
const BALLOTS = new RegExp(`${S}(?:tally of (?:the )?ballots|votes cast|ballots cast)${E}`, 'iu');
const ELECTION = /election (?:held|conducted) (?:on )?/iu;

const tallyFacts = (doc: DocumentText, text: string, offset: number): RankedFact[] => {
  const m = BALLOTS.exec(text);
  if (!m) return [];
  const span = sentenceAt(doc, offset + m.index);
  const tally = findTally(doc.text.slice(span.start, span.end));
  if (!tally || tally.for === null) return [];
  const election = ELECTION.exec(text);
  const day = election ? findDates(text.slice(election.index, election.index + 60))[0] : undefined;
  const when = day ? `In the ${sayDate(day.iso)} election, the` : 'The';
  const statement = `${when} tally was ${tally.for} votes for and ${tally.against ?? 0} against.`;
  const spans: Span[] = [span, ...(day && election ? [{ start: offset + election.index, end: offset + election.index + 60 }] : [])];
  const fact = draftFact(doc, 'vote', statement, spans.map((s) => ({ start: s.start, end: Math.min(s.end, s.start + 200) })));
  return fact ? [{ fact, tier: 1, weight: 0 }] : [];
};

// "The General Counsel alleges that Respondent owes $107,929 in backpay", "Respondent maintains that it only owes $912".
const CLAIM = new RegExp(
  `(?:^|[.;)]\\s|\\n)((?:The |the )?[A-Z][\\p{L}'’]+(?: [A-Z][\\p{L}'’]+){0,3})\\s(?:alleges|alleged|claims|claimed|contends|contended|maintains|maintained|asserts|asserted|seeks|sought)\\s(?:that\\s)?(${CLAUSE}{5,200})`,
  'gu',
);
/** How many claims of money a decision's facts tell: the two sides' figures. */
const MAX_CLAIMS = 2;

/** What each side claimed in money, when the decision states it: the sums a remedy is weighed against. */
const claimFacts = (doc: DocumentText, text: string, offset: number): RankedFact[] => {
  const facts: RankedFact[] = [];
  for (const m of text.matchAll(CLAIM)) {
    const clause = tidy(m[2]!);
    const amount = findAmounts(clause)[0];
    if (!amount) continue;
    const start = offset + m.index + m[0].indexOf(m[1]!);
    const statement = `${personName(m[1]!)} claimed that "${clipWords(clause, 14, amount.text)}".`;
    const fact = draftFact(doc, 'amount', statement, [{ start, end: offset + m.index + m[0].length }]);
    if (fact) facts.push({ fact, tier: 3, weight: amount.value });
    if (facts.length >= MAX_CLAIMS) break;
  }
  return facts;
};

// "MEMBER MISCIMARRA, concurring:", "Justice Scalia, dissenting", "SMITH, J., dissenting".
const SEPARATE = new RegExp(
  `(?:${S}(MEMBER|CHAIRMAN|JUSTICE|JUDGE|COMMISSIONER|Member|Chairman|Justice|Judge|Commissioner)\\s([A-Z][\\p{L}'’-]+)|([A-Z][A-Z'’-]+),\\s(?:(?:Chief\\s)?(?:Circuit\\s|District\\s)?Judge|(?:C\\.\\s)?J\\.)),\\s(dissenting|concurring)(?:\\sin part(?:\\sand (?:dissenting|concurring) in part)?)?`,
  'gu',
);

const separateOpinions = (doc: DocumentText, text: string, offset: number): RankedFact[] => {
  const facts: RankedFact[] = [];
  for (const m of text.matchAll(SEPARATE)) {
    const who = m[1] ? `${m[1].charAt(0)}${m[1].slice(1).toLowerCase()} ${personName(m[2]!)}` : `Judge ${personName(m[3]!)}`;
    const verb = m[4] === 'dissenting' ? 'dissented' : 'concurred';
    const start = offset + m.index;
    const after = doc.text.slice(start + m[0].length, start + m[0].length + 400).replace(/^[\s:]+/, '');
    const first = /^[^.]{10,300}\./u.exec(after)?.[0];
    const statement = first ? `${who} ${verb}: "${clipWords(tidy(first).replace(/\.$/, ''), 16)}".` : `${who} ${verb}.`;
    const firstStart = first ? start + m[0].length + doc.text.slice(start + m[0].length).indexOf(first) : 0;
    const spans: Span[] = [{ start, end: start + m[0].length }, ...(first ? [{ start: firstStart, end: firstStart + first.length }] : [])];
    const fact = draftFact(doc, 'decision', statement, spans);
    if (fact && !facts.some((f) => f.fact.statement.startsWith(`${who} ${verb}`))) facts.push({ fact, tier: 3, weight: 0 });
  }
  return facts.slice(0, 2);
};

// "Dated, Washington, D.C., December 15, 2014." or the date under the caption.
const DATED = /\b(?:Dated|DATED|Decided|DECIDED|Issued|Entered|Filed)\b[,:]?\s[^\n]{0,60}?/u;

const dateFact = (doc: DocumentText, text: string, offset: number): RankedFact[] => {
  const m = DATED.exec(text);
  if (!m) return [];
  const day = findDates(text.slice(m.index, m.index + 100))[0];
  if (!day) return [];
  const start = offset + m.index;
  const fact = draftFact(doc, 'date', `The decision is dated ${sayDate(day.iso)}.`, [{ start, end: start + day.index + day.text.length }]);
  return fact ? [{ fact, tier: 4, weight: 0 }] : [];
};

/** "The case is between Sonoco Protective Solutions (employer) and Laborers Local 332 (petitioner), Case 04-RC-128714." */
const partyFacts = (doc: DocumentText): RankedFact[] => {
  const caption = findCaption(doc);
  if (!caption) return [];
  const [a, b] = caption.parties.map((p) => `${p.name}${p.role ? ` (${p.role})` : ''}`);
  const number = caption.caseNumber ? `, case ${caption.caseNumber}` : '';
  const fact = draftFact(doc, 'affected', `The case is between ${a} and ${b}${number}.`, [caption.span]);
  return fact ? [{ fact, tier: 2, weight: 0 }] : [];
};

// Without a kind, a decision is told by its caption and an order, a holding or a certification.
const DECISION_WORDS = /\b(?:IT IS (?:HEREBY )?(?:ORDERED|CERTIFIED)|DECISION AND ORDER|has decided to (?:affirm|reverse)|AFFIRMED|REVERSED|opinion of the court)\b/u;

/**
 * Facts of a decision of a court, a labor board or another board: what it decided, what it orders a party to
 * do and pay, how an election came out, what was found unlawful, the parties, separate opinions and the date.
 */
export const findDecisionFacts: Finder = (input) => {
  const handled: ReadonlyArray<DocumentKind | null> = ['decision', null];
  if (!handled.includes(input.kind)) return [];
  const doc = documentText(input.pages, input.deadline);
  const head = doc.text.slice(0, HEAD);
  if (input.kind === null && !(DECISION_WORDS.test(head) && findCaption(doc))) return [];
  const tailStart = Math.max(HEAD, doc.text.length - TAIL);
  const tail = doc.text.slice(tailStart);
  const decider = deciderOf(head);
  const inHead = <T>(find: (doc: DocumentText, text: string, offset: number) => T[]): T[] => find(doc, head, 0);
  const anywhere = <T>(find: (doc: DocumentText, text: string, offset: number) => T[]): T[] => {
    const found = find(doc, head, 0);
    return found.length > 0 || tail === '' ? found : find(doc, tail, tailStart);
  };
  return selectFacts(
    [
      ...anywhere((d, t, o) => holdingFacts(d, t, o, decider)),
      ...anywhere((d, t, o) => remedyFacts(d, t, o, decider)),
      ...inHead(tallyFacts),
      ...inHead(violationFacts),
      ...partyFacts(doc),
      ...anywhere(separateOpinions),
      ...inHead(claimFacts),
      ...anywhere(dateFact),
    ],
    {},
  );
};
