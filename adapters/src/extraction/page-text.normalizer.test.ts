import { describe, expect, it } from 'vitest';
import { normalizeOcrText, textItemsToText, visibleLength, type PositionedText } from './page-text.normalizer.ts';

/** A 12 pt item at (x, y) whose advance is 6 units per character. */
const item = (str: string, x: number, y: number, hasEOL = false, size = 12): PositionedText => ({
  str,
  transform: [size, 0, 0, size, x, y],
  width: str.length * size * 0.5,
  height: size,
  hasEOL,
});

describe('textItemsToText', () => {
  it('ends a line where pdf.js saw an end of line', () => {
    expect(textItemsToText([item('Motion carried.', 72, 700, true), item('Ayes: 6', 72, 686)])).toBe('Motion carried.\nAyes: 6');
  });

  it('ends a line where the baseline moves, even without an end-of-line mark', () => {
    expect(textItemsToText([item('The Board adopted', 72, 700), item('the budget.', 72, 686)])).toBe('The Board adopted\nthe budget.');
  });

  it('keeps a footnote mark on its line as a word of its own', () => {
    expect(textItemsToText([item('the Board.', 72, 700), item('18', 132, 704, false, 7), item('It', 140, 700)])).toBe(
      'the Board. 18 It',
    );
  });

  it('starts a new line where drawing resumes to the left on the same baseline', () => {
    expect(textItemsToText([item('47705', 540, 760), item('Federal Register', 72, 760)])).toBe('47705\nFederal Register');
  });

  it('joins a word hyphenated at the end of a line onto that line', () => {
    const items = [item('the supple-', 72, 700, true), item('mental rules apply; Pro-', 72, 686, true), item('Tem', 72, 672)];
    expect(textItemsToText(items)).toBe('the supplemental\nrules apply; Pro-\nTem');
  });

  it('puts a space where words were positioned apart instead of separated by a space character', () => {
    const items = [item('Drive,', 108, 88), item('Montgomeryville,', 151, 88), item('Pennsylvania', 253, 88)];
    expect(textItemsToText(items)).toBe('Drive, Montgomeryville, Pennsylvania');
  });

  it('reads a symbol font’s space as a space and its list bullets as bullets, not as private-use glyphs', () => {
    const items = [item('\uF0B7', 72, 700), item('\uF020', 78, 700), item('Taux\uF020de 2,5 %', 90, 700)];
    expect(textItemsToText(items)).toBe('• Taux de 2,5 %');
  });

  it('joins pieces of one word that the producer drew separately', () => {
    expect(textItemsToText([item('Appro', 72, 700), item('priation', 102, 700)])).toBe('Appropriation');
  });

  it('keeps the producer’s space items as single spaces', () => {
    const items = [item('and', 108, 582), { ...item(' ', 128, 582), width: 268, height: 0 }, item('Case 04-RC-128714', 396, 582)];
    expect(textItemsToText(items)).toBe('and Case 04-RC-128714');
  });

  it('marks a paragraph where the gap is well beyond the page’s usual line spacing, not in double spacing', () => {
    const doubleSpaced = [item('one', 72, 700, true), item('two', 72, 672, true), item('three', 72, 644, true), item('four', 72, 560)];
    expect(textItemsToText(doubleSpaced)).toBe('one\ntwo\nthree\n\nfour');
  });

  describe('text drawn in another direction (margin stamps, landscape tables on portrait pages)', () => {
    /** A 6 pt item turned a quarter turn anticlockwise (reads bottom to top), at (x, y), 3 units of advance per character. */
    const turned = (str: string, x: number, y: number, hasEOL = false, size = 6): PositionedText => ({
      str,
      transform: [0, size, -size, 0, x, y],
      width: str.length * size * 0.5,
      height: size,
      hasEOL,
    });
    /** The same, turned clockwise (reads top to bottom). */
    const turnedClockwise = (str: string, x: number, y: number, size = 6): PositionedText => ({
      ...turned(str, x, y, false, size),
      transform: [0, -size, size, 0, x, y],
    });

    it('lays a vertical stamp drawn word by word and glyph by glyph out along its own baseline', () => {
      // "Fecha Firma:" ends at y = 536; the next word starts 2 units (a third of the font size) further up.
      const stamp = [
        turned('Fecha Firma:', 30, 500),
        turned('26/02/2025', 30, 538),
        turned('HASH:', 36, 500),
        ...[...'4b63'].map((glyph, index) => turned(glyph, 36, 517 + 3 * index)),
      ];
      expect(textItemsToText(stamp)).toBe('Fecha Firma: 26/02/2025\nHASH: 4b63');
    });

    it('reads text turned clockwise top to bottom, its lines from right to left', () => {
      const spine = [turnedClockwise('Documento firmado', 566, 700), turnedClockwise('electrónicamente', 566, 646), turnedClockwise('Página 1 de 3', 560, 700)];
      expect(textItemsToText(spine)).toBe('Documento firmado electrónicamente\nPágina 1 de 3');
    });

    it('keeps a row of a landscape table on one line, its cells apart', () => {
      const header = [turned('DOCUMENT NO.', 108, 78), turned('DATE', 108, 161), turned('PAYEE NAME', 108, 243), turned('AMOUNT ($)', 108, 666, true)];
      const row = [turned('D0042', 115, 78), turned('01/15/2015', 115, 161), turned('BAIN, J MATTHEW', 115, 243), turned('37,499.96', 115, 666)];
      expect(textItemsToText([...header, ...row])).toBe('DOCUMENT NO. DATE PAYEE NAME AMOUNT ($)\nD0042 01/15/2015 BAIN, J MATTHEW 37,499.96');
    });

    it('sets a margin stamp apart from the body as a paragraph of its own, without disturbing the body’s lines', () => {
      const items = [
        item('sometimiento al Pleno, por la necesidad', 85, 95, true),
        item('de aprobar el presupuesto.', 85, 81),
        turned('Cód. Validación: 5JXLY6P4', 555, 69, true),
        turned('Verificación: sedelectronica.es', 561, 69),
      ];
      expect(textItemsToText(items)).toBe(
        'sometimiento al Pleno, por la necesidad\nde aprobar el presupuesto.\n\nCód. Validación: 5JXLY6P4\nVerificación: sedelectronica.es',
      );
    });

    it('keeps slanted (synthetic italic) text on its line: only the baseline’s direction turns a line', () => {
      const slanted = { ...item('conseil', 150, 600), transform: [12, 0, 4, 12, 150, 600] };
      expect(textItemsToText([item('Le', 120, 600), slanted, item('municipal', 198, 600)])).toBe('Le conseil municipal');
    });
  });

  it('reads an empty page as empty', () => {
    expect(textItemsToText([])).toBe('');
    expect(textItemsToText([{ ...item(' ', 72, 700), hasEOL: true }])).toBe('');
  });
});

describe('normalizeOcrText', () => {
  it('trims lines and keeps at most one blank line between paragraphs', () => {
    expect(normalizeOcrText('  MINUTES  OF THE  \n\n\n\nMEETING \n')).toBe('MINUTES OF THE\n\nMEETING');
  });
});

describe('visibleLength', () => {
  it('counts characters that are not white space', () => {
    expect(visibleLength(' a b\n\tc ')).toBe(3);
  });
});
