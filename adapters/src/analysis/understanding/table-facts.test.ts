import type { DocumentKind } from '@civicwatch/core/contracts/analysis-catalogue.ts';
import type { DocumentLanguage, DraftFact } from '@civicwatch/core/contracts/analysis-result.contract.ts';
import type { ExtractedPage } from '@civicwatch/core/analysis/text-extractor.port.ts';
import { quoteOccursIn } from '@civicwatch/core/analysis/grounding.ts';
import { describe, expect, it } from 'vitest';
import { findTableFacts } from './table-facts.ts';

const ENGLISH: DocumentLanguage = { code: 'en', name: 'English' };

/** The facts of pages of text, each checked as the analysis checks them: a quote of its page, a short sentence. */
const factsOf = (kind: DocumentKind | null, texts: string[], language: DocumentLanguage = ENGLISH): DraftFact[] => {
  const pages: ExtractedPage[] = texts.map((text, i) => ({ number: i + 1, text, ocr: false }));
  const facts = findTableFacts({ pages, kind, language, date: null, deadline: Number.POSITIVE_INFINITY });
  for (const fact of facts) {
    expect(quoteOccursIn(fact.quote, pages[fact.page - 1]!.text), fact.quote).toBe(true);
    expect(fact.quote.length).toBeLessThanOrEqual(200);
    expect(fact.statement.split(/\s+/).length, fact.statement).toBeLessThanOrEqual(30);
  }
  expect(facts.length).toBeLessThanOrEqual(6);
  return facts;
};
const statements = (facts: DraftFact[]) => facts.map((f) => f.statement);

// Warrenville Public Library District, FY21 working budget, summary page (columns and lines shortened).
const BUDGET_COVER = `FISCAL YEAR 2021

WORKING BUDGET

July 1, 2020 to June 30, 2021

APPROVED BY
THE LIBRARY BOARD OF TRUSTEES
6/17/2020`;
const BUDGET_SUMMARY = `WARRENVILLE LIBRARY WORKING BUDGET SUMMARY - July 1, 2020 through June 30, 2021

INCOME CATEGORIES
% of total
income FY21 BUDGET
FY20
BUDGET
Property Taxes 88.64% 1,941,588 3% 2% 1,900,949 1,885,231
Copier 0.11% 2,500 -50% -58% 6,000 5,000
Extended Use Fees 0.00% - -100% -100% 19,000 13,260
Hotel/Motel Tax Grant 0.98% 21,446 34% 31% 16,338 16,000
Developer Donations 7.74% 169,450 #DIV/0! #DIV/0! - -
TOTAL INCOME 97.47% 2,134,984 11% 10% 1,984,187 1,972,406

EXPENDITURE CATEGORIES

% of total
expenditures
(excluding
capital, debt)
FY21
BUDGET
Salaries 44.4% 950,000 7% 2% 930,500 886,600
Illinois Municipal Retirement Fund 5.0% 106,000 21% 16% 91,000 87,900
Library Materials - Books, A/V, Periodicals, Online 8.3% 177,200 24% -1% 179,200 143,300
Debt Service 7.9% 169,452 26% 1% 167,200 135,000
Contingency 0.5% 10,000 9900% 100% 5,000 100
Total Expenditures 99.4% 1,412,652 16% 7% 2,006,480 1,843,333

Income less Expenditures 722,332 -61% -324% (22,293) 129,073`;

describe('findTableFacts: a budget', () => {
  const facts = factsOf('budget', [BUDGET_COVER, BUDGET_SUMMARY]);

  it('says its totals, the period, the largest lines and their share, and what is left', () => {
    expect(statements(facts)).toEqual([
      'Total income is 2,134,984 (FY21 Budget), and the lines add up to it.',
      '“Fiscal Year 2021: Working Budget” covers July 1, 2020 to June 30, 2021.',
      'Of total income, the largest line is Property Taxes: 1,941,588 (90.9% of the total); next come Developer Donations (169,450) and Hotel/Motel Tax Grant (21,446).',
      'Total expenditures are 1,412,652, and the lines add up to it.',
      'Of total expenditures, the largest line is Salaries: 950,000 (67.2% of the total); next come Library Materials - Books, A/V, Periodicals, Online (177,200) and Debt Service (169,452).',
      'Income less Expenditures comes to 722,332.',
    ]);
    expect(facts.map((f) => f.type)).toEqual(['amount', 'date', 'amount', 'amount', 'amount', 'amount']);
  });
});

