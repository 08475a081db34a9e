import type { ExtractedPage } from '@civicwatch/core/analysis/text-extractor.port.ts';
import { quoteOccursIn } from '@civicwatch/core/analysis/grounding.ts';
import { describe, expect, it } from 'vitest';
import { findVoteTallies } from './vote-tallies.ts';

const tallies = (text: string) => {
  const pages: ExtractedPage[] = [{ number: 1, text, ocr: false }];
  const facts = findVoteTallies(pages, Number.POSITIVE_INFINITY);
  for (const fact of facts) expect(quoteOccursIn(fact.quote, text), fact.quote).toBe(true);
  return facts.map((f) => f.statement);
};

describe('findVoteTallies', () => {
  it('reads a roll call vote of a legislature: the question, the tally and the result', () => {
    const text = `Roll Call Vote 117th Congress - 1st Session
Question: On Passage of the Bill (H.R. 3684 As Amended)
Vote Number: 314 Vote Date: August 10, 2021, 11:27 AM
Required For Majority: 1/2 Vote Result: Bill Passed
Vote Counts: YEAs 69
NAYs 30
Not Voting 1`;
    expect(tallies(text)).toEqual([
      'On “Passage of the Bill (H.R. 3684 As Amended)”, the vote was 69 yes and 30 no (1 absent or not voting); the result: passed.',
    ]);
  });

  it('reads the tallies of a council, in English, French and Spanish', () => {
    expect(tallies('AYES: 5 NOES: 2 ABSENT: 0 ABSTAIN: 0\nMotion carried.')).toEqual(['The vote was 5 yes and 2 no; the result: carried.']);
    expect(tallies('Pour : 12 Contre : 3 Abstentions : 1\nLa résolution est adoptée.')).toEqual([
      'The vote was 12 yes and 3 no (1 abstaining); the result: adoptée.',
    ]);
    expect(tallies('Votos a favor: 7, en contra: 2, abstenciones: 0. Queda aprobado.')).toEqual(['The vote was 7 yes and 2 no; the result: aprobado.']);
    expect(tallies('The ordinance passed by a vote of 6-1.')).toEqual(['The vote was 6 yes and 1 no; the result: passed.']);
  });

  it('reads the vote record of a city clerk\'s system', () => {
    const text = `File #: 20-0412 Version: 1
Action: adopted
Result: Pass
Aye: 6 Alderperson Ruiz, Alderperson Chen, Alderperson Ito, Alderperson Park, Alderperson Webb, Alderperson Diaz
Nay: 1 Alderperson Lopez`;
    expect(tallies(text)).toEqual(['The vote was 6 yes and 1 no; the result: adopted.']);
  });

  it('counts a roll call that states no tally, and says it is a count', () => {
    const text = 'ROLL CALL\nAlvarez (Ward 1) ........ Yea\nBrown (Ward 2) ........ Yea\nChen ........ Nay\nDiaz ........ Yea\nEvans ........ Absent\nFord ........ Yea';
    expect(tallies(text)).toEqual(['By our count of the roll call, the vote was 4 yes and 1 no (1 absent or not voting).']);
  });

  it('finds no tally in prose that uses the words otherwise', () => {
    expect(tallies('The permit is valid for 5 years. There is no 3-day waiting period, and those opposed may appeal within 10 days.')).toEqual([]);
  });
});
