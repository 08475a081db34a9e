import { describe, expect, it } from 'vitest';
import { scoreSentiment } from './sentiment-scorer.ts';
import { segmentPages } from './sentence-segmenter.ts';

const sentimentOf = (text: string) => scoreSentiment(segmentPages([{ number: 1, text }]));

describe('scoreSentiment', () => {
  it('rates penalties, tax increases and cuts as negative for citizens', () => {
    const s = sentimentOf(
      'The ordinance increases the property tax levy by 12 percent. Violations are punishable by fines and imprisonment. ' +
        'Library hours are cut and two branches face closure. Residents who fail to pay will lose access to services.',
    );
    expect(s.rating).toBeLessThanOrEqual(2);
    expect(s.confidence).toBeGreaterThan(0.3);
  });

  it('rates grants, relief and protections as positive', () => {
    const s = sentimentOf(
      'The program provides grants to improve school meals and protect children. Families receive tax relief and free access ' +
        'to health services. The plan expands support for seniors and improves safety in parks.',
    );
    expect(s.rating).toBeGreaterThanOrEqual(4);
  });

  it('rates a neutral procedural tax levy 3, not 5, without claiming to be sure', () => {
    const s = sentimentOf(
      'WHEREAS, the Public Library District Act authorizes the Board of Trustees to levy a special tax for library buildings; and\n' +
        'NOW, THEREFORE, BE IT ORDAINED by the Board of Trustees that a special tax of .02% of the value of all taxable property shall be levied.\n' +
        'FURTHER, a copy of this Ordinance shall be published in THE DAILY HERALD within fifteen (15) days after adoption.\n' +
        'FURTHER, this Ordinance shall be in full force and effect from and after its adoption as provided by law.\n' +
        'I do further certify that the attached is a true and correct copy of an ordinance adopted at a Meeting of the Board of Trustees.\n' +
        'I further certify that the Ordinance was published on July 23, 2020, in THE DAILY HERALD.',
    );
    expect(s.rating).toBe(3);
    expect(s.confidence).toBeLessThanOrEqual(0.6);
  });

  it('leaves a long neutral text neutral despite a few warm words', () => {
    const neutral = 'The Board reviewed the agenda and the report of the Director for the month of March. '.repeat(20);
    expect(sentimentOf(`${neutral}Welcome to the meeting. The library will support the new reading program and improve access.`).rating).toBe(3);
  });

  it('stays neutral and unsure where it finds no opinion words, as in foreign or garbled text', () => {
    for (const text of ['Der Gemeinderat tagt am Montag im Rathaus und berät den Haushalt.', 'Xq7 ;;; lll ||| 0O0 rn1 ~~ ..,, qzx vvv']) {
      const s = sentimentOf(text);
      expect(s.rating).toBe(3);
      expect(s.confidence).toBeLessThanOrEqual(0.2);
    }
  });
});
