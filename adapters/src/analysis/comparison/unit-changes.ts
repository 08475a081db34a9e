import type { ChangeType } from '@civicwatch/core/contracts/analysis-catalogue.ts';
import { findDates, sayDate } from '../understanding/dates.ts';
import { sayAmount, type WrittenAmount } from '../understanding/money-amounts.ts';
import { clipQuote } from '../understanding/wording.ts';
import type { VersionUnit } from './version-units.ts';
import { diffWords, wordsOf, type Hunk, type Word } from './word-diff.ts';

/*
 * How two aligned units of two versions differ, told as the changes a citizen reads (ADR 0022): a line item's
 * figures, a unit struck or added, a replaced sentence, prose edits word by word. Long because each kind of change
 * has its own test of what is a real change and what is OCR's noise, and they share one reading of both versions.
 */

/** A change before it is checked: its statement, the quote and page of each side, and how much it matters. */
export interface RankedChange {
  type: ChangeType;
  statement: string;
  before?: { quote: string; page: number };
  after?: { quote: string; page: number };
  /** Ranks changes: what a reader must be told first. */
  weight: number;
  /** For an amount: the largest difference between the versions' sums, to tell the largest changes first. */
  shift?: number;
  /** Position in the later version (or the earlier one), so that changes of equal weight keep the document's order. */
  order: number;
}

const SHORT_WORDS = new Set('a i o y an as at be by do he if in is it me my no of on or so to up us we la le de el en et un se al da du'.split(' '));
const VOWEL = /[aeiouyàâäéèêëîïôöùûüáíóúñ]/i;

/**
 * What the two versions have in common to read by: the words either writes more than once. OCR's reading of a
 * signature or a handwritten roll call makes words found nowhere else.
 */
export interface Reading {
  known: ReadonlySet<string>;
  /** Every sum each version writes, to tell a changed amount from a misread digit. */
  sums: { before: ReadonlySet<number>; after: ReadonlySet<number> };
  /** Each version's readable words run together, letters only: where words one version seems to lack may be found whole. */
  letters: { before: string; after: string };
  /** Each version's words run together, letters and digits: where a passage with its figures may be found whole. */
  characters: { before: string; after: string };
}

export const readingOf = (before: readonly VersionUnit[], after: readonly VersionUnit[]): Reading => {
  const counts = new Map<string, number>();
  for (const unit of [...before, ...after]) for (const word of wordsOf(unit.text)) counts.set(word.folded, (counts.get(word.folded) ?? 0) + 1);
  const known = new Set([...counts].filter(([w, n]) => n >= 2 && w.length >= 3).map(([w]) => w));
  const sums = (units: readonly VersionUnit[]) => new Set(units.flatMap((u) => u.amounts.map((a) => a.value)));
  const words = (units: readonly VersionUnit[]) => units.flatMap((u) => wordsOf(u.text));
  return {
    known,
    sums: { before: sums(before), after: sums(after) },
    letters: { before: readableLetters(words(before), { known }), after: readableLetters(words(after), { known }) },
    characters: { before: charactersOf(words(before)), after: charactersOf(words(after)) },
  };
};

/** Readable words' letters run together, figures and scrawl left out: a unit's as its version's are. */
const readableLetters = (words: readonly Word[], reading: Pick<Reading, 'known'>): string =>
  words.filter((w) => readable(w, reading) && !/\d/.test(w.text)).map((w) => w.folded.replace(/[^\p{L}]/gu, '')).join('');
const charactersOf = (words: readonly Word[]): string => words.map((w) => w.folded.replace(/[^\p{L}\p{N}]/gu, '')).join('');

/** Fewer letters than this prove nothing by being found elsewhere: "the board" is in every version. */
const MIN_FOUND_LETTERS = 12;

const occurrences = (text: string, part: string): number => {
  let n = 0;
  for (let at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + part.length)) n++;
  return n;
};

