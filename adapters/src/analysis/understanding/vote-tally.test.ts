import { describe, expect, it } from 'vitest';
import { countNamed, findTally, sayTally } from './vote-tally.ts';

const tally = (text: string): string | null => {
  const found = findTally(text);
  return found ? sayTally(found) : null;
};

describe('findTally', () => {
  it('counts a roll call by the names on each side', () => {
    const rollCall = 'Roll call vote:\nAyes – DuRocher, Lezon, Picha, Richardson, Ruzicka, Stull, Warren\nNays – none\nAbsent – none\nMotion carried';
    expect(tally(rollCall)).toBe('7-0');
    expect(tally('Ayes: A, B, C. Nays: D.')).toBe('3-1');
    expect(tally('Rolf call vote:\nAyes — Trustees DuRocher, Picha, Richardson, Ruzicka and Warren\nNays — none\nAbstain — Trustee Stull\nAbsent — Trustee Lezon'))
      .toBe('5-0 with 1 abstention');
    expect(tally('AYES: Councilmembers Ortiz, Chen,\nWalker and Brooks\nNOES: Councilmember Diaz\nABSENT: None')).toBe('4-1');
  });

  it('skips an attendance list before the roll call', () => {
    expect(tally('ABSENT: Trustees Lezon\nMOTION: moved.\nAyes — Trustees A, B and C\nNays — none')).toBe('3-0');
  });

  it('reads counts written as figures', () => {
    expect(tally('The motion carried 6-0.')).toBe('6-0');
    expect(tally('The motion passed by a vote of 5 to 2, Council Members Lee and Park voting no.')).toBe('5-2');
    expect(tally('approved 4-1-1')).toBe('4-1 with 1 abstention');
    expect(tally('The tally of ballots shows 19 votes cast for and 17 against the Petitioner')).toBe('19-17');
  });

  it('does not take a numbered resolution or a date for a count', () => {
    expect(tally('The board approved Resolution 20-15 as presented.')).toBeNull();
    expect(tally('Minutes from 11/30/17 meeting approved')).toBeNull();
  });

  it('reads French and Spanish votes', () => {
    expect(tally('décide, par 15 voix « Pour » et 1 « Contre » :')).toBe('15-1');
    expect(tally('Le conseil municipal adopte à l’unanimité la modification du PLU.')).toBe('unanimously');
    expect(tally('Pour : 10, Contre : 2, Abstentions : 1')).toBe('10-2 with 1 abstention');
    expect(tally('Sometido el asunto a votación, se adopta por UNANIMIDAD de todos los Concejales')).toBe('unanimously');
    expect(tally('se aprueba con 7 votos a favor, 3 en contra y 1 abstención')).toBe('7-3 with 1 abstention');
    expect(tally('se aprueba por mayoría absoluta')).toBe('by a majority');
  });

  it('says unanimous when everyone voted aye', () => {
    expect(findTally('Voice vote:\nAyes – all\nNays – none')?.unanimous).toBe(true);
    expect(findTally('Ayes: 5, Nays: 2')?.unanimous).toBe(false);
  });

  it('finds nothing where no vote is written', () => {
    expect(findTally('Trustee Picha called the meeting to order at 7:03 p.m.')).toBeNull();
    expect(findTally('No. 07-1315')).toBeNull();
  });
});

describe('countNamed', () => {
  it('counts names, not titles', () => {
    expect(countNamed('Trustees DuRocher, Picha, Richardson, Ruzicka, Stull and Warren')).toBe(6);
    expect(countNamed('none')).toBe(0);
    expect(countNamed('all')).toBe('all');
    expect(countNamed('5')).toBe(5);
  });
});
