import { describe, expect, it } from 'vitest';
import { excerptAround, showExcerpt } from './excerpt.ts';

const LEVY =
  'NOW, THEREFORE, BE IT ORDAINED AND DETERMINED by the Board of Trustees of the Warrenville Public Library District that for the purchase ' +
  'of sites and buildings, the construction and equipment of buildings, the rental of buildings required for library purposes, and ' +
  'maintenance, repairs, and alterations of library buildings and equipment, a special tax of .02% of the value of all taxable property ' +
  'in the District as equalized or assessed, shall be levied for the fiscal year 2020-2021.';

describe('excerptAround', () => {
  it('points at the clause that holds the match, with ellipses where the sentence goes on', () => {
    const excerpt = excerptAround(LEVY, LEVY.indexOf('tax'), 3);
    expect(showExcerpt(excerpt)).toBe('…a special tax of .02% of the value of all taxable property in the District as equalized or assessed…');
    expect(LEVY).toContain(excerpt.text);
  });

  it('grows a short clause by the clauses after it, where legal sentences put their verb', () => {
    const excerpt = excerptAround(LEVY, LEVY.indexOf('tax'), 3, 120);
    expect(showExcerpt(excerpt)).toBe('…a special tax of .02% of the value of all taxable property in the District as equalized or assessed, shall be levied for the fiscal year 2020-2021.');
  });

  it('gives a short sentence whole', () => {
    const text = 'A violation is punishable by a fine of up to $500 for each day.';
    const excerpt = excerptAround(text, text.indexOf('fine'), 4);
    expect(excerpt).toEqual({ text, atStart: true, atEnd: true });
    expect(showExcerpt(excerpt)).toBe(text);
  });

  it('cuts one very long clause to a window of whole words around the match', () => {
    const text = `${'word '.repeat(80)}surveillance ${'more '.repeat(80)}end`;
    const excerpt = excerptAround(text, text.indexOf('surveillance'), 12, 60, 120);
    expect(excerpt.text.length).toBeLessThanOrEqual(120);
    expect(excerpt.text).toContain('surveillance');
    expect(excerpt.text).toMatch(/^\w.*\w$/);
  });
});