// Tentative budget and appropriation ordinance #20-21-01 (lines shortened, total made theirs).
const ORDINANCE = [
  `A TENTATIVE ORDINANCE ADOPTING A COMBINED ANNUAL BUDGET AND APPROPRIATION SUCH
SUMS OF MONEY AS MAY BE DEEMED NECESSARY TO DEFRAY ALL NECESSARY EXPENSES

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
K. Library Materials $290,000
Print $130,000
Non-Print $60,000
eResources $100,000
2 SPECIAL RESERVE FUND $200,000
Building Maintenance/Construction $100,000
Automation Purchases $50,000
Furniture/Equipment Purchases $50,000
3. WORKING CASH FUND $250,000
TOTAL BUDGET EXPENSES $1,925,000

THE FISCAL YEAR BEGINNING JULY 1, 2020, AND ENDING JUNE 30, 2021, AND SPECIFYING THE`,
  `SECTION 2: As part of the Annual Budget it is stated:
(b) The estimated cash expected to be received during the fiscal year from all sources is $1,925,000.
(e) The estimated amount of taxes to be received by the WARRENVILLE PUBLIC LIBRARY DISTRICT
during the fiscal year is $1,941,588.
(f) The estimated amount of income and revenue to be received from sources other than library taxes
for the fiscal year is $1,613,412.
SECTION 4: Transfers of appropriations not affecting the total amount appropriated may be made at
any meeting of the Board by Ordinance enacted by a 2/3 vote of all the Trustees.`,
];

describe('findTableFacts: a budget inside a document of another kind', () => {
  it('summarises a table whose lines add up to its total, in fewer facts', () => {
    expect(statements(factsOf('ordinance', ORDINANCE))).toEqual([
      'Total budget expenses are $1,925,000, and the lines add up to it.',
      'The budget covers July 1, 2020 to June 30, 2021.',
      'Of total budget expenses, the largest line is Salaries: $1,065,000 (55.3% of the total); next come Library Materials ($290,000) and Working Cash Fund ($250,000).',
      'Tax revenue is estimated at $1,941,588.',
    ]);
  });

  it('reads what a budget states in its sentences, not what a form merely carries', () => {
    const stated = 'SECTION 2: (e) The estimated amount of taxes to be received during the fiscal year is $1,941,588.';
    expect(statements(factsOf('budget', [stated]))).toEqual(['Tax revenue is estimated at $1,941,588.']);
    const form = '2.3 Total Staff Expenditures (9.1 +9.2) I $1,026,628 COLLECTION EXPENDITURES (10.1 - 10.4) estimated for all formats.';
    expect(factsOf('budget', [form])).toEqual([]);
  });

  it('says nothing of figures in minutes that make no table', () => {
    const minutes = `Trustee Lezon moved to approve the bills in the amount of $52,118.40.
Roll call: Ayes 7, Nays 0. Motion carried.
Copier 2,500
Postage 1,200
Supplies 800
The Director reported 1,204 visits in March.`;
    expect(factsOf('minutes', [minutes])).toEqual([]);
  });
});

