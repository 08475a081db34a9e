/** A word of a unit's text: where it is, and the form two versions' words are compared in. */
export interface Word {
  text: string;
  index: number;
  folded: string;
}

/** One place where two versions of a sentence differ: the words of each side (either may be empty). */
export interface Hunk {
  removed: Word[];
  added: Word[];
}

// "15 th" (a raised ordinal read apart) is one word, as "15th" is.
const WORD = /\d{1,2} (?:st|nd|rd|th)\b|[\p{L}\p{N}]+(?:[.,/%'’-][\p{L}\p{N}]+)*%?|\/s\//gu;

/** The words of a text, "l"/"1"/"|" and "0"/"O" folded inside words as OCR confuses them. */
export const wordsOf = (text: string): Word[] =>
  [...text.matchAll(WORD)].map((m) => {
    const lower = m[0].normalize('NFKC').toLowerCase();
    const folded = /\p{L}/u.test(lower) && /^[\p{L}01|]+$/u.test(lower) || lower === '1' ? lower.replace(/[1|l]/g, 'i').replace(/0/g, 'o') : lower;
    return { text: m[0], index: m.index, folded: folded.replace(/(\d) ?(?:st|nd|rd|th|%)$/u, '$1') };
  });

/** Edit distance of two short strings, stopping early past `limit`. */
const editDistance = (a: string, b: string, limit: number): number => {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      best = Math.min(best, next[j]!);
    }
    if (best > limit) return limit + 1;
    row = next;
  }
  return row[b.length]!;
};

/**
 * Two words read as the same word: equal once folded, or words of letters one OCR slip apart ("Coliection",
 * "Collection"; two slips in long words). Figures must be equal: a changed digit is a changed amount.
 */
export const sameWord = (a: string, b: string): boolean => {
  if (a === b) return true;
  if (/\d/.test(a) || /\d/.test(b)) return false;
  const longest = Math.max(a.length, b.length);
  if (longest < 4) return false;
  return editDistance(a, b, longest >= 8 ? 2 : 1) <= (longest >= 8 ? 2 : 1);
};

/** Longest sentence compared word by word; beyond it the rest is compared as one block. */
const MAX_WORDS = 400;

/** Where two versions of a sentence differ, word by word (longest common subsequence of words). */
export const diffWords = (before: readonly Word[], after: readonly Word[]): Hunk[] => {
  const a = before.slice(0, MAX_WORDS);
  const b = after.slice(0, MAX_WORDS);
  const n = a.length;
  const m = b.length;
  const table = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      table[i]![j] = sameWord(a[i]!.folded, b[j]!.folded) ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
    }
  }
  const hunks: Hunk[] = [];
  let current: Hunk = { removed: [], added: [] };
  const close = () => {
    if (current.removed.length > 0 || current.added.length > 0) hunks.push(current);
    current = { removed: [], added: [] };
  };
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && sameWord(a[i]!.folded, b[j]!.folded)) {
      close();
      i++;
      j++;
    } else if (j < m && (i === n || table[i]![j + 1]! >= table[i + 1]![j]!)) {
      current.added.push(b[j++]!);
    } else {
      current.removed.push(a[i++]!);
    }
  }
  close();
  if (before.length > MAX_WORDS || after.length > MAX_WORDS) {
    const restA = before.slice(MAX_WORDS);
    const restB = after.slice(MAX_WORDS);
    if (restA.map((w) => w.folded).join(' ') !== restB.map((w) => w.folded).join(' ')) hunks.push({ removed: restA, added: restB });
  }
  return hunks;
};
