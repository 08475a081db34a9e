import type { ExtractedPage } from '@civicwatch/core/analysis/text-extractor.port.ts';
import { sayAmount } from '../understanding/money-amounts.ts';
import { findTally, sayTally } from '../understanding/vote-tally.ts';
import { joinList } from '../understanding/wording.ts';
import { alignUnits, pairMoved } from './align-units.ts';
import {
  ROLL_CALL, itemChange, presenceChange, proseChanges, readingOf, replacementChange, type RankedChange,
} from './unit-changes.ts';
import { clipQuote } from '../understanding/wording.ts';
import { versionUnits, type VersionUnit } from './version-units.ts';

export interface VersionComparison {
  /** False when the two documents share too little to be versions of one document. */
  related: boolean;
  summary: string;
  changes: RankedChange[];
}

/** Share of the words of both documents in units that line up, under which they are not versions of one document. */
const RELATED = 0.35;
/** Units of the opening (title, number, fiscal year) weigh more: a renumbered ordinance is news. */
const OPENING_UNITS = 4;

const unitWeight = (unit: VersionUnit): number => unit.tokens.length;
/** The amount changes ranked with the totals; the others come after the dates and the wording. */
const LEADING_AMOUNTS = 6;
/** A roll call read this well is trusted; below it, OCR's reading of handwritten names is not. */
const READABLE_TALLY = 0.8;

/**
 * Share of a roll call's words, past its labels, that read as names ("DuRocher, Lezon, Picha"): OCR's reading of
 * handwritten names ("O- Du Locher, rezon, Pere Koei") falls short, and no vote is read from it.
 */
const nameShare = (text: string): number => {
  const words = (text.match(/\p{L}+/gu) ?? []).filter((w) => !/^(?:ayes?|nays?|nayes|yeas?|noes|absent|abstain|none|and)$/i.test(w));
  return words.length === 0 ? 0 : words.filter((w) => /^\p{Lu}\p{L}{2,}$/u.test(w) && VOWELS.test(w)).length / words.length;
};
const VOWELS = /[aeiouy]/i;

/** The vote each version records, when it records one that can be read. */
const voteOf = (units: readonly VersionUnit[]) => {
  const calls = units.filter((u) => ROLL_CALL.test(u.text) || /\bvote\b/i.test(u.text));
  if (calls.length === 0) return null;
  const tally = findTally(calls.map((u) => u.text).join('\n'));
  // A roll call whose names OCR or extraction lost ("AYES: ______") counts nobody: no vote is read from it.
  if (!tally || !tally.for) return null;
  const unit = calls.find((u) => u.text.includes(tally.text.split('\n')[0]!)) ?? calls[0]!;
  if (nameShare(tally.text) < READABLE_TALLY) return null;
  return { said: sayTally(tally), quote: clipQuote(tally.text.split('\n')[0]!), page: unit.page };
};

/** A change of the recorded vote, or the vote one version records when the other's roll call cannot be read. */
const voteChange = (before: readonly VersionUnit[], after: readonly VersionUnit[]): RankedChange | null => {
  const hadCall = (units: readonly VersionUnit[]) => units.some((u) => ROLL_CALL.test(u.text));
  const a = voteOf(before);
  const b = voteOf(after);
  if (a && b) {
    return a.said === b.said ? null : {
      type: 'number', statement: `The vote changed from ${a.said} to ${b.said}.`,
      before: { quote: a.quote, page: a.page }, after: { quote: b.quote, page: b.page }, weight: 4.5, order: 0,
    };
  }
  if (b && hadCall(before)) {
    return { type: 'number', statement: `The later version records the vote as ${b.said}; the earlier version's roll call cannot be read.`, after: { quote: b.quote, page: b.page }, weight: 4, order: 0 };
  }
  if (a && hadCall(after)) {
    return { type: 'number', statement: `The earlier version records the vote as ${a.said}; the later version's roll call cannot be read.`, before: { quote: a.quote, page: a.page }, weight: 4, order: 0 };
  }
  return null;
};

/**
 * Orders changes by what a reader must be told first: the opening, totals, lines added or removed, the vote,
 * dates (each change of date told once), the largest amounts, then the rest.
 */
const rank = (changes: readonly RankedChange[]): RankedChange[] => {
  const seenDates = new Set<string>();
  const kept = changes.filter((change) => {
    if (change.type !== 'date') return true;
    const said = change.statement.replace(/^.*changed /, '');
    if (seenDates.has(said)) return false;
    seenDates.add(said);
    return true;
  });
  const amounts = kept.filter((c) => c.type === 'amount' && c.weight < 5).sort((x, y) => (y.shift ?? 0) - (x.shift ?? 0));
  const leading = new Set(amounts.slice(0, LEADING_AMOUNTS));
  return kept
    .map((c) => (leading.has(c) ? { ...c, weight: c.weight + 2 } : c))
    .sort((x, y) => y.weight - x.weight || x.order - y.order);
};

/**
 * Compares two versions of a document (ADR 0022): their units aligned, then each pair's and each lone unit's
 * changes, ranked by what a reader must be told first, and a summary that says how many and what stayed.
 */
