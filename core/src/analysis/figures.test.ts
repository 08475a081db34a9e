import { describe, expect, it } from 'vitest';
import { DocumentFigures, findFigures } from './figures.ts';

const written = (text: string) => findFigures(text).map((f) => [f.kind, f.text]);

/** Whether each figure of `statement` is in a document made of `pages`. */
const found = (pages: string[], statement: string): Array<[string, boolean]> => {
  const document = new DocumentFigures(pages);
  return findFigures(statement).map((f) => [f.text, document.contains(f)]);
};

// Lines copied from corpus documents (their cached pages), and a few written for the cases the corpus lacks.
const LEVY_ORDINANCE = [
  'ORDINANCE DETERMINING TO LEVY AN\nADDITIONAL TAX OF .02%\nFOR THE 2020-21 FISCAL YEAR\n' +
    'WHEREAS, the Public Library District Act of 1991 (75 ILCS 16/35-5) authorizes the Board\n' +
    'FURTHER, a copy of this Ordinance shall be published in the THE DAILY HERALD within\nfifteen (15) days after the date of adoption',
  'ADOPTED this 15th day of July 2020, pursuant to a roll call vote as follows:',
  'I further certify that the Ordinance was published on July 23, 2020, in THE DAILY HERALD.',
];
const FAA_COSTS = 'FCC OPS installation and verification .. 1 work-hour × $85 per hour = $85 ...... $0 .......................... $85 ........................ $6,205.';
const CHEMERE_MINUTES = [
  "BUREAU VERITAS (44800 SAINT-HERBLAIN) 3 190,00 €\nHYGIATECH DPA (92250 LA GARENNE COLOMBES) 4 404,55 €\ndécide, par 15 voix « Pour » et 1 « Contre »",
  "devra être achevée avant le 1 er janvier 2015 pour les\nétablissements d’accueil collectif d’enfants de moins de six ans",
];
const BOLETIN_OFICIAL = 'La\noferta realizada es por la suma de $ 30.000.- mas\nel 21% de IVA sobre el precio, mas comisión del\n10%. ' +
  'Las ofertas podrán presentarse hasta el día\n12 de Agosto de 2009 a las 9.30 hs. Exhibición\nlos días 3 y 4 de Agosto de 2009 de 10 a 12 hs';
const SAINTE_ADELE = 'Gainage et réfection secteur Paysan 2 120 000 $\nRéfection rue Valiquette Nord 3 056 000 $\nRéfection Saint-Georges 410 000 $';
const ARRESTS_TABLE = '[In thousands (11,062.6 represents 11,062,600) For year ending December 31]\n. . . . 11,062 .6 1,540 .0 9,522 .6 8,263 .3 1,071 .6';

describe('findFigures', () => {
  it('reads amounts, percentages, dates and numbers as a model writes them', () => {
    expect(written('The levy of $1,234,567.89 (about $1.2 million, or 0.02% of value) is due by March 3, 2021; 450 homes pay it.')).toEqual([
      ['amount', '$1,234,567.89'], ['amount', '$1.2 million'], ['percent', '0.02%'], ['date', 'March 3, 2021'], ['number', '450'],
    ]);
    expect(written('Contracts of 3 190,00 € and 1.234,56 €, 25 percent, 2014/12/03, 3/19/2014, 2020-07-15, July 2020, the 15th of July')).toEqual([
      ['amount', '3 190,00 €'], ['amount', '1.234,56 €'], ['percent', '25 percent'], ['date', '2014/12/03'], ['date', '3/19/2014'],
      ['date', '2020-07-15'], ['date', 'July 2020'], ['date', '15th of July'],
    ]);
  });

  it('leaves out single digits, times, page references, identifiers, and laws and cases a model cites from outside', () => {
    expect(written('Item 4 passed 5-2 at 7:30 p.m. (page 12). The 14th Amendment, Article I, Section 8, 42 U.S.C. § 1983, 75 ILCS 16/35-5, ' +
      'RCW 42.30.110, the Civil Rights Act of 1964 and Brown v. Board of Education (1954) may apply to COVID-19 rules for FY2022.')).toEqual([]);
  });

  it('takes "may" for a verb, and both years of a fiscal year', () => {
    expect(written('The council may 15 times a year review the budget for fiscal year 2020-21.')).toEqual([
      ['number', '15'], ['number', '2020-21'], ['number', '2020-21'],
    ]);
  });
});