/**
 * True when the words one version seems to lack are in the other, whole and in order, as often as in its own:
 * text that OCR or a page break cut into other sentences ("COUNTY OF DUPAGE )" / ") SS COUNTY OF DU PAGE )
 * CERTIFICATE…"), or a passage that moved. A phrase said once less than before was taken out. Only readable
 * letters are compared, in the words and in the versions alike, scrawl and figures left out.
 */
const foundElsewhere = (words: readonly Word[], side: 'before' | 'after', reading: Reading): boolean => {
  const other = side === 'before' ? 'after' : 'before';
  const letters = readableLetters(words, reading);
  return letters.length >= MIN_FOUND_LETTERS && occurrences(reading.letters[other], letters) >= occurrences(reading.letters[side], letters);
};

/**
 * The same, figures included: a passage of a bill ("section 1833(a)(2) of the Act") that a page break placed
 * in another sentence of the other version is there whole, its numbers with it, and is no change of figures.
 */
const foundWholeElsewhere = (words: readonly Word[], side: 'before' | 'after', reading: Reading): boolean => {
  const other = side === 'before' ? 'after' : 'before';
  const characters = charactersOf(words);
  return characters.length >= MIN_FOUND_LETTERS && occurrences(reading.characters[other], characters) >= occurrences(reading.characters[side], characters);
};

/**
 * A word a reader can read: a figure, a short common word, a word the documents write more than once, or a
 * word of three letters or more with a vowel, in lower case, capitalised or in capitals. OCR's scrawls of
 * signatures ("Qo", "p=", "handSon", "tN") are none of these.
 */
