import { describe, expect, it } from 'vitest';
import { asSentence, clip, plainWords } from './plain-words.ts';
import { pageSentences } from './sentences.ts';

describe('pageSentences', () => {
  it('joins a wrapped paragraph, keeps headings apart and does not cut after an abbreviation', () => {
    const text = 'SEC. 2. FINDINGS.\n\n    The Congress finds that Section 1867 of the Social Security Act (42 U.S.C.\n1395dd) requires care. Mr. J. Smith agreed.\nMINUTES\nThe Board met.';
    expect(pageSentences([{ number: 3, text, ocr: false }]).map((s) => s.text)).toEqual([
      'SEC. 2.',
      'FINDINGS.',
      'The Congress finds that Section 1867 of the Social Security Act (42 U.S.C. 1395dd) requires care.',
      'Mr. J. Smith agreed.',
      'MINUTES',
      'The Board met.',
    ]);
  });

  it('cuts a line of a megabyte into pieces instead of reading it as one sentence', () => {
    const sentences = pageSentences([{ number: 1, text: 'word '.repeat(200_000), ocr: false }]);
    expect(sentences.length).toBeGreaterThan(1);
    expect(sentences.every((s) => s.text.length <= 1200)).toBe(true);
  });
});

describe('plain words', () => {
  it('says legal phrasings plainly and makes one sentence of a statement', () => {
    expect(asSentence(plainWords('the Secretary shall hereby, pursuant to said Act, commence a program prior to a annual review'))).toBe(
      'The Secretary must, under the Act, start a program before an annual review.',
    );
    expect(asSentence('a tax of .02 %')).toBe('A tax of .02 %.');
  });

  it('cuts a long statement at a clause boundary', () => {
    const long = `The Board approves the plan, ${'and the district adopts every measure in it '.repeat(6)}`;
    expect(clip(long).split(/\s+/).length).toBeLessThanOrEqual(32);
  });
});