// FBI NICS firearm checks, November 2015 (five of its rows; California's thousands split by spaces).
const NICS = `State / Territory Permit Handgun Long Gun *Other **Multiple Admin Totals
California 98 452 41 181 35 007 4 559 0 0 0 0 0 480 433 4 0 0 0 0 0 0 0 0 0 180 116
Kentucky 264,140 12,155 14,847 254 648 1 9 11 0 1,491 2,315 2 2 2 0 6 8 0 0 0 0 295,891
Texas 21,550 56,941 51,670 2,532 3,048 0 29 20 0 5,748 5,331 21 1 2 1 42 36 4 1 5 0 146,982
Alaska 209 3,062 3,209 191 184 0 9 3 0 100 100 0 18 9 1 0 0 0 0 0 0 7,095
Guam 0 100 55 12 3 0 0 0 0 1 0 0 0 0 0 0 0 0 0 0 0 171
Totals 804,006 671,330 636,903 26,597 23,015 1,281 218 249 13 29,905 38,487 102 1,656 533 44 0 0 1,067 905 65 31 45 5 2,236,457

NICS Firearm Background Checks

November - 2015

Page 1 of 205`;

// Statistical Abstract of the United States 2012, Table 324 (columns and lines shortened, total made theirs).
const CENSUS = `Table 324. Arrests by Sex and Age: 2009
[In thousands (11,062.6 represents 11,062,600) For year ending December 31.]
Total . . . . . . . . . . . . . . . . . . . . . . . . . 3,063 .2 1,540 .0 9,522 .6
Property crime . . . . . . . . . . . . . . . . . 1,396 .4 338 .7 1,057 .7
Burglary . . . . . . . . . . . . . . . . . . . . . . 240.9 60.3 180.6
Larceny-theft . . . . . . . . . . . . . . . . . . 1,080.1 258.1 822.0
Motor vehicle theft . . . . . . . . . . . . . . 65.6 16.0 49.6
Arson . . . . . . . . . . . . . . . . . . . . . . . . 9.8 4.3 5.5
Drug abuse violations . . . . . . . . . . . . 1,333.0 136.6 1,196.4
All other offenses (except traffic) . . . . 333.8 263.4 2,800.8`;

describe('findTableFacts: a table of statistics', () => {
  it('quotes a long row by its label, its first figure and the figure read, and a row with leaders without them', () => {
    expect(factsOf('table', [NICS]).map((f) => f.quote)).toEqual([
      'Totals 804,006 … 2,236,457',
      'NICS Firearm Background Checks November - 2015',
      'Kentucky 264,140 … 295,891',
    ]);
    expect(factsOf('table', [CENSUS])[0]?.quote).toBe('Total … 3,063 .2');
  });

  it('says the stated total without claiming the lines make it, the subject and month, and the largest lines', () => {
    expect(statements(factsOf('table', [NICS]))).toEqual([
      'In “NICS Firearm Background Checks”, the total is 2,236,457.',
      '“NICS Firearm Background Checks” covers November 2015.',
      'The largest line is Kentucky: 295,891 (13.2% of the total); next come California (180,116) and Texas (146,982).',
    ]);
  });

  it('says a table in thousands in plain numbers, under its title', () => {
    expect(statements(factsOf('table', [CENSUS]))).toEqual([
      'In Table 324 (Arrests by Sex and Age: 2009), the total is about 3.06 million, and the lines add up to it.',
      'In Table 324 (Arrests by Sex and Age: 2009), the largest line is Property crime: about 1.40 million (45.6% of the total); next comes Drug abuse violations (about 1.33 million).',
    ]);
  });

  it('gives a bare grid of figures no fact', () => {
    expect(factsOf('table', ['1,204 3,300 12\n5,120 2,210 9\n7,001 1,200 3\n4,400 1,000 1\n2,000 1,000 1'])).toEqual([]);
  });
});

// California WARN report: records of the listing, a cancelled one, and the summary whose total line is theirs.
const WARN = [
  `Closure Permanent
12/31/2017 07/22/2015 Toyota Motor North America Torrance 3000 Closure Permanent
12/31/2017 07/22/2015 Toyota Motor North America Gardena 100

Layoff Unknown at this time
09/15/2015 07/22/2015 Oakley, Inc. Encinitas 8 Layoff Unknown at this time
09/28/2015 07/30/2015 Buca Restaurants 2, Inc.(CANCELLED)** Santa Monica 61

Layoff Permanent
10/23/2015 08/04/2015 Hilton San Francisco Union Square San Francisco 78
Effective Received Company City No. Of

WARN Report*

Summary by Received Date
07/01/2015 - 08/31/2015
Fiscal Year`,
  `Total 4 3,186 1 2 1 0
August 2015 2 78 0 1
July 2015 2 3,108 1 1 1 0
** Lay-offs have been cancelled by the Company.`,
];

