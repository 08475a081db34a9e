import { describe, expect, it } from 'vitest';
import { perListSection } from '../contracts/analysis-catalogue.ts';
import { figureMarker, figuresWarning, splitFigureMarker, type Citation } from '../contracts/analysis-result.contract.ts';
import { checkFigures } from './figure-check.ts';
import type { ExtractedPage } from './text-extractor.port.ts';

/** The library district's levy ordinance (corpus), pages 1 and 3 in part. */
const pages: ExtractedPage[] = [
  {
    number: 1,
    text: 'ORDINANCE DETERMINING TO LEVY AN\nADDITIONAL TAX OF .02%\nFOR THE 2020-21 FISCAL YEAR\n' +
      'a special tax of .02% of the value of all taxable property in the District as\nequalized or assessed, shall be levied for the fiscal year 2020-2021.',
    ocr: false,
  },
  { number: 3, text: 'I further certify that the Ordinance was published on July 23, 2020, in THE DAILY HERALD.', ocr: false },
];

const cite = (section: Citation['section'], index: number, page: number, quote: string): Citation => ({ section, index, page, quote, verified: true });

const findings = () => ({
  ...perListSection((): string[] => []),
  summary: 'The district levies a special tax of .02% of property value for fiscal year 2020-21.',
  keyInsights: [
    'The tax is 0.02% of the value of all taxable property.',
    'The levy will raise $5,000,000 for library buildings.',
  ],
  constitutionalIssues: ['Under the 14th Amendment and 75 ILCS 16/35-5, the levy must apply equally to all property.'],
  citizenAction: ['Object at the hearing on March 3, 2021.', 'Read the notice published on July 23, 2020.'],
  citations: [
    cite('summary', 0, 1, 'a special tax of .02% of the value of all taxable property'),
    cite('keyInsights', 0, 1, 'a special tax of .02% of the value of all taxable property'),
    cite('keyInsights', 1, 1, 'a special tax of .02% of the value of all taxable property'),
    cite('constitutionalIssues', 0, 1, 'shall be levied for the fiscal year 2020-2021'),
    cite('citizenAction', 0, 3, 'the Ordinance was published on July 23, 2020'),
    cite('citizenAction', 1, 3, 'the Ordinance was published on July 23, 2020'),
  ],
});

describe('checkFigures', () => {
  it('marks each point whose amount or date the document does not contain, and only those, and names the figures', () => {
    const { findings: checked, warning } = checkFigures(findings(), pages);

    expect(checked.keyInsights).toEqual([
      'The tax is 0.02% of the value of all taxable property.',
      'The levy will raise $5,000,000 for library buildings. (Check this: the document does not contain $5,000,000.)',
    ]);
    expect(checked.citizenAction).toEqual([
      'Object at the hearing on March 3, 2021. (Check this: the document does not contain March 3, 2021.)',
      'Read the notice published on July 23, 2020.',
    ]);
    expect(checked.summary).toBe(findings().summary);
    // The law a model cites is not a figure of the document.
    expect(checked.constitutionalIssues).toEqual(findings().constitutionalIssues);
    expect(warning).toBe('The analysis mentions $5,000,000 and March 3, 2021, which the document does not contain.');
  });

  it('never shows a marked point as verified, though its quote is on its page', () => {
    const { findings: checked } = checkFigures(findings(), pages);
    expect(checked.citations.map((c) => [c.section, c.index, c.verified])).toEqual([
      ['summary', 0, true],
      ['keyInsights', 0, true],
      ['keyInsights', 1, false],
      ['constitutionalIssues', 0, true],
      ['citizenAction', 0, false],
      ['citizenAction', 1, true],
    ]);
  });

  it('checks the summary too, and leaves a faithful analysis exactly as it was', () => {
    const invented = { ...findings(), summary: 'The levy takes 2% of every home’s value from 2022.' };
    const { findings: checked, warning } = checkFigures(invented, pages);
    expect(checked.summary).toBe('The levy takes 2% of every home’s value from 2022. (Check this: the document does not contain 2% or 2022.)');
    expect(checked.citations[0]?.verified).toBe(false);
    expect(warning).toBe('The analysis mentions 2%, 2022, $5,000,000 and March 3, 2021, which the document does not contain.');

    const faithful = { ...findings(), keyInsights: findings().keyInsights.slice(0, 1), citizenAction: findings().citizenAction.slice(1), citations: [] };
    expect(checkFigures(faithful, pages)).toEqual({ findings: faithful, warning: null });
  });
});

describe('figure wording', () => {
  it('names one, two or many figures in a sentence, counting past six', () => {
    expect(figureMarker(['$5,000,000'])).toBe('(Check this: the document does not contain $5,000,000.)');
    expect(figureMarker(['$5', '6%', 'May 1, 2020'])).toBe('(Check this: the document does not contain $5, 6% or May 1, 2020.)');
    expect(figuresWarning(['$1', '$2', '$3', '$4', '$5', '$6', '$7', '$8'])).toBe(
      'The analysis mentions $1, $2, $3, $4, $5 and 3 other figures, which the document does not contain.');
  });

  it('gives a reader the marker apart from the point, and nothing else for a point the model wrote with brackets', () => {
    const point = `The levy raises $2,500,000 (in 2021). ${figureMarker(['$2,500,000'])}`;
    expect(splitFigureMarker(point)).toEqual({ text: 'The levy raises $2,500,000 (in 2021).', marker: 'Check this: the document does not contain $2,500,000.' });
    expect(splitFigureMarker('The levy raises money (Check the notice).')).toEqual({ text: 'The levy raises money (Check the notice).', marker: null });
  });
});
