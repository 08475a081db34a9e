import type { DocumentLanguage } from '@civicwatch/core/contracts/analysis-result.contract.ts';
import { findCaption, sayParty } from './case-caption.ts';
import type { DocumentText } from './document-text.ts';
import { type RankedFact, draftFact } from './draft-fact.ts';
import { findDays, findTimes, sayDay } from './meeting-times.ts';
import { personName } from './wording.ts';

/** How much of a transcript's opening holds its caption, date and appearances. */
const HEAD = 4000;

// "STEVEN E. MERCER, ESQ., Deputy Attorney General, Los Angeles, Cal.; on behalf of the Petitioner."
const APPEARANCE = /(?:^|\n)([A-Z][A-Z.'’ -]{3,60}?),\s(?:ESQ\.?,?\s?|ESQUIRE,?\s?)?[^\n;]{0,120}?(?:\n[^\n;]{0,120}?){0,2}?;?\s?on\s?behalf\s(?:of\s)?(?:the\s)?([\p{L} -]{3,40}?)\s?[.,;]/gu;

/**
 * What the first pages of a hearing's or an argument's transcript say: the case and its parties, the day it was
 * heard (always past: a transcript records what happened), and who appeared for each side.
 */
export const transcriptFacts = (doc: DocumentText, language: DocumentLanguage | null): RankedFact[] => {
  const facts: RankedFact[] = [];
  const head = doc.text.slice(0, HEAD);
  const argued = /oral\s+argument/i.test(head);
  const caption = findCaption(doc);
  if (caption) {
    const [a, b] = caption.parties;
    const number = caption.caseNumber ? `, No. ${caption.caseNumber}` : '';
    const fact = draftFact(doc, 'affected', `The case is ${sayParty(a)} v. ${sayParty(b)}${number}.`, [caption.span]);
    if (fact) facts.push({ fact, tier: 0, weight: 0 });
  }
  const from = caption ? caption.span.end : 0;
  const day = findDays(head.slice(from), language, null)[0];
  if (day) {
    const at = from + day.index;
    const time = findTimes(head.slice(at, at + 300))[0];
    const what = argued ? 'The oral argument' : /hearing/i.test(head) ? 'The hearing' : 'The proceeding';
    const statement = `${what} took place on ${sayDay(day.iso)}${time ? ` at ${time.said}` : ''}.`;
    const spans = [{ start: at, end: at + day.text.length }, ...(time ? [{ start: at + time.index, end: at + time.index + time.text.length }] : [])];
    const fact = draftFact(doc, 'date', statement, spans);
    if (fact) facts.push({ fact, tier: 1, weight: 0 });
  }
  for (const m of head.matchAll(APPEARANCE)) {
    const name = personName(m[1]!);
    const side = m[2]!.trim().toLowerCase();
    const start = m.index + (m[0].startsWith('\n') ? 1 : 0);
    const fact = draftFact(doc, 'affected', `${name} ${argued ? 'argued' : 'appeared'} for the ${side}.`, [{ start, end: m.index + m[0].length }]);
    if (fact) facts.push({ fact, tier: 2, weight: 0 });
    if (facts.length >= 6) break;
  }
  return facts;
};