export const readable = (word: Word, reading: Pick<Reading, 'known'>): boolean =>
  /^[$€]?\d/.test(word.text) || word.text === '/s/' || SHORT_WORDS.has(word.folded) || reading.known.has(word.folded) ||
  (/^(?:\p{Lu}\p{Ll}{2,}|\p{Ll}{3,}|\p{Lu}{3,})(?:['’-]\p{L}+)*\.?$/u.test(word.text) && VOWEL.test(word.text));

/**
 * OCR's reading of a signature, a stamp or a handwritten roll call: stray marks ("{", "~", "»", "|", "—") and
 * lone letters that are no initial ("J 7 v (", "Cr] ALE pclo— | Barbara J.") for one word in five or more.
 */
export const scrawled = (raw: string): boolean => {
  // "/s/" is a typed signature, no scrawl.
  const text = raw.replace(/\/s\//g, 'signed');
  const words = text.split(/\s+/).filter(Boolean).length;
  // A letter in parentheses is an outline's label ("(d) and (e)"), no stray mark.
  const stray = (text.match(/[{}[\]~»«|\\=<>^*—_]|(?<![\p{L}\p{N}(])(?![aAI]\b)\p{L}(?![\p{L}\p{N}.)])/gu) ?? []).length;
  return words > 0 && stray / words >= 0.2;
};

/** Share of a text's words that read as words: handwriting read by OCR scores low. */
export const readableShare = (text: string, reading: Reading): number => {
  const words = wordsOf(text);
  return words.length === 0 ? 0 : words.filter((w) => readable(w, reading)).length / words.length;
};

/** Words run together or split apart by OCR ("OF DUPAGE", "OFDUPAGE"; "DU PAGE"): the same words. */
const sameLetters = (h: Hunk): boolean =>
  h.removed.map((w) => w.folded).join('') === h.added.map((w) => w.folded).join('');

/**
 * True when a sum that differs between the versions is OCR's misreading rather than a change: the two differ
 * in one digit, and the other version's figure adds up with the sums around it ($1,900,949 + $1,374,051 is
 * the $3,275,000 the page states) while the figure read does not.
 */
const misread = (read: number, other: number, sums: ReadonlySet<number>): boolean => {
  const a = String(read);
  const b = String(other);
  if (a.length !== b.length || [...a].filter((d, k) => d !== b[k]).length !== 1) return false;
  const adds = (x: number) => [...sums].some((p) => p > 0 && p !== x && (sums.has(x + p) || sums.has(p - x)));
  return adds(other) && !adds(read);
};

/** Below this share a unit is OCR's reading of handwriting or a stamp: never reported as a change of its own. */
export const NOISE = 0.7;

/** A total or a summary line: what a reader of a budget looks at first. */
const TOTAL_LINE = /\b(?:total|totaux|totales?)\b/i;
/** How large a sum is, 0 to about 1, to rank changes of equal kind. */
export const magnitude = (value: number): number => Math.log10(value + 1) / 10;

/** A roll call's lines ("AYES: …", "ABSENT: …"): told as one vote, never word by word. */
export const ROLL_CALL = /\b(?:ayes?|aves|nays?|nayes|yeas?|noes|absent|abstain)\s?[:~]/i;

/** A figure as documents write them ("$1,234", "19-20-01", ".02%", "17th"); OCR's "8S" for "SS" is none. */
const isFigure = (word: Word): boolean => /^[$€]?\.?\d[\d.,/-]*(?:%|st|nd|rd|th)?$/i.test(word.text);
const hasFigure = (words: readonly Word[]): boolean => words.some(isFigure);

/** OCR reads a raised "th" as "%" ("17% day of July") and drops spaces ("November 14,2018"): read them back. */
export const ordinalsRead = (text: string): string =>
  text.replace(/\b(\d{1,2})\s?[%°™]\s+(?=day\b)/giu, '$1th ').replace(/\b(\d{1,2}),(?=(?:19|20)\d{2}\b)/g, '$1, ');

/** Up to `words` words on each side of a stretch of a unit's text, cut from the text itself: still a quote. */
const excerpt = (text: string, from: number, to: number, words = 4): string => {
  const tokens = [...text.matchAll(/\S+/g)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
  const before = tokens.filter((t) => t.end <= from);
  const after = tokens.filter((t) => t.start >= to);
  const start = before.length > words ? before.at(-words)!.start : 0;
  const end = after.length > words ? after[words - 1]!.end : text.length;
  return clipQuote(text.slice(start, Math.max(end, to)).replace(/^[\s,;:]+|[\s,;:]+$/g, ''));
};

/** The words a hunk touches on one side as a quote with a little context, or the whole unit when it is short. */
const hunkQuote = (unit: VersionUnit, words: readonly Word[], anchor: Word | undefined): string => {
  if (unit.text.split(/\s+/).length <= 14) return clipQuote(unit.text);
  if (words.length === 0) return anchor ? excerpt(unit.text, anchor.index, anchor.index + anchor.text.length) : clipQuote(unit.text);
  const first = words[0]!;
  const last = words.at(-1)!;
  return excerpt(unit.text, first.index, last.index + last.text.length);
};

/** The first words of a sentence, as the subject a statement names ("ADOPTED this"). */
const lead = (text: string, upTo: number): string => {
  const words = text.slice(0, upTo).split(/\s+/).filter(Boolean);
  const taken = words.length >= 2 ? words.slice(0, 8) : text.split(/\s+/).slice(0, 6);
  return taken.join(' ').replace(/[\s,;:(]+$/, '');
};

/** A quote inside a statement, without the stop that ends it: the statement ends the sentence. */
const quoted = (text: string): string => `“${text.replace(/[\s.;,:]+$/u, '')}”`;

const span = (words: readonly Word[], text: string): string =>
  words.length === 0 ? '' : text.slice(words[0]!.index, words.at(-1)!.index + words.at(-1)!.text.length);

/** "rose from $1 to $2", "fell from …", "changed from …" for a pair of sums. */
const movement = (from: WrittenAmount | undefined, to: WrittenAmount | undefined): string => {
  if (!from || !to) return `changed from ${from ? say(from) : 'no amount'} to ${to ? say(to) : 'no amount'}`;
  const verb = to.value > from.value ? 'rose' : to.value < from.value ? 'fell' : 'stayed';
  return verb === 'stayed' ? `stayed at ${say(to)}` : `${verb} from ${say(from)} to ${say(to)}`;
};
const say = (amount: WrittenAmount): string => sayAmount(amount.value, amount.currency, amount.decimals);

/** An item's name in a statement: its label without its outline mark, with its heading when it is a sub-line. */
export const itemName = (unit: VersionUnit): string => {
  const label = unit.label.replace(/^(?:[A-Z]|\d{1,2}|[IVX]{1,4})[.,)]?\s+(?=\S)/, '').replace(/[:\s]+$/, '');
  return unit.heading && label.split(/\s+/).length <= 3 && !unit.heading.toLowerCase().includes(label.toLowerCase()) ? `${label} (${unit.heading})` : label;
};

const sameAmounts = (a: readonly WrittenAmount[], b: readonly WrittenAmount[]): boolean =>
  a.length === b.length && a.every((x, k) => x.value === b[k]!.value);

/** Every sum that differs is a misread digit of one version or the other. */
const misreadOnly = (before: VersionUnit, after: VersionUnit, reading: Reading): boolean =>
  before.amounts.length === after.amounts.length &&
  before.amounts.every((a, k) => {
    const b = after.amounts[k]!.value;
    return a.value === b || misread(b, a.value, reading.sums.after) || misread(a.value, b, reading.sums.before);
  });

/** An item both versions hold: a change when its amounts differ. */
export const itemChange = (before: VersionUnit, after: VersionUnit, reading: Reading, order: number): RankedChange | null => {
  if (sameAmounts(before.amounts, after.amounts) || misreadOnly(before, after, reading)) return null;
  const columns = after.columns ?? before.columns;
  const name = itemName(after);
  const parts = Array.from({ length: Math.max(before.amounts.length, after.amounts.length) }, (_, k) => ({
    column: columns?.[k]?.toLowerCase() ?? null,
    from: before.amounts[k],
    to: after.amounts[k],
  })).filter((p) => p.from?.value !== p.to?.value);
  const said = parts.map((p) => `${p.column ? `${p.column} ` : ''}${movement(p.from, p.to)}`).join('; ');
  const largest = Math.max(...before.amounts.map((a) => a.value), ...after.amounts.map((a) => a.value));
  return {
    type: 'amount',
    statement: `${name}: ${said}.`,
    before: { quote: clipQuote(before.text), page: before.page },
    after: { quote: clipQuote(after.text), page: after.page },
    weight: TOTAL_LINE.test(after.label) ? 5.5 : 2 + magnitude(largest),
    shift: Math.max(...parts.map((p) => Math.abs((p.to?.value ?? 0) - (p.from?.value ?? 0)))),
    order,
  };
};

/** An item or a sentence one version holds and the other does not. */
export const presenceChange = (unit: VersionUnit, side: 'before' | 'after', reading: Reading, order: number): RankedChange | null => {
  if (readableShare(unit.text, reading) < NOISE || scrawled(unit.text)) return null;
  if (unit.kind === 'prose' && foundElsewhere(wordsOf(unit.text), side, reading)) return null;
  const cited = { quote: clipQuote(unit.text), page: unit.page };
  if (unit.kind === 'item') {
    const amounts = unit.amounts.map(say).join(' and ');
    return {
      type: side === 'after' ? 'added' : 'removed',
      statement: side === 'after' ? `New line: ${itemName(unit)}, ${amounts}.` : `Line removed: ${itemName(unit)}, ${amounts}.`,
      [side]: cited,
      weight: 5,
      order,
    };
  }
  if (wordsOf(unit.text).filter((w) => readable(w, reading)).length < 3) return null;
  return {
    type: side === 'after' ? 'added' : 'removed',
    statement: `${side === 'after' ? 'Added' : 'Removed'}: ${quoted(clipQuote(unit.text, 160))}.`,
    [side]: cited,
    weight: 1.5,
    order,
  };
};

/** A sentence the later version writes in place of another one of the earlier version. */
export const replacementChange = (before: VersionUnit, after: VersionUnit, reading: Reading, order: number): RankedChange | null => {
  if ([before, after].some((u) => readableShare(u.text, reading) < NOISE || scrawled(u.text))) return null;
  return {
    type: 'reworded',
    statement: `${quoted(clipQuote(before.text, 120))} was replaced by ${quoted(clipQuote(after.text, 120))}.`,
    before: { quote: clipQuote(before.text), page: before.page },
    after: { quote: clipQuote(after.text), page: after.page },
    weight: 2.5,
    order,
  };
};

/**
 * A sentence both versions hold, written differently: changed dates, changed figures and changed words, each
 * one change. OCR's slips (a letter misread, a scrawl) are not changes.
 */
export const proseChanges = (before: VersionUnit, after: VersionUnit, reading: Reading, order: number, opening: boolean): RankedChange[] => {
  // A roll call's names are told as one vote (see voteChange); its dates are told like any other.
  const rollCall = ROLL_CALL.test(before.text) || ROLL_CALL.test(after.text);
  // Words one side seems to lack but the other version has whole elsewhere were cut apart differently, not changed:
  // their letters found elsewhere when they hold no figure, their letters and figures when they do.
  const found = (words: readonly Word[], side: 'before' | 'after') => words.length === 0 ||
    (hasFigure(words) ? foundWholeElsewhere(words, side, reading) : foundElsewhere(words, side, reading));
  const cutElsewhere = (h: Hunk) => (h.removed.length > 0 || h.added.length > 0) && found(h.removed, 'before') && found(h.added, 'after');
  // A sentence the other version's reading cut short ("District for the fiscal" / "…for the fiscal year beginning
  // July 1, 2019 and ending June 30, 2020"): its missing end is elsewhere in that version, not taken out.
  const beforeWords = wordsOf(before.text);
  const afterWords = wordsOf(after.text);
  const cutShort = (h: Hunk) =>
    (h.added.length === 0 && h.removed.at(-1) === beforeWords.at(-1) && !/[.;:!?)]\s*$/.test(after.text)) ||
    (h.removed.length === 0 && h.added.at(-1) === afterWords.at(-1) && !/[.;:!?)]\s*$/.test(before.text));
  const hunks = diffWords(beforeWords, afterWords).filter((h) => !cutElsewhere(h) && !cutShort(h));
  if (hunks.length === 0) return [];
  if (readableShare(before.text, reading) < NOISE && readableShare(after.text, reading) < NOISE) return [];
  const changes: RankedChange[] = [];
  const quotes = (h: Hunk) => ({
    before: { quote: hunkQuote(before, h.removed, h.added[0]), page: before.page },
    after: { quote: hunkQuote(after, h.added, h.removed[0]), page: after.page },
  });

  // Dates one version writes and the other does not, paired in order: "July 17, 2019" became "July 15, 2020".
  const datesBefore = findDates(ordinalsRead(before.text)).map((d) => d.iso);
  const datesAfter = findDates(ordinalsRead(after.text)).map((d) => d.iso);
  const onlyBefore = datesBefore.filter((d) => !datesAfter.includes(d));
  const onlyAfter = datesAfter.filter((d) => !datesBefore.includes(d));
  const dateHunks = hunks.filter((h) => hasFigure(h.removed) || hasFigure(h.added));
  const changedDates = onlyBefore.slice(0, onlyAfter.length).map((d, k) => [d, onlyAfter[k]!] as const);
  if (changedDates.length > 0) {
    const first = dateHunks[0] ?? hunks[0]!;
    const subject = lead(after.text, first.added[0]?.index ?? after.text.length);
    const said = changedDates.map(([a, b]) => `from ${sayDate(a)} to ${sayDate(b)}`).join(' and ');
    changes.push({ type: 'date', statement: `The date in “${subject}…” changed ${said}.`, ...quotes(first), weight: 4.5, order });
  }

  if (rollCall) return changes;
  const amountsChanged = !sameAmounts(before.amounts, after.amounts) && before.amounts.length > 0 && after.amounts.length > 0 && !misreadOnly(before, after, reading);
  if (amountsChanged) {
    const first = hunks.find((h) => h.removed.some((w) => /\d/.test(w.text))) ?? hunks[0]!;
    const subject = lead(after.text, first.added[0]?.index ?? after.text.length);
    const pairs = before.amounts.map((a, k) => [a, after.amounts[k]] as const).filter(([a, b]) => a.value !== b?.value);
    changes.push({ type: 'amount', statement: `“${subject}…”: ${pairs.map(([a, b]) => movement(a, b)).join('; ')}.`, ...quotes(first), weight: 2 + magnitude(Math.max(...after.amounts.map((a) => a.value))), order });
  }

  // Figures that are neither dates nor sums: an ordinance's number, a fiscal year, a count.
  // Words inside the dates and sums already told ("July" of "July 15, 2020") are no change of their own.
  const toldIn = (unit: VersionUnit) => {
    const ranges = [...(changedDates.length > 0 ? findDates(ordinalsRead(unit.text)) : []), ...(amountsChanged ? unit.amounts : [])]
      .map((r) => [r.index, r.index + r.text.length] as const);
    return (word: Word) => ranges.some(([from, to]) => word.index >= from && word.index < to);
  };
  const toldBefore = toldIn(before);
  const toldAfter = toldIn(after);
  const alreadyTold = (h: Hunk) => h.removed.every(toldBefore) && h.added.every(toldAfter);
  for (const h of hunks) {
    if (!hasFigure(h.removed) && !hasFigure(h.added)) continue;
    if (h.removed.every((w) => !isFigure(w) || toldBefore(w)) && h.added.every((w) => !isFigure(w) || toldAfter(w))) continue;
    const said = `${span(h.removed, before.text)} ${span(h.added, after.text)}`;
    if (readableShare(said, reading) < NOISE || scrawled(said)) continue;
    const q = quotes(h);
    changes.push({ type: 'number', statement: `${quoted(q.before.quote)} now reads ${quoted(q.after.quote)}.`, ...q, weight: opening ? 6 : 3, order });
  }

  // Words: what one version says and the other does not, beyond OCR's slips.
  const wordHunks = hunks.filter((h) => !hasFigure(h.removed) && !hasFigure(h.added) && !alreadyTold(h)).filter((h) => {
    const words = [...h.removed, ...h.added];
    const read = words.filter((w) => readable(w, reading));
    // On a scan, a few words found nowhere else in either version are OCR's reading of a signature or a stamp.
    const stray = (before.ocr || after.ocr) && h.removed.length <= 3 && h.added.length <= 3 && read.every((w) => !reading.known.has(w.folded));
    return !stray && !sameLetters(h) && !scrawled(`${span(h.removed, before.text)} ${span(h.added, after.text)}`) && read.some((w) => w.text.length >= 3 && !SHORT_WORDS.has(w.folded)) && read.length / words.length >= NOISE;
  });
  if (wordHunks.length > 0) {
    const h = wordHunks[0]!;
    const removed = span(h.removed, before.text);
    const added = span(h.added, after.text);
    const subject = clipQuote(after.text, 100);
    const statement = !added
      ? `Removed ${quoted(removed)} from ${quoted(subject)}.`
      : !removed
        ? `Added ${quoted(added)} to ${quoted(subject)}.`
        : `${quoted(quotes(h).before.quote)} now reads ${quoted(quotes(h).after.quote)}.`;
    // Who signs or votes is news: a change of names ranks above other wording.
    const names = [...h.removed, ...h.added].some((w) => /^\p{Lu}\p{Ll}+/u.test(w.text) && !reading.known.has(w.folded));
    changes.push({ type: 'reworded', statement, ...quotes(h), weight: opening ? 5.5 : names ? 3.5 : 2.5, order });
  }
  return changes;
};