describe('findTableFacts: a listing', () => {
  it('counts its entries against the total line, says its period and its largest entry, and leaves the cancelled one out', () => {
    expect(statements(factsOf('report', WARN))).toEqual([
      '“WARN Report: Summary by Received Date” has 4 entries adding up to 3,186, as its total line states.',
      '“WARN Report: Summary by Received Date” covers July 1, 2015 to August 31, 2015.',
      'The largest entry is Toyota Motor North America Torrance: 3,000 (94.2% of the total); next comes Toyota Motor North America Gardena (100).',
    ]);
  });

  it('says its own sum is its own, when no total is printed, the span of its dates, and how the entries group', () => {
    const senate = `DOCUMENT NO. DATE PAYEE NAME OBLIGATION/SERVICE DESCRIPTION AMOUNT ($)

37,499.96
DISTRICT DIRECTOR
BAIN, J MATTHEW
21,000.00
LEGISLATIVE CORRESPONDENT
SMITH, ALVARO R

920.68
STAFF TRANSPORTATION
03/06/2019
03/04/2019
DHAW20190001 05/03/2019 CITIBANK - TRAVEL CBA CARD
907.96
STAFF TRANSPORTATION
05/15/2019
DHAW20190002 05/24/2019 CITIBANK - TRAVEL CBA CARD
737.94
STAFF TRANSPORTATION
03/02/2019
DHAW20190003 05/03/2019 CITIBANK - TRAVEL CBA CARD
798.90
SENATOR'S TRANSPORTATION
03/24/2019
DHAW20190005 05/28/2019 CITIBANK - TRAVEL CBA CARD`;
    expect(statements(factsOf('table', [senate]))).toEqual([
      'By our count, the 6 entries listed add up to $61,865.44; no total is printed.',
      'The dates of the entries run from March 2, 2019 to May 28, 2019.',
      'The largest entry is District Director, Bain, J Matthew: $37,499.96 (60.6% of their sum); next come Legislative Correspondent, Smith, Alvaro R ($21,000.00) and Staff Transportation ($920.68).',
      '3 of the 6 entries are “Staff Transportation”, adding up to $2,566.58.',
    ]);
  });

  it('counts the entries of a register that has no figures, and spans their dates', () => {
    const licenses = `FEBRUARY 2014 M27 (BUS) ALPHABETIC LISTING BY TYPE
OF ACTIVE LICENSES
ADDRESS CITY ST ZIP PHONE NUMBER EXPIRES
648765 AAA ALLEGIANT AIR ALLEGIANT AIR LLC 7100 TERMINAL DRIVE OKLAHOMA CITY OK 73159 - 2014/12/03
648766 AAA ALLEGIANT AIR ALLEGIANT AIR LLC
STREET TULSA OK 74115 - 2014/12/16
82030 AAA AMERICAN AIRLINES AMERICAN AIRLINES INC 7100 TERMINAL DRIVE OKLAHOMA CITY OK 73159 (405) 680-3701 2014/09/14
509462 AAA AMERICAN AIRLINES AMERICAN AIRLINES INC 7777 EAST APACHE DRIVE TULSA OK 74115 (918) 831-6302 2014/08/19
600941 AAA ENDEAVOR AIR ENDEAVOR AIR INC 7100 TERMINAL DRIVE OKLAHOMA CITY OK 73159 (901) 348-4100 2015/03/26
106719 AAA UNITED AIRLINES UNITED AIRLINES INC WILL ROGERS AIRPORT OKLAHOMA CITY OK 73159 (872) 825-8309 2014/04/11
625422 BAW A SENSU JAPANESE RESTAURANT INFORMAL PARTNERSHIP TULSA OK 74133 (918) 252-0333 2015/02/14
464828 BAW ADAMO'S ROUTE 66 ITALIAN VILLA TADJ INC CLINTON OK 73601 (580) 323-5900 2015/02/11
Page 1 of 151`;
    expect(statements(factsOf('table', [licenses]))).toEqual([
      'The listing is for February 2014.',
      'The listing shows 8 entries, on 1 of its 151 pages.',
      'The dates under “Expires” run from April 11, 2014 to March 26, 2015.',
    ]);
  });
});

