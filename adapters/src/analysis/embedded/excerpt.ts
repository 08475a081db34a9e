import type { TextUnit } from './sentence-segmenter.ts';

/** Quotes are a sentence or its opening span: long enough to find, short enough to show. */
const MAX_QUOTE = 300;
/** Longest list item: a long sentence is cut at a word and ends in an ellipsis. */
const MAX_ITEM = 360;

/** The opening of a unit's text, cut at a word boundary: still verbatim text of its page. */
export const quoteOf = (unit: TextUnit): string => {
  if (unit.text.length <= MAX_QUOTE) return unit.text;
  const cut = unit.text.lastIndexOf(' ', MAX_QUOTE);
  return unit.text.slice(0, cut > MAX_QUOTE / 2 ? cut : MAX_QUOTE).trim();
};

export const shorten = (text: string, max = MAX_ITEM): string => {
  if (text.length <= max) return text;
  const cut = text.lastIndexOf(' ', max - 1);
  return `${text.slice(0, cut > max / 2 ? cut : max - 1).replace(/[,;:]$/, '')}…`;
};

/** A span of a sentence: verbatim, so that it can be quoted, and whether it starts or ends the sentence. */
export interface Excerpt {
  text: string;
  atStart: boolean;
  atEnd: boolean;
}

/** Where a clause may begin: after a semicolon, colon, comma or dash and its space. */
const BOUNDARY = /[;:,]\s+|\s+[—–]\s+|\s+--\s*/g;

/**
 * The clauses of `text` around `[index, index + length)`: the clause holding the match, grown by whole
 * clauses (after it first, since legal sentences put their verb last: "…, a special tax of .02% …, shall be
 * levied …") until it reads as a statement of at least `min` characters, and cut at a word near the match
 * when longer than `max`. A sentence already shown elsewhere is pointed at by the words that matter.
 */
export const excerptAround = (text: string, index: number, length: number, min = 90, max = 240): Excerpt => {
  const starts = [0, ...[...text.matchAll(BOUNDARY)].map((m) => m.index + m[0].length)];
  const ends = [...[...text.matchAll(BOUNDARY)].map((m) => m.index), text.length];
  let s = starts.filter((x) => x <= index).pop() ?? 0;
  let e = ends.find((x) => x >= index + length) ?? text.length;
  while (e - s < min) {
    const next = ends.find((x) => x > e);
    const previous = starts.filter((x) => x < s).pop();
    if (next !== undefined && next - s <= max) e = next;
    else if (previous !== undefined && e - previous <= max) s = previous;
    else break;
  }
  if (e - s > max) {
    // One clause longer than `max`: a window of words around the match.
    const from = Math.max(s, index - Math.floor((max - length) / 3));
    const wordStart = from === s ? s : text.indexOf(' ', from) + 1 || from;
    const to = Math.min(e, wordStart + max);
    const wordEnd = to === e ? e : Math.max(text.lastIndexOf(' ', to), index + length);
    s = wordStart;
    e = wordEnd;
  }
  const span = text.slice(s, e).replace(/[\s,;:—–-]+$/, '').trim();
  return { text: span, atStart: s === 0, atEnd: e >= text.replace(/[\s.;:,]+$/, '').length };
};

/** How an excerpt reads in a list: an ellipsis where the sentence goes on. */
export const showExcerpt = (excerpt: Excerpt): string =>
  `${excerpt.atStart ? '' : '…'}${excerpt.text}${excerpt.atEnd ? '' : '…'}`;
