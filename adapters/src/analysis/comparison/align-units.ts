import type { VersionUnit } from './version-units.ts';

/** One step of an alignment: a unit of each version that say the same thing, or a unit of one version only. */
export type Aligned =
  | { before: number; after: number; similarity: number }
  | { before: number; after?: undefined }
  | { before?: undefined; after: number };

/** Below this share of words in common, two sentences are different sentences, not one reworded. */
const SAME_SENTENCE = 0.5;
/** Item labels are short: "Travel" against "Trustees" must not pair, "Coliection" against "Collection" must. */
const SAME_LABEL = 0.6;
/** A gap between anchors larger than this many unit pairs is aligned by a window, not cell by cell. */
const MAX_DP_CELLS = 250_000;
const WINDOW = 40;

const diceOf = (a: ReadonlySet<string>, b: ReadonlySet<string>): number => {
  if (a.size === 0 || b.size === 0) return 0;
  let common = 0;
  for (const token of a) if (b.has(token)) common++;
  return (2 * common) / (a.size + b.size);
};

/** Character bigrams of a label: close for "Coliection" and "Collection", far for "Travel" and "Trustees". */
const bigrams = (text: string): Set<string> => {
  // OCR confuses "l", "I", "1" and "|": "I.T." and "LT." are one label.
  const s = text.toLowerCase().replace(/[l1|]/g, 'i').replace(/[^\p{L}\p{N}]+/gu, '');
  const out = new Set<string>();
  for (let i = 0; i + 1 < s.length; i++) out.add(s.slice(i, i + 2));
  return out;
};

interface Prepared {
  unit: VersionUnit;
  key: string;
  words: Set<string>;
}

const prepare = (unit: VersionUnit): Prepared => ({
  unit,
  key: `${unit.kind}:${unit.tokens.join(' ')}`,
  words: unit.kind === 'item' ? bigrams(unit.label) : new Set(unit.tokens),
});

/** How alike two units are, 0 when they cannot be the same unit. */
const similarity = (a: Prepared, b: Prepared): number => {
  if (a.unit.kind !== b.unit.kind) return 0;
  const score = diceOf(a.words, b.words);
  return score >= (a.unit.kind === 'item' ? SAME_LABEL : SAME_SENTENCE) ? score : 0;
};

/**
 * Aligns two versions' units in order (ADR 0022): units written identically once in each version are
 * anchors, kept in the order both share (longest increasing run); between anchors, units pair by the most
 * words in common, in order. What is left is in one version only.
 */
export const alignUnits = (before: readonly VersionUnit[], after: readonly VersionUnit[]): Aligned[] => {
  const a = before.map(prepare);
  const b = after.map(prepare);
  const anchors = uniqueAnchors(a, b);
  const out: Aligned[] = [];
  let i = 0;
  let j = 0;
  for (const [ai, bj] of [...anchors, [a.length, b.length] as const]) {
    out.push(...alignGap(a, b, i, ai, j, bj));
    if (ai < a.length) out.push({ before: ai, after: bj, similarity: 1 });
    i = ai + 1;
    j = bj + 1;
  }
  return out;
};

/** How alike two units must be to be one unit moved elsewhere (a page's text read in another order). */
const MOVED = 0.8;
/** Beyond this many candidate pairs, moved units are looked for only among units that start alike. */
const MAX_MOVE_PAIRS = 1_000_000;

/**
 * Units left alone by the alignment that are one unit moved: pdf.js may read a page's blocks in another
 * order than OCR reads its scan, and an edited document may move a paragraph. Each pairs with its most
 * alike lone unit of the other version, at least MOVED alike, best pairs first.
 */
export const pairMoved = (before: readonly VersionUnit[], after: readonly VersionUnit[], steps: readonly Aligned[]): Aligned[] => {
  const loneBefore = steps.flatMap((s) => (s.after === undefined ? [s.before] : []));
  const loneAfter = steps.flatMap((s) => (s.before === undefined ? [s.after] : []));
  const a = new Map(loneBefore.map((i) => [i, prepare(before[i]!)]));
  const b = new Map(loneAfter.map((j) => [j, prepare(after[j]!)]));
  const opening = (p: Prepared) => `${p.unit.kind}:${p.unit.tokens.slice(0, 2).join(' ')}`;
  const bounded = loneBefore.length * loneAfter.length > MAX_MOVE_PAIRS;
  const candidates: Array<{ i: number; j: number; score: number }> = [];
  for (const [i, pa] of a) {
    for (const [j, pb] of b) {
      if (bounded && opening(pa) !== opening(pb)) continue;
      const score = similarity(pa, pb);
      if (score >= MOVED) candidates.push({ i, j, score });
    }
  }
  candidates.sort((x, y) => y.score - x.score);
  const moved = new Map<number, { after: number; similarity: number }>();
  const taken = new Set<number>();
  for (const { i, j, score } of candidates) {
    if (moved.has(i) || taken.has(j)) continue;
    moved.set(i, { after: j, similarity: score });
    taken.add(j);
  }
  return steps.flatMap((s): Aligned[] => {
    if (s.after === undefined && moved.has(s.before)) return [{ before: s.before, ...moved.get(s.before)! }];
    if (s.before === undefined && taken.has(s.after)) return [];
    return [s];
  });
};

