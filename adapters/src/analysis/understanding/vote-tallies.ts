import type { DraftFact } from '@civicwatch/core/contracts/analysis-result.contract.ts';
import type { ExtractedPage } from '@civicwatch/core/analysis/text-extractor.port.ts';
import { linesOf, timeIsUp } from './text-tables.ts';

/**
 * The tallies of a vote record: "YEAS 52 NAYS 47 NOT VOTING 1", "Ayes: 5, Noes: 2", "Pour : 12 Contre : 3",
 * "A favor: 7, en contra: 2", "passed 7-0"; the outcome said near them ("Vote Result: Bill Passed"), and what
 * was voted on ("Question: On Passage of the Bill"). A roll call that states no tally is counted, and the
 * statement says so.
 */

type Choice = 'yes' | 'no' | 'abstain' | 'absent';

// Words that are common outside a tally ("for", "no", "pour") count only with a colon or an equals sign after them.
const CLEAR = String.raw`\b(yeas?|ayes?|yes|in\s{1,3}favou?r|votos\s{1,3}a\s{1,3}favor|a\s{1,3}favor|nays?|noes|against|opposed|en\s{1,3}contra|abstain(?:ed|ing|s)?|abstentions?|abstenciones?|absent|not\s{1,3}voting|excused|ausentes?)\s{0,3}[:=\u2013-]?\s{0,3}(\d{1,4})\b`;
const UNCLEAR = String.raw`\b(for|no|pour|contre|s[ií])\s{0,2}[:=]\s{0,3}(\d{1,4})\b`;
const TALLY_WORD = new RegExp(`${CLEAR}|${UNCLEAR}`, 'gi');
const COMPACT = /\b(?:vote[ds]?|nays|passed|carried|approved|adopted|failed|defeated|rejected|aprobad[oa]|adoptée?)\b[^.\n]{0,30}?\b(\d{1,3})\s{0,2}(?:-|\u2013|to|à|a)\s{0,2}(\d{1,3})\b/gi;
const OUTCOME = /\b(not\s+agreed\s+to|agreed\s+to|pass(?:ed)?|fail(?:ed)?|adopted|rejected|carried|carries|defeated|approved|aprobad[oa]|rechazad[oa]|adoptée?|rejetée?)\b/i;
const MEASURE = /^[ \t]{0,10}(?:question|measure(?:\s+(?:number|title))?|vote\s+on|bill|motion|objet|asunto)\s{0,3}:\s{0,3}(.{3,160})$/im;
/** Tally words farther apart than this belong to different votes. */
const WINDOW = 160;
const MAX_TALLIES = 3;
const MIN_ROLL_CALL = 5;
const ROLL_CALL_LINE = /^\s*(\p{Lu}[\p{L}\d.,'() -]{1,60}?)[\s.\u2013-]{1,20}(Yea|YEA|Nay|NAY|Aye|AYE|No|NO|Yes|YES|Y|N|Abstain(?:ed)?|ABSTAIN(?:ED)?|Absent|ABSENT|Not Voting|NOT VOTING|Excused|EXCUSED)\s*$/u;

const choiceOf = (word: string): Choice => {
  const w = word.toLowerCase().replace(/\s+/g, ' ');
  if (/^(?:yeas?|ayes?|yes|y|in favou?r|votos a favor|a favor|for|pour|s[ií])$/.test(w)) return 'yes';
  if (/^(?:nays?|noes|no|n|against|opposed|en contra|contre)$/.test(w)) return 'no';
  if (/^abst/.test(w)) return 'abstain';
  return 'absent';
};

const sayTally = (counts: Record<Choice, number | null>): string => {
  const parts = [`${counts.yes} yes`, `${counts.no} no`];
  const extra = [counts.abstain ? `${counts.abstain} abstaining` : null, counts.absent ? `${counts.absent} absent or not voting` : null].filter(Boolean);
  return `${parts.join(' and ')}${extra.length > 0 ? ` (${extra.join(', ')})` : ''}`;
};

/** "Passage of the Bill (H.R. 1234)" from "On Passage of the Bill (H.R. 1234)", at most ten words. */
const sayMeasure = (text: string): string => {
  const words = text.replace(/\s+/g, ' ').trim().replace(/^on\s+/i, '').split(' ');
  return words.length > 10 ? `${words.slice(0, 10).join(' ')}…` : words.join(' ');
};

/** The vote facts of a vote record, most important (first) first; at most MAX_TALLIES. */
export const findVoteTallies = (pages: readonly ExtractedPage[], deadline: number): DraftFact[] => {
  const facts: DraftFact[] = [];
  for (const page of pages) {
    if (facts.length >= MAX_TALLIES || performance.now() > deadline) break;
    const text = page.text.slice(0, 200_000);
    const measure = MEASURE.exec(text)?.[1]?.trim() ?? null;
    const tallies: Array<{ start: number; end: number; counts: Record<Choice, number | null> }> = [];
    for (const m of text.matchAll(TALLY_WORD)) {
      const word = m[1] ?? m[3]!;
      const value = Number(m[2] ?? m[4]);
      const open = tallies[tallies.length - 1];
      const choice = choiceOf(word);
      if (open && m.index - open.end <= WINDOW && open.counts[choice] === null) {
        open.counts[choice] = value;
        open.end = m.index + m[0].length;
      } else tallies.push({ start: m.index, end: m.index + m[0].length, counts: { yes: null, no: null, abstain: null, absent: null, [choice]: value } });
    }
    for (const m of text.matchAll(COMPACT)) {
      if (tallies.some((t) => t.start <= m.index && m.index <= t.end)) continue;
      tallies.push({ start: m.index, end: m.index + m[0].length, counts: { yes: Number(m[1]), no: Number(m[2]), abstain: null, absent: null } });
    }
    tallies.sort((a, b) => a.start - b.start);
    for (const tally of tallies) {
      if (tally.counts.yes === null || tally.counts.no === null || facts.length >= MAX_TALLIES) continue;
      const around = text.slice(Math.max(0, tally.start - 200), Math.min(text.length, tally.end + 200));
      const outcome = OUTCOME.exec(around)?.[1]?.toLowerCase().replace(/\s+/g, ' ');
      const said = outcome ? `; the result: ${outcome}` : '';
      const on = measure ? `On “${sayMeasure(measure)}”, the` : 'The';
      facts.push({
        type: 'vote',
        statement: `${on} vote was ${sayTally(tally.counts)}${said}.`,
        quote: text.slice(tally.start, tally.end).replace(/\s+/g, ' ').slice(0, 200),
        page: page.number,
      });
    }
  }
  if (facts.length > 0) return facts;
  return rollCall(pages, deadline);
};

/** A roll call that states no tally ("Smith ..... Yea"), counted line by line; the statement says it is our count. */
const rollCall = (pages: readonly ExtractedPage[], deadline: number): DraftFact[] => {
  for (const page of pages) {
    if (performance.now() > deadline) break;
    const counts: Record<Choice, number | null> = { yes: 0, no: 0, abstain: 0, absent: 0 };
    let first: string | null = null;
    let found = 0;
    const lines = linesOf(page.text);
    for (let i = 0; i < lines.length; i++) {
      if (timeIsUp(i, deadline)) break;
      const line = lines[i]!;
      if (line.end - line.start > 120) continue;
      const m = ROLL_CALL_LINE.exec(page.text.slice(line.start, line.end));
      if (!m) continue;
      const choice = choiceOf(m[2]!);
      counts[choice] = (counts[choice] ?? 0) + 1;
      first ??= m[0].trim();
      found++;
    }
    if (found >= MIN_ROLL_CALL && first !== null) {
      return [{ type: 'vote', statement: `By our count of the roll call, the vote was ${sayTally(counts)}.`, quote: first, page: page.number }];
    }
  }
  return [];
};
