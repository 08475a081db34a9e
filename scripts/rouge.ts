/**
 * ROUGE-1/2/L F1 exactly as the `rouge` 0.3.2 Python package (pltrdy) computes it, the package the
 * BillSum paper's code pins (Kornilova & Eidelman 2019), so that our figures compare with the published
 * ones. /work/shared/tools/rouge_pltrdy.py is the reference this file is tested against. Deliberately
 * NOT "better" ROUGE: no lower-casing, no stemming, no punctuation stripping except ".", each distinct
 * n-gram counted once, and ROUGE-L as 0.3.2's summary-level union-LCS with its own F (beta = P/R).
 */

export interface RougeScore {
  f: number;
  p: number;
  r: number;
}
export interface RougeScores {
  rouge1: RougeScore;
  rouge2: RougeScore;
  rougeL: RougeScore;
}

/** Python's str.split() whitespace, which also counts the ASCII separators \x1c-\x1f. */
// eslint-disable-next-line no-control-regex -- the separators are the point: Python splits on them.
const PY_WHITESPACE = /[\s\x1c-\x1f\x85]+/;

/** 0.3.2 sentences: split on "." only, keep every non-empty piece, whitespace-normalised. */
export const splitSentences = (text: string): string[] =>
  text
    .split('.')
    .filter((piece) => piece.length > 0)
    .map((piece) => piece.split(PY_WHITESPACE).filter((w) => w.length > 0).join(' '));

/** Tokens of the concatenated sentences; a whitespace-only sentence yields one empty token, as in Python. */
const wordsOf = (sentences: string[]): string[] => sentences.flatMap((s) => s.split(' '));

const ngramSet = (n: number, words: string[]): Set<string> => {
  const set = new Set<string>();
  for (let i = 0; i + n <= words.length; i++) set.add(words.slice(i, i + n).join('\u0000'));
  return set;
};

const rougeN = (hyp: string[], ref: string[], n: number): RougeScore => {
  const h = ngramSet(n, wordsOf(hyp));
  const r = ngramSet(n, wordsOf(ref));
  let overlap = 0;
  for (const g of h) if (r.has(g)) overlap++;
  const p = h.size ? overlap / h.size : 0;
  const rc = r.size ? overlap / r.size : 0;
  return { f: 2 * ((p * rc) / (p + rc + 1e-8)), p, r: rc };
};

/** Word set of one LCS of x and y, with 0.3.2's traceback tie rule (up only when strictly greater). */
const lcsWords = (x: string[], y: string[]): string[] => {
  const n = x.length;
  const m = y.length;
  const width = m + 1;
  const t = new Uint32Array((n + 1) * width);
  for (let i = 1; i <= n; i++) {
    const xi = x[i - 1];
    for (let j = 1; j <= m; j++) {
      t[i * width + j] =
        xi === y[j - 1] ? t[(i - 1) * width + j - 1]! + 1 : Math.max(t[(i - 1) * width + j]!, t[i * width + j - 1]!);
    }
  }
  const out: string[] = [];
  let i = n;
  let j = m;
  while (i > 0 && j > 0) {
    if (x[i - 1] === y[j - 1]) {
      out.push(x[i - 1]!);
      i--;
      j--;
    } else if (t[(i - 1) * width + j]! > t[i * width + j - 1]!) i--;
    else j--;
  }
  return out;
};

const rougeLSummaryLevel = (hyp: string[], ref: string[]): RougeScore => {
  const m = new Set(wordsOf(ref)).size;
  const n = new Set(wordsOf(hyp)).size;
  const union = new Set<string>();
  const hypWords = hyp.map((s) => s.split(' '));
  for (const refSentence of ref) {
    const rw = refSentence.split(' ');
    for (const hw of hypWords) for (const w of lcsWords(rw, hw)) union.add(w);
  }
  const r = union.size / m;
  const p = union.size / n;
  const beta = p / (r + 1e-12);
  const f = ((1 + beta ** 2) * r * p) / (r + beta ** 2 * p + 1e-12);
  return { f, p, r };
};

const ZERO: RougeScore = { f: 0, p: 0, r: 0 };

/** `Rouge().get_scores(hyp, ref)[0]` of rouge 0.3.2; an empty side scores 0 where Python would raise. */
export const getScores = (hyp: string, ref: string): RougeScores => {
  const h = splitSentences(hyp);
  const r = splitSentences(ref);
  if (h.length === 0 || r.length === 0) return { rouge1: ZERO, rouge2: ZERO, rougeL: ZERO };
  return { rouge1: rougeN(h, r, 1), rouge2: rougeN(h, r, 2), rougeL: rougeLSummaryLevel(h, r) };
};

export interface BillSumScoreOptions {
  /** The BillSum paper cut every generated summary at 2,000 characters. */
  cut?: number;
  /** BillSum's released code calls get_scores(reference, summary): arguments swapped. Default true. */
  swap?: boolean;
}

/** F1 of ROUGE-1, -2 and -L for one pair, scored the BillSum way. */
export const scoreBillSum = (
  hypothesis: string,
  reference: string,
  { cut = 2000, swap = true }: BillSumScoreOptions = {},
): [number, number, number] => {
  const hyp = cut ? Array.from(hypothesis).slice(0, cut).join('') : hypothesis;
  const s = swap ? getScores(reference, hyp) : getScores(hyp, reference);
  return [s.rouge1.f, s.rouge2.f, s.rougeL.f];
};
