import { describe, expect, it } from 'vitest';
import { documentText } from './document-text.ts';
import { findMotions } from './motions.ts';
import { outlineOf } from './outline.ts';
import { pagesOf } from './testing/finder-input.ts';
import { sayTally } from './vote-tally.ts';

const motionsOf = (...texts: string[]) => {
  const doc = documentText(pagesOf(...texts));
  return findMotions(doc, outlineOf(doc)).map((m) => ({
    action: m.action,
    topic: m.topic,
    outcome: m.outcome,
    tally: m.tally ? sayTally(m.tally) : null,
    mover: m.mover,
    seconder: m.seconder,
    amounts: m.amounts.map((a) => a.value),
    procedural: m.procedural,
  }));
};

describe('findMotions', () => {
  it('reads a motion, its discussion, an amendment and its roll call (corpus: wpld-minutes-2020-04-15)', () => {
    const [motion] = motionsOf(`a. Consideration of Director’s recommendation to continue paying full
compensation to all employees through May 3, 2020
MOTION: Trustee DuRocher moved the Board to authorize the continued
compensation of all employees at their regular rate of pay for their regular authorized
hours through May 3, 2020. Trustee Stull seconded.
Trustee DuRocher asked for an explanation of stress conditions affecting the staff.
Trustee DuRocher moved to amend her motion to authorize compensation of all
employees for their regular authorized hours until the end of the fiscal year, June 30.
Trustee Stull seconded.
Roll call vote:
Ayes – Trustees DuRocher, Lezon, Picha, Richardson, Ruzicka, Stull and Warren
Nays – none
Absent – none
Motion carried`);
    expect(motion).toEqual({
      action: 'authorize compensation of all employees for their regular authorized hours until the end of the fiscal year, June 30',
      topic: null,
      outcome: 'passed',
      tally: '7-0',
      mover: 'DuRocher',
      seconder: 'Stull',
      amounts: [],
      procedural: false,
    });
  });

  it('reads one-line motions of bulleted minutes (corpus: chicago-ssa21-minutes-2018-01-29)', () => {
    const motions = motionsOf(`\uf0a7 Minutes from 11/30/17 meeting approved – Z. Maiorca (motion), T. Feinberg (second)
\uf0a7 2017/18 Financials approved – B. Munro (motion), C. Dallas (second)
o APPROVED – Revised 2018 budget – B. Munro (motion), Z. Maiorca (second)
\uf0a7 $5,000 proposed for lighting retrofits rejected, moved to ‘Holiday Decorations’`);
    expect(motions.map((m) => [m.topic, m.mover, m.seconder, m.procedural])).toEqual([
      ['Minutes from 11/30/17 meeting', 'Z. Maiorca', 'T. Feinberg', true],
      ['2017/18 Financials', 'B. Munro', 'C. Dallas', false],
      ['Revised 2018 budget', 'B. Munro', 'Z. Maiorca', false],
      ['$5,000 proposed for lighting retrofits', null, null, false],
    ]);
  });

  it('reads M/S lines, failed motions and a motion to table (written for this test)', () => {
    const motions = motionsOf(`ITEM 7. Approve purchase of two plow trucks from Boyer Ford Trucks for $389,220.
M/S Lindgren/Hauer to approve the purchase. Motion carried unanimously.
ITEM 8. Variance request at 414 Elm Street
Commissioner Hauer moved to deny the variance. Commissioner Ruiz seconded. The motion failed 2-3.
ITEM 9. Dog park fees
On a motion by Commissioner Ruiz, the Commission voted to table the item until May. Motion tabled.`);
    expect(motions.map((m) => [m.action, m.outcome, m.tally, m.mover, m.seconder, m.amounts])).toEqual([
      ['approve the purchase', 'passed', 'unanimously', 'Lindgren', 'Hauer', [389220]],
      ['deny the variance', 'failed', '2-3', 'Hauer', 'Ruiz', []],
      ['table the item until May', 'tabled', null, 'Ruiz', null, []],
    ]);
  });

  it('says what a board did as what it voted to do (written for this test)', () => {
    const motions = motionsOf(`6. Purchase of a dump truck
Upon a motion by Commissioner Smith, seconded by Commissioner Jones, the Board unanimously approved the purchase of a
tandem-axle dump truck from Midway Ford for $142,500.
7. Park rules
The Council adopted Resolution 2021-18 amending the park rules by a roll call vote of 6 to 1.`);
    expect(motions.map((m) => [m.action, m.tally, m.mover, m.seconder, m.amounts])).toEqual([
      ['approve the purchase of a tandem-axle dump truck from Midway Ford for $142,500', 'unanimously', 'Smith', 'Jones', [142500]],
      ['adopt Resolution 2021-18 amending the park rules by a roll call vote of 6 to 1', '6-1', null, null, []],
    ]);
  });

  it('does not take an outcome from a discussion, a signature stamp or a moved item', () => {
    expect(
      motionsOf(`Trustee Picha moved Item 7.a - Approval of the June 20, 2018 Minutes to the Regular Agenda 8.c.
Director Whitmer stated the State approved the grant last year and staff adopted the new schedule.
Approved August 15, 2018`),
    ).toEqual([]);
  });

  it('says a French deliberation by its title, even when its words are in the mayor’s presentation', () => {
    const [motion] = motionsOf(`DE-2014/6 – Surveillance de la qualité de l’air dans certains ERP : Choix du cabinet
CABINET Montant H.T.
BUREAU VERITAS (44800 SAINT-HERBLAIN) 3 190,00 €
HYGIATECH DPA (92250 LA GARENNE COLOMBES) 4 404,55 €
Le Conseil municipal, après avoir entendu son rapporteur en son exposé et délibéré,
décide, par 15 voix « Pour » et 1 « Contre » :
- De confier la surveillance de la qualité de l’air dans certains ERP au Bureau
VERITAS pour un montant de 3 190,00 € H.T.,
- de donner tous pouvoirs à Monsieur le Maire pour mener ce dossier à bien.`);
    expect(motion).toMatchObject({
      topic: 'Surveillance de la qualité de l’air dans certains ERP : Choix du cabinet',
      tally: '15-1',
      amounts: [3190],
    });
  });

  it('keeps no threshold a Spanish agreement states for the sum it decides (corpus: es-la-zarza)', () => {
    const [motion] = motionsOf(`ASUNTO III.- SOLICITUD DE DICTAMEN SOBRE RECURSO DE IMPUGNACIÓN.
PRIMERO.- SOLICITAR a la Comisión Jurídica que DICTAMEN la inadmisión del recurso especial de
contratación presentado por el interesado,, ya que no supera este procedimiento el importe de 3.000.000 euros,
remitiendo el expediente completo.
Sometido el asunto a votación, se adopta por UNANIMIDAD de todos los Concejales
asistentes la propuesta presentada.`);
    expect(motion).toMatchObject({ tally: 'unanimously', amounts: [] });
  });
});
