import type { ExtractedPage } from '@civicwatch/core/analysis/text-extractor.port.ts';
import { describe, expect, it } from 'vitest';
import { findRecordListing, findTables, keyCell, parseRow, statedTotalChecks, sumOfLines, type TextTable } from './text-tables.ts';

const row = (line: string) => parseRow(line, 0, line.length, 1);
const values = (line: string) => row(line)?.cells.map((c) => (c.empty ? null : c.value));
const pagesOf = (...texts: string[]): ExtractedPage[] => texts.map((text, i) => ({ number: i + 1, text, ocr: false }));
const tablesOf = (...texts: string[]): TextTable[] => findTables(pagesOf(...texts), { deadline: Number.POSITIVE_INFINITY });
const labels = (rows: TextTable['rows']) => rows.map((r) => r.label);
const FOREVER = Number.POSITIVE_INFINITY;

describe('parseRow', () => {
  it('reads a budget line: list marker, label, amount', () => {
    expect(row('A. Salaries $1,065,000')).toMatchObject({ marker: 'A.', label: 'Salaries', codeKind: 'none' });
    expect(values('A. Salaries $1,065,000')).toEqual([1065000]);
    expect(row('2 SPECIAL RESERVE FUND $200,000')).toMatchObject({ marker: '2', label: 'SPECIAL RESERVE FUND' });
    expect(row('I. Personnel Development: $29,000')?.label).toBe('Personnel Development');
  });

  it('reads a statistical row with dot leaders, a footnote number and decimals split off by extraction', () => {
    const line = 'Stolen property 1 . . . . . . . . . . . . . . . . 84.3 15.1 69.2 66.7 12.2 54.5 17.6 2.8 14.7';
    expect(row(line)).toMatchObject({ label: 'Stolen property', leaders: true });
    expect(values('Total . . . . . . . . . 11,062 .6 1,540 .0 9,522 .6 8,263 .3')).toEqual([11062.6, 1540, 9522.6, 8263.3]);
    expect(values('Embezzlement . . . . . . 14.6 – 14.1 7.2 – 6.9')).toEqual([14.6, null, 14.1, 7.2, null, 6.9]);
  });

  it('reads percentages and empty cells of a multi-year budget summary', () => {
    expect(values('Developer Donations 7.74% 169,450 #DIV/0! #DIV/0! - - 57,329')).toEqual([7.74, 169450, null, null, null, null, 57329]);
    const summary = row('Property Taxes 88.64% 1,941,588 3% 2% 1,900,949 1,885,231')!;
    expect(keyCell(summary, 0)?.value).toBe(1941588);
  });

  it('reads a listing record: leading dates, then its figure and a status', () => {
    expect(row('07/14/2015 07/13/2015 11 Main LLC San Mateo 35 Closure Permanent')).toMatchObject({ label: '11 Main LLC San Mateo', codeKind: 'date' });
    expect(values('07/14/2015 07/13/2015 11 Main LLC San Mateo 35 Closure Permanent')).toEqual([35]);
    expect(row('4001-01 Taxes Levied Corp 94.75 1,839,738 1,839,738')).toMatchObject({ label: 'Taxes Levied Corp', codeKind: 'code' });
  });

  it('reads the rows of an OCR\'d table without its column rules, and French and Spanish figures', () => {
    const line = '| Tasa por servicios | $ 1.500,00 |';
    const parsed = parseRow(line, 0, line.length, 1, true);
    expect(parsed).toMatchObject({ label: 'Tasa por servicios' });
    expect(parsed?.cells.map((c) => [c.value, c.currency])).toEqual([[1500, '$']]);
    const quebec = 'Taxes foncières 4 512 300 $';
    expect(parseRow(quebec, 0, quebec.length, 1, true)?.cells.map((c) => c.value)).toEqual([4512300]);
    // Without a currency after them, spaced digits may be two columns.
    expect(values('Copies 12 300')).toEqual([12, 300]);
  });

  it('keeps a number that names the line in its label', () => {
    expect(row('December 2015 69 8,729 7 35')).toMatchObject({ label: 'December 2015' });
    expect(values('December 2015 69 8,729 7 35')).toEqual([69, 8729, 7, 35]);
    expect(row('District 5 1,204 38%')?.label).toBe('District 5');
  });

  it('does not take prose, headings, page numbers or dates for rows', () => {
    for (const line of [
      'The Library’s IMRF rate will decrease from 11.93% to',
      'Table 324. Arrests by Sex and Age: 2009',
      'U.S. Census Bureau, Statistical Abstract of the United States: 2012',
      'Page 1 of 205',
      'Page 3',
      '3/19/2014',
      '648765 AAA ALLEGIANT AIR ALLEGIANT AIR LLC 7100 TERMINAL DRIVE OKLAHOMA CITY OK 73159 - 2014/12/03',
      'Under 18',
      'the Board approved the motion with 5 votes in favor',
      'CORPORATE 558,000 1,919,084 1,772,431 704,653 146,653 CORPORATE 704,653 1,955,547',
      '11.1',
      '(Tr. 209–210, 345; R. Exh. 19; see also Tr. 159, 239',
      'Membrino worked before he was discharged in 2008. 35',
      '| K | $68.000.000 $ 17.000.000 $',
      '13.12 Total FTE Librarians (13.5 + 13.11] [PLSC 251) 16.50 6.93',
    ]) {
      expect(row(line), line).toBeNull();
    }
  });
});

