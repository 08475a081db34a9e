import { describe, expect, it } from 'vitest';
import { quoteOccursIn } from '@civicwatch/core/analysis/grounding.ts';
import type { DocumentLanguage } from '@civicwatch/core/contracts/analysis-result.contract.ts';
import type { FinderInput } from './finder.ts';
import { findLawFacts } from './law-facts.ts';

const english: DocumentLanguage = { code: 'en', name: 'English' };
const input = (texts: string[], overrides: Partial<FinderInput> = {}): FinderInput => ({
  pages: texts.map((text, i) => ({ number: i + 1, text, ocr: false })),
  kind: 'ordinance',
  language: english,
  date: null,
  deadline: Number.POSITIVE_INFINITY,
  ...overrides,
});

/** Every fact rests on a quote found on its page. */
const grounded = (i: FinderInput) => {
  const facts = findLawFacts(i);
  for (const f of facts) expect(quoteOccursIn(f.quote, i.pages.find((p) => p.number === f.page)!.text), f.quote).toBe(true);
  return facts;
};

describe('findLawFacts', () => {
  it('says what a levy ordinance levies, for what and which year, when it takes effect and how it was adopted (corpus excerpt)', () => {
    const facts = grounded(input([
      'NOW, THEREFORE, BE IT ORDAINED AND DETERMINED by the Board of Trustees of\nthe Warrenville Public Library District that for the purchase of sites and buildings, the rental of buildings\n' +
        'required for library purposes, and maintenance, repairs, and alterations of library\nbuildings and equipment, a special tax of .02% of the value of all taxable property in the District as\n' +
        'equalized or assessed, shall be levied for the fiscal year 2020-2021.\nFURTHER, this Ordinance shall be in full force and effect from and after its adoption as\nprovided by law.\n',
      'ADOPTED this 15 th day of July 2020, pursuant to a roll call vote as follows:\n\nAYES: DuRocher, Lezon, Picha, Richardson, Ruzicka, Stull, Warren\nNAYS: -None-\nABSENT: -None-\n',
    ]));
    expect(facts.map((f) => [f.type, f.statement])).toEqual([
      ['rate', 'The Board levies a special tax of .02% of the value of all taxable property for fiscal year 2020-2021 for maintenance, repairs, and alterations of library buildings and equipment.'],
      ['date', 'It takes effect as soon as it is adopted.'],
      ['vote', 'It was adopted on July 15, 2020, 7 to 0.'],
    ]);
  });

  it('states penalties, effective dates and obligations of a county ordinance in plain words', () => {
    const facts = grounded(input([
      'BE IT ENACTED by the Board of Commissioners of Lane County, Oregon, as follows:\n' +
        'Section 1. Every owner of a short-term rental shall register the rental with the County Assessor before advertising it.\n' +
        'Section 2. Any person who violates this ordinance shall be subject to a fine of not less than $250 nor more than $1,000 for each offense.\n' +
        'Section 3. This ordinance shall take effect on January 1, 2024.\n',
    ]));
    const statements = facts.map((f) => f.statement);
    expect(statements).toContain('Every owner of a short-term rental must register the rental with the County Assessor before advertising it.');
    expect(statements).toContain('Breaking this rule can bring a fine of $250 to $1,000.');
    expect(statements).toContain('It takes effect on January 1, 2024.');
  });

  it('says "changes X to Y" for a bill that strikes and inserts, and names the bill by its short title', () => {
    const facts = grounded(input([
      'SECTION 1. SHORT TITLE.\n\n    This Act may be cited as the ``Seniors\' Tax Relief Act of 2002\'\'.\n\nSEC. 2. RATE.\n\n' +
        '    Section 86(a)(2) of the Internal Revenue Code of 1986 is amended by striking ``85 percent\'\' and inserting ``50 percent\'\'.\n',
    ], { kind: 'bill' }));
    expect(facts.map((f) => f.statement)).toEqual(['It is called the Seniors\' Tax Relief Act of 2002.', 'It changes "85 percent" to "50 percent".']);
  });

  it('finds the comment deadline of a proposed rule and what the agency proposes, under its short name', () => {
    const facts = grounded(input([
      'AGENCY: Federal Aviation Administration (FAA), DOT.\nACTION: Notice of proposed rulemaking (NPRM).\n' +
        'SUMMARY: The FAA proposes to supersede Airworthiness Directive 2018-23-51 for all The Boeing Company Model 737-8 and 737-9 airplanes.\n' +
        'DATES: We must receive comments on this proposed AD by September 21, 2020.\n',
    ], { kind: 'rule' }));
    expect(facts.map((f) => [f.type, f.statement])).toEqual([
      ['decision', 'The FAA proposes to supersede Airworthiness Directive 2018-23-51 for all The Boeing Company Model 737-8 and 737-9 airplanes.'],
      ['deadline', 'Comments must be received by September 21, 2020.'],
    ]);
  });

  it('reads a French by-law\'s schedule, quoting its own words, and its final adoption date (corpus excerpt)', () => {
    const facts = grounded(input([
      'Contribution par unité 5 308 $\n\nARTICLE 11 : Entrée en vigueur\n\nAvis de motion 21 février 2022\nAdoption du projet 21 mars 2022\nAdoption du règlement 19 avril 2022\nEntrée en vigueur 11 mai 2022\n',
    ], { language: { code: 'fr', name: 'French' } }));
    const statements = facts.map((f) => f.statement);
    expect(statements).toContain('It sets 5 308 $ ("Contribution par unité").');
    expect(statements).toContain('It takes effect on May 11, 2022.');
    expect(statements).toContain('It was adopted on April 19, 2022.');
  });

  it('finds nothing in minutes, a table or a blank form, and says nothing a recital only explains', () => {
    expect(findLawFacts(input(['The meeting was called to order at 7 p.m.'], { kind: 'minutes' }))).toEqual([]);
    expect(findLawFacts(input(['Name: ________\nAddress: ________\nSignature: ________'], { kind: null }))).toEqual([]);
    expect(findLawFacts(input(['WHEREAS, the amount of said special tax is .02% of the value of all taxable property; and']))).toEqual([]);
  });
});
