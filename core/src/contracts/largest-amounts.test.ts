import { describe, expect, it } from 'vitest';
import type { Fact } from './analysis-result.contract.ts';
import { CHARTED_AMOUNTS, largestAmounts } from './largest-amounts.ts';

const fact = (statement: string, quote: string, page: number, type: Fact['type'] = 'amount'): Fact => ({ type, statement, quote, page, verified: true });

// The facts below are the embedded analyzer's, word for word, from `civicwatch analyze --json` of ../shared/corpus.

/** wpld-fy21-working-budget.pdf: a table of a library district's budget, its figures without a currency sign. */
const workingBudget = [
  fact('Total income is 2,190,384 (FY21 Budget).', 'TOTAL INCOME 98.68% 2,190,384', 2),
  fact(
    'Of total income, the largest line is Property Taxes: 1,941,588 (88.6% of the total); next come Developer Donations (169,450) and Hotel/Motel Tax Grant (21,446).',
    'Property Taxes 88.64% 1,941,588',
    2,
  ),
  fact('Total expenditures are 2,140,428 (FY21 Budget).', 'Total Expenditures 99.4% 2,140,428', 2),
  fact(
    'Of total expenditures, the largest line is Salaries: 950,000 (44.4% of the total); next come Library Materials - Books, A/V, Periodicals, Online (177,200) and Debt Service (169,452).',
    'Salaries 44.4% 950,000',
    2,
  ),
  fact('Income less Expenditures comes to 49,956.', 'Income less Expenditures 49,956', 2),
];

/** wpld-ordinance-20-21-01-tentative-budget.pdf: a budget and appropriation ordinance. */
const tentativeBudget = [
  fact('Total budget expenses are $3,555,000, and the lines add up to it.', 'TOTAL BUDGET EXPENSES $3,555,000', 4),
  fact(
    'Of total budget expenses, the largest line is Salaries: $1,065,000 (30% of the total); next come Library Materials ($290,000) and Working Cash Fund ($250,000).',
    'Salaries $1,065,000',
    1,
  ),
  fact(
    'Tax revenue is estimated at $1,941,588.',
    'The estimated amount of taxes to be received by the WARRENVILLE PUBLIC LIBRARY DISTRICT during the fiscal year is $1,941,588',
    4,
  ),
];

/** chicago-ssa21-minutes-2018-01-29.pdf: minutes that report a budget in sentences. */
const minutes = [
  fact('The minutes report: "In 2018, the SSA has spent $6,927 of its $270,143 budget".', 'o In 2018, the SSA has spent $6,927 of its $270,143 budget', 1),
  fact('The minutes report: "In 2017, the SSA spent $210,783 of its $246,394 budget".', 'o In 2017, the SSA spent $210,783 of its $246,394 budget', 1),
  fact(
    'The minutes report: "In 2017, the SSA received $239,503 out of $242,994 in expected taxes".',
    'o In 2017, the SSA received $239,503 out of $242,994 in expected taxes',
    1,
  ),
];

const bars = (facts: readonly Fact[]) => largestAmounts(facts).map(({ label, value, written, fact: { page } }) => ({ label, value, written, page }));