// Warrenville Public Library District, tentative budget and appropriation ordinance #20-21-01 (pages 1 to 4, some
// lines left out, the total made that of the lines kept).
const ORDINANCE = [
  `SECTION 1: The following is the Annual Budget for the Warrenville Public Library District for the fiscal

1. GENERAL
A. Salaries $1,065,000
Administration $185,000
Public Services $420,000
Technical Services $110,000
Member Services $150,000
Maintenance $40,000
I.T. $100,000
Marketing $60,000
B. Illinois Municipal Retirement Fund $120,000
E. Building Expenses: $200,000
$100,000
Utilities $100,000
G. Insurance $138,000
Multi-Peril Package $20,000
Bonds $1,000
Health/Life $100,000
Umbrella $1,000
Officers/Directors $10,000

BE IT ORDAINED BY THE BOARD OF LIBRARY TRUSTEES OF

Maintenance & Improvements

Page 1`,
  `Worker's Compensation $6,000
Page 2`,
  `I. Personnel Development: $29,000

Staff: $24,000
Dues $4,000
Meetings & Education $10,000
Travel $3,000
Employee Appreciation $6,000
Recruitment $1,000

Trustees: $5,000
Dues $1,000
Meetings & Education $3,000
Travel $1,000

K. Library Materials $290,000

Print $130,000
Non-Print $60,000
eResources $100,000

Page 3`,
  `2 SPECIAL RESERVE FUND $200,000
Building Maintenance/Construction $100,000
Automation Purchases $50,000
Furniture/Equipment Purchases $50,000
3. WORKING CASH FUND $250,000
TOTAL BUDGET EXPENSES $2,292,000
SECTION 2: As part of the Annual Budget it is stated:`,
];

describe('findTables: a budget over several pages', () => {
  const [table] = tablesOf(...ORDINANCE);

  it('is one table running over four pages, closed by its total', () => {
    expect(tablesOf(...ORDINANCE)).toHaveLength(1);
    expect(table!.totals.map((r) => r.label)).toEqual(['TOTAL BUDGET EXPENSES']);
    expect(table!.currency).toBe('$');
    expect(table!.rows.at(-1)!.label).toBe('WORKING CASH FUND');
  });

  it('knows which lines are the sum of the lines under them, nested, across a page break', () => {
    expect(labels(table!.topLevel)).toEqual([
      'Salaries',
      'Illinois Municipal Retirement Fund',
      'Building Expenses',
      'Insurance',
      'Personnel Development',
      'Library Materials',
      'SPECIAL RESERVE FUND',
      'WORKING CASH FUND',
    ]);
    expect(sumOfLines(table!)).toBe(2292000);
    expect(statedTotalChecks(table!)).toBe(true);
  });
});

