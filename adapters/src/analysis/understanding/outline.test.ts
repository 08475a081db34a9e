import { describe, expect, it } from 'vitest';
import { documentText } from './document-text.ts';
import { headingOf, outlineOf } from './outline.ts';
import { pagesOf } from './testing/finder-input.ts';

describe('headingOf', () => {
  it.each([
    ['1. Call to order – Trustee Picha called the meeting to order at 7:03 p.m.', 1, 'Call to order – Trustee Picha called the meeting to order at 7:03 p.m.'],
    ['a. Approve Minutes of the February 19, 2020 Regular Board of Trustees Meeting', 2, 'Approve Minutes of the February 19, 2020 Regular Board of Trustees Meeting'],
    ['6.1 Autorisation de signature - Demande de subvention', 2, 'Autorisation de signature - Demande de subvention'],
    ['III. Presentation and Consideration of New Business Items', 1, 'Presentation and Consideration of New Business Items'],
    ['ASUNTO II.- CAMBIO DE DENOMINACIÓN DE LA SEDE ELECTRÓNICA', 1, 'CAMBIO DE DENOMINACIÓN DE LA SEDE ELECTRÓNICA'],
    ['\uf0a7 DE-2014/3 – Site des sports : Prévention des inondations', 1, 'Site des sports : Prévention des inondations'],
    ['Délibération n° 2022-045 : Attribution d’une subvention', 1, 'Attribution d’une subvention'],
    ['RÉSOLUTION NO. 2023-', 1, ''],
    ['3.- APROBACIÓN DEL PRESUPUESTO', 1, 'APROBACIÓN DEL PRESUPUESTO'],
    ['NEW BUSINESS', 1, 'NEW BUSINESS'],
    ['o Commissioners Absent: Shelley Young, Pat Bader', 3, 'Commissioners Absent: Shelley Young, Pat Bader'],
  ])('%s', (line, level, title) => {
    expect(headingOf(line)).toMatchObject({ level, title });
  });

  it('takes no date, table row, label or prose for a heading', () => {
    for (const line of ['14 janvier 2014', '2013 36', 'Article Montant', 'ABSENT: Trustees Lezon', 'The Board approved the budget.', 'Resolution Authorizing the Execution'])
      expect(headingOf(line)).toBeNull();
  });
});

describe('outlineOf', () => {
  const titles = (text: string): string[] => outlineOf(documentText(pagesOf(text))).map((item) => item.title);

  it('joins a title wrapped over lines, and stops at the item’s body', () => {
    expect(
      titles(`b. Approve Intergovernmental Agreement By and Between the City of
Warrenville and the Warrenville Public Library District Regarding
Subdivision Land Dedications
Director Whitmer stated this is simply an intergovernmental agreement.
2.1 Public Employee Performance Evaluation – Pursuant to Government Code
Section 54957
RÉSOLUTION NO. 2023-
Règlement 1330-1 amendant le Règlement 1330
IL EST PROPOSÉ PAR ________________ :
DE-2014/6 – Surveillance de la qualité de l’air dans certains ERP : Choix du cabinet
CABINET Montant H.T.`),
    ).toEqual([
      'Approve Intergovernmental Agreement By and Between the City of Warrenville and the Warrenville Public Library District Regarding Subdivision Land Dedications',
      'Public Employee Performance Evaluation – Pursuant to Government Code Section 54957',
      'Règlement 1330-1 amendant le Règlement 1330',
      'Surveillance de la qualité de l’air dans certains ERP : Choix du cabinet',
    ]);
  });

  it('joins a heading in capitals over its lines in capitals', () => {
    expect(titles('ASUNTO II.- CAMBIO DE DENOMINACIÓN DE LA SEDE ELECTRÓNICA\nDEL AYUNTAMIENTO DE LA ZARZA.\nSiendo necesario…')).toEqual([
      'CAMBIO DE DENOMINACIÓN DE LA SEDE ELECTRÓNICA DEL AYUNTAMIENTO DE LA ZARZA.',
    ]);
  });
});