describe('largest amounts of a document', () => {
  it('reads a budget table\'s amounts from the quoted rows, largest first, each labelled with its row\'s words', () => {
    expect(bars(workingBudget)).toEqual([
      { label: 'Total Income', value: 2_190_384, written: '2,190,384', page: 2 },
      { label: 'Total Expenditures', value: 2_140_428, written: '2,140,428', page: 2 },
      { label: 'Property Taxes', value: 1_941_588, written: '1,941,588', page: 2 },
      { label: 'Salaries', value: 950_000, written: '950,000', page: 2 },
      { label: 'Income less Expenditures', value: 49_956, written: '49,956', page: 2 },
    ]);
  });

  it('labels an amount quoted in a sentence with the shorter of the statement and the quote that state it', () => {
    expect(bars(tentativeBudget)).toEqual([
      { label: 'Total Budget Expenses', value: 3_555_000, written: '$3,555,000', page: 4 },
      { label: 'Tax revenue is estimated at $1,941,588', value: 1_941_588, written: '$1,941,588', page: 4 },
      { label: 'Salaries', value: 1_065_000, written: '$1,065,000', page: 1 },
    ]);
    // A few words and an amount may still be a sentence, not a table's row.
    const sentences = bars([...tentativeBudget.slice(0, 2), fact('The levy comes to $800,000.', 'the levy is $800,000', 2)]);
    expect(sentences.map((bar) => bar.label)).toEqual(['Total Budget Expenses', 'Salaries', 'the levy is $800,000']);
    // The minutes' own words are shorter than the statement around them; a list's bullet is no part of them.
    expect(bars(minutes).map((bar) => [bar.label, bar.written])).toEqual([
      ['In 2017, the SSA received $239,503 out of $242,994 in expected taxes', '$239,503'],
      ['In 2017, the SSA spent $210,783 of its $246,394 budget', '$210,783'],
      ['In 2018, the SSA has spent $6,927 of its $270,143 budget', '$6,927'],
    ]);
  });

  it('takes the amount the quote shows, not a sum the statement works out from the rows', () => {
    // senate-expenditures.pdf: two facts quote the same row; their statements give a computed total and a share.
    const senate = [
      fact('By our count, the 32 entries listed add up to $181,736.98; no total is printed.', '37,499.96 DISTRICT DIRECTOR BAIN, J MATTHEW', 1),
      fact(
        'The largest entry is District Director, Bain, J Matthew: $37,499.96 (20.6% of their sum); next comes District Director From May 23, Campbell, Clayton D ($31,111.08).',
        '37,499.96 DISTRICT DIRECTOR BAIN, J MATTHEW',
        1,
      ),
      fact('17 of the 32 entries are “Staff Transportation”, adding up to $10,548.66.', '920.68 STAFF TRANSPORTATION', 1),
    ];
    // One row quoted twice is one amount: two amounts make no chart...
    expect(largestAmounts(senate)).toEqual([]);
    // ...and with a third, each bar is the row's own amount and words.
    expect(bars([...senate, fact('Rent is $1,200.', 'OFFICE RENT 1,200.00', 1)])).toEqual([
      { label: 'District Director Bain, J Matthew', value: 37_499.96, written: '37,499.96', page: 1 },
      { label: 'Office Rent', value: 1_200, written: '1,200.00', page: 1 },
      { label: 'Staff Transportation', value: 920.68, written: '920.68', page: 1 },
    ]);
  });

  it('reads amounts as French and Spanish documents write them, and one scaled by a word', () => {
    const amounts = bars([
      // qc-sainte-adele-reglement-1324 (a no-break space groups the thousands, as extraction gives it).
      fact('It sets 5 308 $ ("Contribution par unité").', 'Contribution par unité 5\u00a0308 $', 3),
      fact('The works cost €3,542.', 'pour un montant de 3 542,00 € H.T.,', 4),
      fact('The general fund totals $4.2 million.', 'General Fund $4,200,000', 2),
      fact('El presupuesto asciende a 1.234.567,89 euros.', 'Presupuesto total: 1.234.567,89 euros', 2),
    ]);
    expect(amounts.map((a) => [a.label, a.value])).toEqual([
      ['General Fund', 4_200_000],
      ['Presupuesto total', 1_234_567.89],
      ['Contribution par unité', 5_308],
      ['The works cost €3,542', 3_542],
    ]);
  });

  it('draws nothing for a document with fewer than three amounts, and only verified amount facts count', () => {
    // wpld-ordinance-20-21-02-maintenance-levy.pdf states a rate, no amount.
    const levy = [
      fact(
        'The Board levies a special tax of .02% of the value of all taxable property for fiscal year 2020-2021 for maintenance, repairs, and alterations of library buildings and equipment.',
        'a special tax of .02% of the value of all taxable property',
        1,
        'rate',
      ),
    ];
    expect(largestAmounts(levy)).toEqual([]);
    expect(largestAmounts(tentativeBudget.slice(0, 2))).toEqual([]);
    const decision = fact(
      'The committee is to vote on "Resolution of Intent…" ($120,000,000).',
      'Resolution of Intent Requesting an Initial Allocation of Private Activity Volume Cap in the Amount of $120,000,000',
      2,
      'decision',
    );
    const unverified = { ...fact('Roads get $12,000,000.', 'road repairs: $12,000,000', 2), verified: false };
    expect(bars([...tentativeBudget, decision, unverified]).map((bar) => bar.value)).toEqual([3_555_000, 1_941_588, 1_065_000]);
  });

  it('keeps the largest few, and shortens a long line item at a word', () => {
    const many = Array.from({ length: 12 }, (_, i) =>
      fact(`Line ${i + 1} is $${(i + 1) * 1000}.`, `Appropriation for the maintenance of public roads and bridges in ward number ${i + 1} is $${(i + 1) * 1000}`, 1),
    );
    const amounts = largestAmounts(many);
    expect(amounts).toHaveLength(CHARTED_AMOUNTS);
    expect(amounts.map((a) => a.value)).toEqual([12_000, 11_000, 10_000, 9_000, 8_000, 7_000, 6_000, 5_000]);
    expect(amounts[0]!.label).toBe('Line 12 is $12000');
    const long = largestAmounts(many.map((f) => ({ ...f, statement: f.quote })))[0]!.label;
    expect(long.length).toBeLessThanOrEqual(70);
    expect(long).toBe('Appropriation for the maintenance of public roads and bridges in ward…');
  });
});
