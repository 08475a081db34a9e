import { documentKindLabel, type DocumentKind, type FactType } from '@civicwatch/core/contracts/analysis-catalogue.ts';
import type { DraftFact } from '@civicwatch/core/contracts/analysis-result.contract.ts';

/** The summary's length a reader can take in at a glance (issue 15: 120 words at most). */
export const SUMMARY_MAX_WORDS = 120;
/** Sentences made of facts; the document's own sentence, when one fits, comes after them. */
const SUMMARY_FACTS = 5;
/** At most this many facts of one type lead the summary, so that it says several things. */
const PER_TYPE = 3;

/** Which facts a summary leads with: what was decided and what it costs before when and who. */
const WEIGHT: Record<FactType, number> = {
  decision: 0, vote: 1, rate: 0, amount: 2, amendment: 2, 'party-outcome': 0, penalty: 3, deadline: 3, affected: 4,
  participation: 4, date: 5, count: 2,
};

/** The label a fact carries as a key insight: a survey's percentage is a "Figure", not "Money". */
export const FACT_LABEL: Record<FactType, string> = {
  decision: 'Decision', vote: 'Vote', amendment: 'Change', 'party-outcome': 'Outcome', amount: 'Money', rate: 'Rate',
  date: 'Date', deadline: 'Deadline', penalty: 'Penalty', affected: 'Who is affected', participation: 'How to take part',
  count: 'Figure',
};

export const wordCount = (text: string): number => text.split(/\s+/).filter(Boolean).length;

/**
 * The facts a summary is composed of, most important first: at most three of a type but decisions, five in all (or
 * `most`), within the word budget. The others are left for the key insights.
 */
export const summaryFacts = (facts: readonly DraftFact[], most = SUMMARY_FACTS): DraftFact[] => {
  const ordered = facts.map((f, i) => ({ f, i })).sort((a, b) => WEIGHT[a.f.type] - WEIGHT[b.f.type] || a.i - b.i);
  const chosen: DraftFact[] = [];
  const perType = new Map<FactType, number>();
  let words = 0;
  for (const { f } of ordered) {
    if (chosen.length >= most) break;
    const n = wordCount(f.statement);
    if ((f.type !== 'decision' && (perType.get(f.type) ?? 0) >= PER_TYPE) || words + n > SUMMARY_MAX_WORDS) continue;
    chosen.push(f);
    perType.set(f.type, (perType.get(f.type) ?? 0) + 1);
    words += n;
  }
  // Told in the document's order of importance, but a reader follows a story better in the facts' own order.
  return facts.filter((f) => chosen.includes(f));
};

/** What the document is, when no fact was found: an honest opening that invents nothing. */
export const kindSentence = (kind: DocumentKind | null, pages: number): string => {
  const what = kind ? documentKindLabel(kind).toLowerCase() : 'document';
  const article = /^[aeiou]/.test(what) ? 'an' : 'a';
  return `This is ${article} ${what} of ${pages} page${pages === 1 ? '' : 's'}; no decision, amount or deadline was found in it.`;
};
