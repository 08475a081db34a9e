import { describe, expect, it } from 'vitest';
import { quoteOccursIn } from '@civicwatch/core/analysis/grounding.ts';
import { segmentPages } from './sentence-segmenter.ts';

describe('segmentPages', () => {
  it('gives each unit its page, offsets and verbatim-derived text', () => {
    const text = 'The Board met at 7 p.m. and approved the levy.\nThe tax is .02% of the value of all taxable\nproperty.';
    const units = segmentPages([{ number: 4, text }]);
    expect(units.map((u) => u.text)).toEqual(['The Board met at 7 p.m. and approved the levy.', 'The tax is .02% of the value of all taxable property.']);
    for (const u of units) {
      expect(u.page).toBe(4);
      expect(text.slice(u.start, u.end).replace(/\s+/g, ' ')).toBe(u.text);
    }
  });

  it('joins words hyphenated at a line end in the display text', () => {
    const [unit] = segmentPages([{ number: 1, text: 'The District levies an additional tax for mainte-\nnance of the buildings.' }]);
    expect(unit?.text).toBe('The District levies an additional tax for maintenance of the buildings.');
  });

  it('keeps a compound name broken at a line-end hyphen whole, so that its quote is found on the page', () => {
    const text = 'Le Conseil s’est réuni sous la présidence de Monsieur Jean-\nPaul LERAY, Maire de Loire-\nAtlantique.';
    const [unit] = segmentPages([{ number: 1, text }]);
    expect(unit?.text).toBe('Le Conseil s’est réuni sous la présidence de Monsieur Jean-Paul LERAY, Maire de Loire-Atlantique.');
    expect(quoteOccursIn(unit?.text ?? '', text)).toBe(true);
  });

  it('marks lines repeated on most pages as boilerplate and headings as headings', () => {
    const body = ['The Council adopts the general fund budget as shown.', 'Water rates rise by four percent in July.', 'Parks receive a new maintenance crew.'];
    const headings = ['BUDGET', 'RATES', 'PARKS'];
    const page = (n: number) => `CITY OF SPRINGFIELD\nSECTION ${n}. ${headings[n - 1]}\n${body[n - 1]}\nPage ${n} of 3`;
    const units = segmentPages([1, 2, 3].map((n) => ({ number: n, text: page(n) })));
    expect(units.filter((u) => u.text.startsWith('Page')).every((u) => u.kind === 'boilerplate')).toBe(true);
    expect(units.filter((u) => u.text === 'CITY OF SPRINGFIELD').every((u) => u.kind === 'boilerplate')).toBe(true);
    const prose = units.filter((u) => u.kind === 'prose');
    expect(prose).toHaveLength(3);
    expect(prose.map((u) => u.heading)).toEqual(headings);
  });

  it('keeps table rows out of the prose', () => {
    const units = segmentPages([{ number: 1, text: 'Fund        2020        2021\nGeneral     1,200.00    1,350.00\nThe totals are unaudited figures for the year.' }]);
    expect(units.map((u) => u.kind)).toEqual(['table', 'table', 'prose']);
  });

  it('copes with tiny, empty and garbled text', () => {
    expect(segmentPages([{ number: 1, text: '' }])).toEqual([]);
    expect(segmentPages([{ number: 1, text: '   \n\n ' }])).toEqual([]);
    expect(segmentPages([{ number: 1, text: 'Xq7 ;;; lll ||| 0O0 rn1 ~~ ..,, qzx' }]).length).toBeGreaterThan(0);
  });
});

describe('segmentPages on word-processor lists and roll calls', () => {
  it('starts a unit at each exported bullet and each line of a roll call', () => {
    const text =
      '\uF0B7 Meeting called to order at 9:08am by the chair of the commission\n' +
      'o Commissioners Present: Anthony Qaiyum, Zach Maiorca, Melaina Prest\n' +
      'o In 2017, the SSA received $239,503 out of $242,994 in expected taxes\n' +
      'AYES: DuRocher, Lezon, Picha\nNAYS: None\nABSENT: None\n';
    expect(segmentPages([{ number: 1, text }]).map((u) => u.text)).toEqual([
      '\uF0B7 Meeting called to order at 9:08am by the chair of the commission',
      'o Commissioners Present: Anthony Qaiyum, Zach Maiorca, Melaina Prest',
      'o In 2017, the SSA received $239,503 out of $242,994 in expected taxes',
      'AYES: DuRocher, Lezon, Picha',
      'NAYS: None',
      'ABSENT: None',
    ]);
  });
});