describe('findTableFacts: other languages and conventions', () => {
  it('reads the latest year of a budget whose years ascend, and does not take a column heading for its period', () => {
    const budget = `COUNTY OF EXAMPLE
GENERAL FUND EXPENDITURES BY DEPARTMENT
Department FY2022 FY2023 FY2024 $ Change
Actual Adopted Proposed
Sheriff 12,410,220 13,002,000 13,950,500 948,500
Public Works 8,120,400 8,455,000 8,610,000 155,000
Parks and Recreation 2,310,000 2,402,100 2,515,300 113,200
Library 1,905,000 1,990,000 2,050,000 60,000
Total General Fund 24,745,620 25,849,100 27,125,800 1,276,700`;
    expect(statements(factsOf('budget', [budget]))).toEqual([
      'Total general fund is 27,125,800 (FY2024), and the lines add up to it.',
      'Of total general fund, the largest line is Sheriff: 13,950,500 (51.4% of the total); next come Public Works (8,610,000) and Parks and Recreation (2,515,300).',
    ]);
  });

  it('reads a Quebec budget: spaces between thousands, the dollar sign after', () => {
    // The day it was adopted is not the period its figures cover.
    const budget = `PRÉVISIONS BUDGÉTAIRES 2023
Adopté le 19 avril 2022
REVENUS
Taxes foncières 4 512 300 $
Tarification des services 612 450 $
Transferts 298 000 $
Autres revenus 85 250 $
Total des revenus 5 508 000 $`;
    expect(statements(factsOf('budget', [budget], { code: 'fr', name: 'French' }))).toEqual([
      '“Total des revenus” is $5,508,000, and the lines add up to it.',
      'Of “total des revenus”, the largest line is Taxes foncières: $4,512,300 (81.9% of the total); next come Tarification des services ($612,450) and Transferts ($298,000).',
    ]);
  });

  it('reads an Argentine budget: dots between thousands, a decimal comma, the peso sign before', () => {
    const budget = `PRESUPUESTO DE GASTOS EJERCICIO 2025
Personal $ 45.678.901,00
Bienes de consumo $ 8.765.432,10
Servicios no personales $ 12.345.678,90
Total $ 66.790.012,00`;
    expect(statements(factsOf('budget', [budget], { code: 'es', name: 'Spanish' }))).toEqual([
      'The table\'s total is $66,790,012.00, and the lines add up to it.',
      'The budget covers fiscal year 2025.',
      'The largest line is Personal: $45,678,901.00 (68.4% of the total); next come Servicios no personales ($12,345,678.90) and Bienes de consumo ($8,765,432.10).',
    ]);
  });
});

describe('findTableFacts: bounded work', () => {
  it('reads a 1 MB line, a run of blank lines and a 10,000-line table to the end', () => {
    const long = 'Taxes levied and collected '.repeat(40_000);
    const blank = '\n'.repeat(200_000);
    const rows = Array.from({ length: 10_000 }, (_, i) => `Fund ${i} Line ${String.fromCharCode(65 + (i % 26))} $${(i % 900) + 100}`).join('\n');
    const facts = factsOf('budget', [long, blank, `${rows}\nTOTAL $1`]);
    expect(facts.some((f) => f.statement.startsWith('Total is $1') || f.statement.startsWith("The table's total is $1"))).toBe(true);
  });
});