// Statistical Abstract of the United States 2012, Table 324 (columns shortened).
const CENSUS = `U.S. Census Bureau, Statistical Abstract of the United States: 2012

Table 324. Arrests by Sex and Age: 2009
[In thousands (11,062.6 represents 11,062,600) For year ending December 31. Based on Uniform Crime Reporting (UCR)
Program. Represents arrests reported (not charged) by 12,910 agencies]

Offense charged
Total Male Female

Total
Under 18
years
Total . . . . . . . . . . . . . . . . . . . . . . . . . 11,062 .6 1,540 .0 9,522 .6
Violent crime . . . . . . . . . . . . . . . . . . 467 .9 69 .1 398 .8
Murder and nonnegligent
manslaughter . . . . . . . . . . . . . . . . . 10.0 0.9 9.1
Forcible rape . . . . . . . . . . . . . . . . . . 17.5 2.6 14.9
Robbery . . . . . . . . . . . . . . . . . . . . . . 102.1 25.5 76.6
Aggravated assault . . . . . . . . . . . . . 338.4 40.1 298.3
Property crime . . . . . . . . . . . . . . . . . 1,396 .4 338 .7 1,057 .7
Burglary . . . . . . . . . . . . . . . . . . . . . . 240.9 60.3 180.6
Larceny-theft . . . . . . . . . . . . . . . . . . 1,080.1 258.1 822.0
Motor vehicle theft . . . . . . . . . . . . . . 65.6 16.0 49.6
Arson . . . . . . . . . . . . . . . . . . . . . . . . 9.8 4.3 5.5
Drug abuse violations . . . . . . . . . . . . 1,333.0 136.6 1,196.4
Driving under the influence . . . . . . . . 1,158.5 109.2 1,147.5
– Represents zero. X Not applicable.`;

describe('findTables: a statistical table', () => {
  const [table] = tablesOf(CENSUS);

  it('has its title, its units and its total on top', () => {
    expect(table!.title?.text).toBe('Table 324. Arrests by Sex and Age: 2009');
    expect(table!.scale).toBe(1000);
    expect(keyCell(table!.totals[0]!, table!.keyFrom)?.value).toBe(11062.6);
  });

  it('joins a label wrapped over two lines and finds the subtotals by their sums, to the rounding', () => {
    expect(table!.rows[1]!.label).toBe('Murder and nonnegligent manslaughter');
    expect(labels(table!.topLevel)).toEqual(['Violent crime', 'Property crime', 'Drug abuse violations', 'Driving under the influence']);
  });
});

// FBI NICS firearm checks, November 2015 (five of its rows; California's thousands were split by spaces).
const NICS = `State / Territory Permit Handgun Long Gun *Other **Multiple Admin Totals
California 98 452 41 181 35 007 4 559 0 0 0 0 0 480 433 4 0 0 0 0 0 0 0 0 0 180 116
Kentucky 264,140 12,155 14,847 254 648 1 9 11 0 1,491 2,315 2 2 2 0 6 8 0 0 0 0 295,891
Texas 21,550 56,941 51,670 2,532 3,048 0 29 20 0 5,748 5,331 21 1 2 1 42 36 4 1 5 0 146,982
Alaska 209 3,062 3,209 191 184 0 9 3 0 100 100 0 18 9 1 0 0 0 0 0 0 7,095
Guam 0 100 55 12 3 0 0 0 0 1 0 0 0 0 0 0 0 0 0 0 0 171
Totals 804,006 671,330 636,903 26,597 23,015 1,281 218 249 13 29,905 38,487 102 1,656 533 44 0 0 1,067 905 65 31 45 5 2,236,457

NICS Firearm Background Checks

November - 2015`;

