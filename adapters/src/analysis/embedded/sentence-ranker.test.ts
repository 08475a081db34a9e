import { describe, expect, it } from 'vitest';
import { isCandidate, isTitleLine } from './sentence-ranker.ts';
import { segmentPages } from './sentence-segmenter.ts';

const candidates = (text: string) => segmentPages([{ number: 1, text }]).filter(isCandidate).map((u) => u.text);

describe('summary candidates', () => {
  it('leave out roll calls, certifications and running titles that OCR varies from page to page', () => {
    expect(
      candidates(
        'Minuies of the Regular Board of Trustees Meeting\n\n' +
          'The Board approved the tentative budget and appropriation ordinance for the fiscal year.\n\n' +
          'AYES: DuRocher, Lezon, Picha, Richardson, Ruzicka, Stull, Warren\n\n' +
          'I do further certify that the attached is a true and correct copy of an ordinance adopted on the 15th day of July 2020.\n',
      ),
    ).toEqual(['The Board approved the tentative budget and appropriation ordinance for the fiscal year.']);
  });

  it('tell a running title from a sentence or a table row', () => {
    expect(isTitleLine('Minutes of the Regular Board of Trustees Meeting')).toBe(true);
    expect(isTitleLine('The Board approved the Tentative Budget.')).toBe(false);
    expect(isTitleLine('Boeing Company El Segundo 106 Layoff Unknown')).toBe(false);
  });
});
