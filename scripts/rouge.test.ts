import { describe, expect, it } from 'vitest';
import { getScores, scoreBillSum, splitSentences } from './rouge.ts';

describe('rouge (pltrdy rouge 0.3.2 semantics)', () => {
  it('splits on "." only and normalises whitespace, keeping case and other punctuation', () => {
    expect(splitSentences('The Act.  Amends  title\nXVIII, (SSA).')).toEqual(['The Act', ' Amends title XVIII, (SSA)'.trim()]);
  });

  it('counts each distinct n-gram once', () => {
    const s = getScores('the cat the cat', 'the cat sat');
    // hyp unigrams {the, cat}; ref {the, cat, sat}: P = 1, R = 2/3.
    expect(s.rouge1.p).toBeCloseTo(1);
    expect(s.rouge1.r).toBeCloseTo(2 / 3);
    expect(s.rouge2.p).toBeCloseTo(1 / 2); // {the cat, cat the} vs {the cat, cat sat}
  });

  it('is case-sensitive, as the BillSum scores are', () => {
    expect(getScores('Tax', 'tax').rouge1.f).toBe(0);
  });

  it('scores ROUGE-L as the union LCS with F weighted by beta = P/R', () => {
    const s = getScores('a b c. x y', 'a b d. y');
    // union of LCS words over ref sentences: {a, b} ∪ {y} = 3; ref words {a,b,d,y} = 4, hyp words {a,b,c,x,y} = 5.
    expect(s.rougeL.r).toBeCloseTo(3 / 4);
    expect(s.rougeL.p).toBeCloseTo(3 / 5);
    const beta = 0.6 / 0.75;
    expect(s.rougeL.f).toBeCloseTo(((1 + beta ** 2) * 0.75 * 0.6) / (0.75 + beta ** 2 * 0.6));
  });

  it('cuts the summary at 2,000 characters before scoring', () => {
    const ref = 'alpha beta gamma';
    expect(scoreBillSum(`${'z '.repeat(1000)}alpha beta gamma`, ref)).toEqual([0, 0, 0]);
  });
});