describe('findTables: a table whose last column totals each row', () => {
  const [table] = tablesOf(NICS);

  it('reads rows by their last figure and mends the row whose thousands were split', () => {
    expect(table!.keyFrom).toBe('last');
    const california = table!.rows.find((r) => r.label === 'California')!;
    expect(keyCell(california, 'last')?.value).toBe(180116);
    expect(california.cells[0]!.value).toBe(98452);
    expect(keyCell(table!.totals[0]!, 'last')?.value).toBe(2236457);
    // Five of fifty-five rows do not make the national total.
    expect(statedTotalChecks(table!)).toBe(false);
  });
});

// California WARN report 2015-2016: listing records, one of them cancelled, and the monthly summary beside them.
const WARN = `Closure Permanent
12/31/2017 07/22/2015 Toyota Motor North America Torrance 3000 Closure Permanent
12/31/2017 07/22/2015 Toyota Motor North America Gardena 100

Layoff Unknown at this time
09/15/2015 07/22/2015 Oakley, Inc. Encinitas 8 Layoff Unknown at this time
09/28/2015 07/30/2015 Buca Restaurants 2, Inc.(CANCELLED)** Santa Monica 61

Layoff Permanent
10/23/2015 08/04/2015 Hilton San Francisco Union Square San Francisco 78
Total 4 3,186 1 2 1 0
August 2015 2 78 0 1
July 2015 2 3,108 1 1 1 0
Summary by
Month`;

describe('findTables: a listing and its summary', () => {
  const tables = tablesOf(WARN);

  it('keeps the records of the listing apart from the summary, and leaves the cancelled record out of its sums', () => {
    const listing = tables.find((t) => t.listing)!;
    expect(listing.rows).toHaveLength(5);
    expect(listing.topLevel.map((r) => r.label)).not.toContain('Buca Restaurants 2, Inc.(CANCELLED)** Santa Monica');
    expect(sumOfLines(listing)).toBe(3186);
  });

  it('gives the summary its total line, printed above its rows', () => {
    const summary = tables.find((t) => !t.listing)!;
    expect(labels(summary.topLevel)).toEqual(['August 2015', 'July 2015']);
    expect(statedTotalChecks(summary)).toBe(true);
  });
});

// U.S. Senate report of expenditures: the amount first, its payee and description on the lines under it.
const SENATE = `DOCUMENT NO. DATE PAYEE NAME OBLIGATION/SERVICE DESCRIPTION AMOUNT ($)

37,499.96
DISTRICT DIRECTOR
BAIN, J MATTHEW
21,000.00
LEGISLATIVE CORRESPONDENT
SMITH, ALVARO R
31,111.08
DISTRICT DIRECTOR FROM MAY 23
CAMPBELL, CLAYTON D

920.68
STAFF TRANSPORTATION
03/06/2019
03/04/2019
DHAW20190001 05/03/2019 CITIBANK - TRAVEL CBA CARD
AIRFARE FOR E JOHNSON KANSAS CITY TO WASHINGTON DC AND RETURN
907.96
STAFF TRANSPORTATION
05/15/2019
03/10/2019
DHAW20190002 05/24/2019 CITIBANK - TRAVEL CBA CARD
AIRFARE FOR S COWING KANSAS CITY TO WASHINGTON DC AND RETURN`;

describe('findTables: amounts printed before their labels', () => {
  it('reads each amount with the lines of text under it as one record', () => {
    const [table] = tablesOf(SENATE);
    expect(table!.listing).toBe(true);
    expect(table!.currency).toBe('$');
    expect(labels(table!.rows)).toEqual([
      'DISTRICT DIRECTOR, BAIN, J MATTHEW',
      'LEGISLATIVE CORRESPONDENT, SMITH, ALVARO R',
      'DISTRICT DIRECTOR FROM MAY 23, CAMPBELL, CLAYTON D',
      'STAFF TRANSPORTATION',
      'STAFF TRANSPORTATION',
    ]);
    expect(sumOfLines(table!)).toBeCloseTo(91439.68, 2);
  });
});