export const compareVersions = (earlier: readonly ExtractedPage[], later: readonly ExtractedPage[]): VersionComparison => {
  const before = versionUnits(earlier);
  const after = versionUnits(later);
  const steps = pairMoved(before, after, alignUnits(before, after));
  const reading = readingOf(before, after);
  const changes: RankedChange[] = [];
  let matchedWeight = 0;
  let unchangedAmounts = 0;
  let largestUnchanged = null as null | { value: number; currency: string | null; decimals: number };
  const rates = new Set<string>();

  steps.forEach((step, k) => {
    const order = step.after ?? step.before!;
    if (step.before !== undefined && step.after !== undefined) {
      const a = before[step.before]!;
      const b = after[step.after]!;
      matchedWeight += unitWeight(a) + unitWeight(b);
      if (a.kind === 'item') {
        const change = itemChange(a, b, reading, order);
        if (change) changes.push(change);
        else {
          unchangedAmounts += b.amounts.length;
          for (const amount of b.amounts) if (!largestUnchanged || amount.value > largestUnchanged.value) largestUnchanged = amount;
        }
      } else {
        changes.push(...proseChanges(a, b, reading, order, step.after < OPENING_UNITS));
        for (const rate of b.text.match(/(?<![\d.])\d*\.?\d+\s?%(?!\s*day\b)/g) ?? []) if (a.text.includes(rate)) rates.add(rate.replace(/\s/g, ''));
      }
      return;
    }
    // A lone sentence next to a lone sentence of the other version: one was written in place of the other.
    const next = steps[k + 1];
    const previous = steps[k - 1];
    if (step.before !== undefined && next && next.before === undefined && before[step.before]!.kind === 'prose' && after[next.after!]!.kind === 'prose'
      && !ROLL_CALL.test(before[step.before]!.text) && !ROLL_CALL.test(after[next.after!]!.text)) {
      const change = replacementChange(before[step.before]!, after[next.after!]!, reading, next.after!);
      if (change) changes.push(change);
      return;
    }
    if (step.after !== undefined && previous && previous.after === undefined && previous.before !== undefined && before[previous.before]!.kind === 'prose' && after[step.after]!.kind === 'prose'
      && !ROLL_CALL.test(before[previous.before]!.text) && !ROLL_CALL.test(after[step.after]!.text)) return;
    const unit = step.before !== undefined ? before[step.before]! : after[step.after!]!;
    if (ROLL_CALL.test(unit.text)) return;
    const change = presenceChange(unit, step.before !== undefined ? 'before' : 'after', reading, order);
    if (change) changes.push(change);
  });

  const totalWeight = before.reduce((n, u) => n + unitWeight(u), 0) + after.reduce((n, u) => n + unitWeight(u), 0);
  const related = totalWeight > 0 && matchedWeight / totalWeight >= RELATED;
  const vote = voteChange(before, after);
  if (vote) changes.push(vote);
  // Documents that are not versions of one another: only what can be set side by side, sums and dates.
  const told = rank(related ? changes : changes.filter((c) => c.type === 'amount' || c.type === 'date' || (c.type !== 'reworded' && /\d/.test(c.statement))));
  return { related, summary: summarize(told, unchangedAmounts, largestUnchanged, [...rates]), changes: told };
};

const TYPE_NAMES: Record<RankedChange['type'], [string, string]> = {
  amount: ['amount', 'amounts'],
  date: ['date', 'dates'],
  number: ['number', 'numbers'],
  added: ['addition', 'additions'],
  removed: ['removal', 'removals'],
  reworded: ['change of wording', 'changes of wording'],
};

const summarize = (
  changes: readonly RankedChange[],
  unchangedAmounts: number,
  largest: { value: number; currency: string | null; decimals: number } | null,
  rates: readonly string[],
): string => {
  const sentences: string[] = [];
  if (changes.length === 0) sentences.push('No substantive change: the two versions say the same thing.');
  else {
    const counts = new Map<RankedChange['type'], number>();
    for (const change of changes) counts.set(change.type, (counts.get(change.type) ?? 0) + 1);
    const parts = [...counts].map(([type, n]) => `${n} ${TYPE_NAMES[type][n === 1 ? 0 : 1]}`);
    sentences.push(`The later version differs in ${changes.length} ${changes.length === 1 ? 'place' : 'places'}: ${joinList(parts)}.`);
  }
  const amountChanges = changes.filter((c) => c.type === 'amount').length;
  if (unchangedAmounts > 0 && largest) {
    const said = sayAmount(largest.value, largest.currency, largest.decimals);
    sentences.push(amountChanges === 0
      ? `No amount changed: all ${unchangedAmounts} amounts are the same in both versions, the largest being ${said}.`
      : `The other ${unchangedAmounts} amounts are the same in both versions.`);
  }
  if (rates.length > 0) sentences.push(`The rate${rates.length > 1 ? 's' : ''} of ${joinList(rates)} ${rates.length > 1 ? 'are' : 'is'} unchanged.`);
  return sentences.join(' ');
};
