import { describe, expect, it } from 'vitest';
import { findCaption } from './case-caption.ts';
import { documentText } from './document-text.ts';
import { pagesOf } from './testing/finder-input.ts';

const captionOf = (text: string) => findCaption(documentText(pagesOf(text)));

describe('findCaption', () => {
  it('reads a stacked caption with its roles and case number (corpus: nlrb-decision-sample1)', () => {
    expect(
      captionOf(`UNITED STATES OF AMERICA
BEFORE THE NATIONAL LABOR RELATIONS BOARD
SONOCO PROTECTIVE SOLUTIONS
Employer
and Case 04-RC-128714
LABORERS LOCAL 332
Petitioner
DECISION AND CERTIFICATION OF REPRESENTATIVE`),
    ).toMatchObject({
      parties: [
        { name: 'Sonoco Protective Solutions', role: 'employer' },
        { name: 'Laborers Local 332', role: 'petitioner' },
      ],
      caseNumber: '04-RC-128714',
    });
  });

  it('reads a caption written as a sentence, its case number wrapped (corpus: nlrb-decision-sample4)', () => {
    expect(
      captionOf(`361 NLRB No. 138
Pessoa Construction Company and Laborers’ International
Union of North America. Cases 05–
CA–034547, 05–CA–034761, and 05–CA–035083`),
    ).toMatchObject({
      parties: [{ name: 'Pessoa Construction Company' }, { name: 'Laborers’ International Union of North America' }],
      caseNumber: '05–CA–034547',
    });
  });

  it('finds no caption in minutes', () => {
    expect(captionOf('MOTION: Trustee Lee moved to approve the bills\nand the transfer of funds. Motion carried.')).toBeNull();
  });
});
