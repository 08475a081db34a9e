import { isFormality } from './document-patterns.ts';
import type { TextUnit } from './sentence-segmenter.ts';

export type SparseVector = Map<string, number>;

/** TF-IDF vectors of units (sentences are the "documents" of the IDF), L2-normalised. */
export class TermSpace {
  private readonly idf = new Map<string, number>();
  private readonly defaultIdf: number;

  constructor(units: ReadonlyArray<{ terms: string[] }>) {
    const df = new Map<string, number>();
    for (const u of units) for (const t of new Set(u.terms)) df.set(t, (df.get(t) ?? 0) + 1);
    const n = Math.max(1, units.length);
    for (const [t, d] of df) this.idf.set(t, Math.log((n + 1) / (d + 0.5)));
    this.defaultIdf = Math.log((n + 1) / 0.5);
  }

  vector(terms: readonly string[]): SparseVector {
    const v: SparseVector = new Map();
    for (const t of terms) v.set(t, (v.get(t) ?? 0) + 1);
    let norm = 0;
    for (const [t, tf] of v) {
      const w = (1 + Math.log(tf)) * (this.idf.get(t) ?? this.defaultIdf);
      v.set(t, w);
      norm += w * w;
    }
    norm = Math.sqrt(norm);
    if (norm > 0) for (const [t, w] of v) v.set(t, w / norm);
    return v;
  }
}

export const cosine = (a: SparseVector, b: SparseVector): number => {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [t, w] of small) {
    const o = large.get(t);
    if (o !== undefined) dot += w * o;
  }
  return dot;
};

/** Weighted PageRank over a dense similarity matrix (TextRank / continuous LexRank). */
const pageRank = (sim: Float64Array, n: number, damping = 0.85, iterations = 40): Float64Array => {
  const outSum = new Float64Array(n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) outSum[i]! += sim[i * n + j]!;
  let rank = new Float64Array(n).fill(1 / n);
  for (let it = 0; it < iterations; it++) {
    const next = new Float64Array(n).fill((1 - damping) / n);
    for (let i = 0; i < n; i++) {
      if (outSum[i] === 0) {
        // A sentence sharing no word with any other spreads its rank evenly, so no rank leaks out.
        for (let j = 0; j < n; j++) next[j]! += (damping * rank[i]!) / n;
        continue;
      }
      const share = (damping * rank[i]!) / outSum[i]!;
      for (let j = 0; j < n; j++) {
        const w = sim[i * n + j]!;
        if (w > 0) next[j]! += share * w;
      }
    }
    rank = next;
  }
  return rank;
};

/** Headings of bills and ordinances whose content rarely belongs in a summary of what the text does. */
const BACKGROUND_HEADING = /\b(FINDINGS?|PURPOSES?|SENSE OF (THE )?(CONGRESS|SENATE|HOUSE)|DEFINITIONS?|TABLE OF CONTENTS|RULE OF CONSTRUCTION|SEVERABILITY|WHEREAS)\b/;
const SHORT_TITLE = /\bmay be cited as\b/i;
/** Enacting clauses, the "Be it enacted" and "Congress finds as follows" kind: they announce, not say. */
const ANNOUNCING = /^(?:\(\w+\)\s*)?(?:the congress finds|be it (?:further )?(?:enacted|ordained|resolved)|now,? therefore|in general\.?--$)/i;

export interface RankOptions {
  /** The document title and its first headings, whose words a summary usually shares. */
  titleTerms: string[];
  /** Lemmas of a citizen's custom focus: sentences about it rank higher. */
  focusTerms?: string[];
  weights?: Partial<RankWeights>;
}

/** Weights of the score's features, chosen on the BillSum dev bills (`npm run bench:quality`). */
export interface RankWeights {
  centrality: number;
  title: number;
  position: number;
  /** How fast position decays: exp(-decay × place in the document, 0 … 1). */
  decay: number;
  /** Multiplier for sentences under findings, definitions and the like. */
  background: number;
  shortTitle: number;
}
export const defaultRankWeights: RankWeights = { centrality: 0.45, title: 0.55, position: 0.3, decay: 3, background: 0.45, shortTitle: 0.6 };

export interface RankedUnit {
  unit: TextUnit;
  score: number;
  vector: SparseVector;
}

/** Units that can be summary sentences: prose with enough words, not repeated page furniture. */
export const isCandidate = (u: TextUnit): boolean =>
  u.kind === 'prose' &&
  u.wordCount >= 5 &&
  u.terms.length >= 2 &&
  !(u.wordCount < 12 && ANNOUNCING.test(u.text)) &&
  !isFormality(u.text) &&
  !isTitleLine(u.text);

/**
 * A running title in Title Case ("Minutes of the Regular Board of Trustees Meeting"): OCR misreads it a
 * little differently on each page, so it escapes the boilerplate check, but it is no sentence.
 */