describe('findTables: what is not a table', () => {
  it('leaves out a table of contents and lines of figures with no label', () => {
    const contents = `CONTENTS\nIntroduction . . . . . . . 1\nThe budget in brief . . . . 3\nRevenue . . . . . . . . . 7\nSpending . . . . . . . . . 12\nAppendix . . . . . . . . 40`;
    expect(tablesOf(contents)).toEqual([]);
    const [bare] = tablesOf('1,204 3,300 12\n5,120 2,210 9\n7,001 1,200 3\n4,400 1,000 1');
    expect(bare?.topLevel ?? []).toEqual([]);
  });
});

describe('findTables: bounded work', () => {
  it('reads a 10,000-row table and skips a 1 MB line', () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => `Account ${String.fromCharCode(65 + (i % 26))}${i} ${(i % 97) + 1},${String(i % 1000).padStart(3, '0')}`);
    const text = `${'9 '.repeat(500_000)}\n${rows.join('\n')}\nTotal 1`;
    const tables = findTables(pagesOf(text), { deadline: FOREVER });
    expect(tables).toHaveLength(1);
    expect(tables[0]!.rows).toHaveLength(10_000);
  });

  it('stops at its deadline with what it has read', () => {
    expect(findTables(pagesOf(CENSUS, NICS), { deadline: 0 })).toEqual([]);
  });
});

// Oklahoma ABLE Commission, alphabetic listing of active licenses (a few records of page 1).
const LICENSES = `FEBRUARY 2014 M27 (BUS) ALPHABETIC LISTING BY TYPE
OF ACTIVE LICENSES
OKLAHOMA ABLE COMMISSION

ABLPDM27
3/19/2014

LICENSE
NUMBER TYPE DBA NAME LICENSEE NAME
PREMISE
ADDRESS CITY ST ZIP PHONE NUMBER EXPIRES
648765 AAA ALLEGIANT AIR ALLEGIANT AIR LLC 7100 TERMINAL DRIVE OKLAHOMA CITY OK 73159 - 2014/12/03

648766 AAA ALLEGIANT AIR ALLEGIANT AIR LLC
7777 EAST APACHE
STREET TULSA OK 74115 - 2014/12/16
82030 AAA AMERICAN AIRLINES AMERICAN AIRLINES INC 7100 TERMINAL DRIVE OKLAHOMA CITY OK 73159 (405) 680-3701 2014/09/14

509462 AAA AMERICAN AIRLINES AMERICAN AIRLINES INC 7777 EAST APACHE DRIVE TULSA OK 74115 (918) 831-6302 2014/08/19

509609 AAA AMERICAN EAGLE
AMERICAN EAGLE
AIRLINES INC 7100 TERMINAL DRIVE OKLAHOMA CITY OK 73159 (405) 680-3701 2014/08/19
600941 AAA ENDEAVOR AIR ENDEAVOR AIR INC 7100 TERMINAL DRIVE OKLAHOMA CITY OK 73159 (901) 348-4100 2015/03/26
106719 AAA UNITED AIRLINES UNITED AIRLINES INC WILL ROGERS AIRPORT OKLAHOMA CITY OK 73159 (872) 825-8309 2014/04/11

625422 BAW
A SENSU JAPANESE
RESTAURANT INFORMAL PARTNERSHIP
7123 SOUTH 92ND EAST
AVENUE SUITE J TULSA OK 74133 (918) 252-0333 2015/02/14

Page 1 of 151`;

describe('findRecordListing', () => {
  it('counts records that end with a date, however many lines each takes, and spans their dates', () => {
    const listing = findRecordListing(pagesOf(LICENSES), { deadline: FOREVER, language: null })!;
    expect(listing.count).toBe(8);
    expect(listing.pagesInAll).toBe(151);
    expect(listing.dates).toMatchObject({ first: '2014-04-11', last: '2015-03-26', column: 'EXPIRES' });
  });

  it('finds none in prose', () => {
    expect(findRecordListing(pagesOf('The Board met on 3/19/2014 and adjourned.\nMinutes approved 4/2/2014.'), { deadline: FOREVER, language: null })).toBeNull();
  });
});