/** Pairs of units written the same way exactly once in each version, in an order both versions keep. */
const uniqueAnchors = (a: readonly Prepared[], b: readonly Prepared[]): Array<readonly [number, number]> => {
  const count = (list: readonly Prepared[]) => {
    const seen = new Map<string, number[]>();
    list.forEach((p, index) => seen.set(p.key, [...(seen.get(p.key) ?? []), index]));
    return seen;
  };
  const inA = count(a);
  const inB = count(b);
  const pairs: Array<readonly [number, number]> = [];
  for (const [key, positions] of inA) {
    const other = inB.get(key);
    if (positions.length === 1 && other?.length === 1) pairs.push([positions[0]!, other[0]!]);
  }
  pairs.sort((x, y) => x[0] - y[0]);
  return longestIncreasing(pairs);
};

/** The longest run of pairs whose second positions increase too (patience sorting, n log n). */
const longestIncreasing = (pairs: ReadonlyArray<readonly [number, number]>): Array<readonly [number, number]> => {
  const tails: number[] = [];
  const previous: number[] = [];
  for (let k = 0; k < pairs.length; k++) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (pairs[tails[mid]!]![1] < pairs[k]![1]) lo = mid + 1;
      else hi = mid;
    }
    previous[k] = lo > 0 ? tails[lo - 1]! : -1;
    tails[lo] = k;
  }
  const run: Array<readonly [number, number]> = [];
  for (let k = tails.at(-1) ?? -1; k >= 0; k = previous[k]!) run.push(pairs[k]!);
  return run.reverse();
};

/**
 * Aligns the units between two anchors. A large gap is split first at the units unique within it (as
 * patience diff does); a small one is aligned cell by cell; a large one without such units, in a window
 * that moves along both versions at once.
 */
const alignGap = (a: readonly Prepared[], b: readonly Prepared[], i0: number, i1: number, j0: number, j1: number): Aligned[] => {
  const n = i1 - i0;
  const m = j1 - j0;
  if (n === 0) return Array.from({ length: m }, (_, k) => ({ after: j0 + k }));
  if (m === 0) return Array.from({ length: n }, (_, k) => ({ before: i0 + k }));
  if (n * m <= MAX_DP_CELLS) return alignCells(a, b, i0, i1, j0, j1);
  const inner = uniqueAnchors(a.slice(i0, i1), b.slice(j0, j1));
  if (inner.length === 0) return alignWindow(a, b, i0, i1, j0, j1);
  const out: Aligned[] = [];
  let i = i0;
  let j = j0;
  for (const [ai, bj] of [...inner.map(([x, y]) => [i0 + x, j0 + y] as const), [i1, j1] as const]) {
    out.push(...alignGap(a, b, i, ai, j, bj));
    if (ai < i1) out.push({ before: ai, after: bj, similarity: 1 });
    i = ai + 1;
    j = bj + 1;
  }
  return out;
};

/** Best total similarity in order, cell by cell (n·m at most MAX_DP_CELLS). */
const alignCells = (a: readonly Prepared[], b: readonly Prepared[], i0: number, i1: number, j0: number, j1: number): Aligned[] => {
  const n = i1 - i0;
  const m = j1 - j0;
  const scores = Array.from({ length: n }, (_, i) => Float64Array.from({ length: m }, (_, j) => similarity(a[i0 + i]!, b[j0 + j]!)));
  const table = Array.from({ length: n + 1 }, () => new Float64Array(m + 1));
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      const s = scores[i - 1]![j - 1]!;
      table[i]![j] = Math.max(table[i - 1]![j]!, table[i]![j - 1]!, s > 0 ? table[i - 1]![j - 1]! + s : 0);
    }
  }
  const steps: Aligned[] = [];
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    const s = i > 0 && j > 0 ? scores[i - 1]![j - 1]! : 0;
    if (s > 0 && table[i]![j] === table[i - 1]![j - 1]! + s) {
      steps.push({ before: i0 + i - 1, after: j0 + j - 1, similarity: s });
      i--;
      j--;
    } else if (j > 0 && (i === 0 || table[i]![j - 1] === table[i]![j])) {
      steps.push({ after: j0 + j - 1 });
      j--;
    } else {
      steps.push({ before: i0 + i - 1 });
      i--;
    }
  }
  return steps.reverse();
};

/** Greedy pairing within a window that follows both versions' positions: linear in the gap's length. */
const alignWindow = (a: readonly Prepared[], b: readonly Prepared[], i0: number, i1: number, j0: number, j1: number): Aligned[] => {
  const out: Aligned[] = [];
  let j = j0;
  for (let i = i0; i < i1; i++) {
    let best = -1;
    let bestScore = 0;
    for (let k = j; k < Math.min(j1, j + WINDOW); k++) {
      const s = similarity(a[i]!, b[k]!);
      if (s > bestScore) [best, bestScore] = [k, s];
    }
    if (best < 0) {
      out.push({ before: i });
      continue;
    }
    for (; j < best; j++) out.push({ after: j });
    out.push({ before: i, after: best, similarity: bestScore });
    j = best + 1;
  }
  for (; j < j1; j++) out.push({ after: j });
  return out;
};