export const isTitleLine = (text: string): boolean => {
  // Rows of a table (names with amounts or dates) are data, and sentences end in a stop.
  if (/[.!?;:]["”’)]*$/.test(text) || /\d/.test(text)) return false;
  const long = text.match(/[\p{L}][\p{L}'’-]{3,}/gu) ?? [];
  return long.length >= 3 && long.length <= 12 && long.every((w) => /^\p{Lu}/u.test(w));
};

/** Recitals explain why; the operative part that follows says what. */
const RECITAL = /^\s*(?:WHEREAS|Whereas)\b/;
const OPERATIVE = /^\s*(?:now,? therefore,? )?be it (?:further )?(?:ordained|resolved|enacted)|^\s*now,? therefore\b/i;
/** Publication and effect clauses close every ordinance and say little of it (signatures and certifications are no candidates at all). */
const FORMALITY = /\b(?:full force and effect|duly (?:qualified|adopted|elected)|shall be published in|pamphlet form|is hereby repealed to the extent|severab\w+)\b/i;
export const isClosingClause = (text: string): boolean => FORMALITY.test(text);

/** Graph ranking is O(n²); beyond this many candidates only the best by a cheap score enter the graph. */
const MAX_GRAPH = 600;

/**
 * Scores candidate units: graph centrality (how much of the document a sentence speaks for), similarity
 * to the title, position (documents, bills above all, say what they do first), prose quality, and the
 * section it sits in (findings and definitions explain, they do not decide). Returns best first.
 */
export const rankUnits = (units: readonly TextUnit[], options: RankOptions): RankedUnit[] => {
  const candidates = units.filter(isCandidate);
  if (candidates.length === 0) return [];
  const space = new TermSpace(candidates);
  const vectors = candidates.map((u) => space.vector(u.terms));
  const title = space.vector(options.titleTerms);
  const focus = options.focusTerms?.length ? space.vector(options.focusTerms) : null;
  const w = { ...defaultRankWeights, ...options.weights };

  const lastId = Math.max(1, units[units.length - 1]!.id);
  const prior = candidates.map((u, i) => {
    const position = Math.exp((-w.decay * u.id) / lastId);
    const quality = Math.min(1, u.stopWordRatio / 0.3) * Math.min(1, u.wordCount / 12);
    let weight = 0.35 + 0.65 * quality;
    if ((u.heading && BACKGROUND_HEADING.test(u.heading)) || RECITAL.test(u.text)) weight *= w.background;
    if (OPERATIVE.test(u.text)) weight *= 1.4;
    if (FORMALITY.test(u.text)) weight *= 0.5;
    if (u.wordCount > 80) weight *= 0.9;
    return { i, position, weight, titleSim: cosine(vectors[i]!, title), focusSim: focus ? cosine(vectors[i]!, focus) : 0 };
  });

  // Centroid similarity is the cheap stand-in for centrality that picks who enters the graph.
  const centroid: SparseVector = new Map();
  for (const v of vectors) for (const [t, w] of v) centroid.set(t, (centroid.get(t) ?? 0) + w);
  const cheap = prior.map((p) => (cosine(vectors[p.i]!, centroid) / candidates.length + p.titleSim + p.position) * p.weight);
  const inGraph = prior
    .map((p) => p.i)
    .sort((a, b) => cheap[b]! - cheap[a]!)
    .slice(0, MAX_GRAPH);

  const n = inGraph.length;
  const sim = new Float64Array(n * n);
  for (let a = 0; a < n; a++) {
    for (let b = a + 1; b < n; b++) {
      const s = cosine(vectors[inGraph[a]!]!, vectors[inGraph[b]!]!);
      if (s > 0.05) {
        sim[a * n + b] = s;
        sim[b * n + a] = s;
      }
    }
  }
  const rank = pageRank(sim, n);
  let maxRank = 0;
  for (const r of rank) maxRank = Math.max(maxRank, r);

  const ranked = inGraph.map((i, k) => {
    const p = prior[i]!;
    const centrality = maxRank > 0 ? rank[k]! / maxRank : 0;
    const u = candidates[i]!;
    let score = (w.centrality * centrality + w.title * p.titleSim + w.position * p.position + 0.6 * p.focusSim) * p.weight;
    if (SHORT_TITLE.test(u.text)) score += w.shortTitle;
    return { unit: u, score, vector: vectors[i]! };
  });
  return ranked.sort((a, b) => b.score - a.score || a.unit.id - b.unit.id);
};

/**
 * Picks summary sentences best first until `budget` characters, skipping any too similar to one already
 * chosen (redundancy removal, as in MMR), and returns them in document order.
 */
export const selectSummary = (ranked: readonly RankedUnit[], budget: number, maxSimilarity = 0.55): RankedUnit[] => {
  const chosen: RankedUnit[] = [];
  let used = 0;
  for (const candidate of ranked) {
    if (used >= budget) break;
    if (chosen.some((c) => cosine(c.vector, candidate.vector) > maxSimilarity)) continue;
    const length = candidate.unit.text.length + 1;
    // A sentence that would overrun the budget by much is skipped for a shorter one further down.
    if (chosen.length > 0 && used + length > budget * 1.15) continue;
    chosen.push(candidate);
    used += length;
  }
  return chosen.sort((a, b) => a.unit.id - b.unit.id);
};
