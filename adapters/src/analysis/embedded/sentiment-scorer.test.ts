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

  it('stays neutral and unsure where it finds no opinion words, as in foreign or garbled text', () => {
    for (const text of ['Der Gemeinderat tagt am Montag im Rathaus und berät den Haushalt.', 'Xq7 ;;; lll ||| 0O0 rn1 ~~ ..,, qzx vvv']) {
      const s = sentimentOf(text);
      expect(s.rating).toBe(3);
      expect(s.confidence).toBeLessThanOrEqual(0.2);
    }
  });
});