describe('DocumentFigures', () => {
  it('finds an amount whatever its separators, currency sign or rounding', () => {
    expect(found(['The total levy is 1,234,000 dollars.'], 'It raises $1,234,000, about $1.2 million or $1.23M.'))
      .toEqual([['$1,234,000', true], ['$1.2 million', true], ['$1.23M', true]]);
    expect(found([FAA_COSTS], 'Installing the software costs $85 an hour, $6,205 in all.')).toEqual([['$85', true], ['$6,205', true]]);
    expect(found(CHEMERE_MINUTES, 'Bureau Veritas got the contract for €3,190, cheaper than the €4,404.55 quote.'))
      .toEqual([['€3,190', true], ['€4,404.55', true]]);
    expect(found([BOLETIN_OFICIAL], 'The offer is $30,000 plus 21% VAT.')).toEqual([['$30,000', true], ['21%', true]]);
    expect(found([SAINTE_ADELE], 'Resurfacing Paysan costs $2,120,000 and Saint-Georges $410,000 (about $2.1 million and $0.4 million).'))
      .toEqual([['$2,120,000', true], ['$410,000', true], ['$2.1 million', true], ['$0.4 million', true]]);
  });

  it('takes a space between figures for a thousands separator or for two cells of a table row, whichever the document has', () => {
    const budget = '550 Pitney Bowes machine rental/ink/labels\n2,360 Newsletters 4@$590\n300 New Resident Mailer';
    expect(found([budget], 'Newsletters: 4@$590 300 New Resident Mailer')).toEqual([['$590 300', true]]);
    expect(found([SAINTE_ADELE], 'Resurfacing costs 2 120 000 $ and 3 056 000 $.')).toEqual([['2 120 000 $', true], ['3 056 000 $', true]]);
  });

  it('takes a figure the model says is rounded for the document\'s within a tenth of it, and only then', () => {
    const page = ['Enrollment reached 1,037 students; the district spends $48,920 on buses.'];
    expect(found(page, 'About 1,000 students; nearly $50,000 on buses.')).toEqual([['1,000', true], ['$50,000', true]]);
    expect(found(page, 'Exactly 1,000 students; $50,000 on buses; about 2,000 staff.')).toEqual([['1,000', false], ['$50,000', false], ['2,000', false]]);
  });

  it('reads a table in the unit its heading gives', () => {
    expect(found([ARRESTS_TABLE], 'Men accounted for 8.26 million arrests, out of 11,062,600.')).toEqual([['8.26 million', true], ['11,062,600', true]]);
  });

  it('finds percentages and numbers the document spells out or writes without a leading zero', () => {
    expect(found(LEVY_ORDINANCE, 'The special tax is 0.02% of the value, published within 15 days.')).toEqual([['0.02%', true], ['15', true]]);
    expect(found(['The council voted twenty-five percent more for roads.'], 'Roads get 25% more.')).toEqual([['25%', true]]);
    expect(found(CHEMERE_MINUTES, 'The council voted 15 to 1.')).toEqual([['15', true]]);
  });

  it('finds a date written in any common form, in English, French or Spanish', () => {
    expect(found(LEVY_ORDINANCE, 'Adopted on July 15, 2020 (7/15/2020, 2020-07-15), published July 23, 2020, for fiscal year 2020-2021.'))
      .toEqual([['July 15, 2020', true], ['7/15/2020', true], ['2020-07-15', true], ['July 23, 2020', true], ['2020-2021', true], ['2020-2021', true]]);
    expect(found(CHEMERE_MINUTES, 'Nurseries must comply by Jan. 1, 2015.')).toEqual([['Jan. 1, 2015', true]]);
    expect(found([BOLETIN_OFICIAL], 'Offers are due August 12, 2009; the belts can be seen August 3-4.'))
      .toEqual([['August 12, 2009', true], ['August 3-4', true]]);
    expect(found(['Listing of active licenses 2014/12/03 and NICS checks November - 2015'], 'Licences expire in December 2014; November 2015 checks.'))
      .toEqual([['December 2014', true], ['November 2015', true]]);
    // Minutes give the year once at the top and the day without it further down.
    expect(found(['MINUTES 2019', 'The next meeting is on November 20 at the library.'], 'The board meets again on November 20, 2019.'))
      .toEqual([['November 20, 2019', true]]);
  });

  it('does not find what the document does not say', () => {
    expect(found(LEVY_ORDINANCE, 'The levy raises $5,000,000 and takes effect on March 3, 2021, a 2% tax.'))
      .toEqual([['$5,000,000', false], ['March 3, 2021', false], ['2%', false]]);
    // A "5" on the page is not "$5,000", nor "5%", nor "5 million".
    expect(found(['Section 5. The fee is 5 dollars.'], 'The fee is $5,000, 5%, $5 million.')).toEqual([['$5,000', false], ['5%', false], ['$5 million', false]]);
    // The day named in another year is another date.
    expect(found(LEVY_ORDINANCE, 'It was adopted on July 15, 2021.')).toEqual([['July 15, 2021', false]]);
    expect(found(['Hearing: 03/04/2020.'], 'The hearing is on April 3, 2020, or March 4, 2020, not May 3, 2020.'))
      .toEqual([['April 3, 2020', true], ['March 4, 2020', true], ['May 3, 2020', false]]);
  });

  it('reads a hostile page (a megabyte on one line) and still finds its figures', () => {
    const page = `${'1,2.3 4-5/6 '.repeat(90_000)} total $7,654,321 on July 4, 2024 ${'9'.repeat(100_000)}`;
    expect(found([page], 'It totals $7,654,321 since July 4, 2024, not $8,765,432.'))
      .toEqual([['$7,654,321', true], ['July 4, 2024', true], ['$8,765,432', false]]);
  });
});
