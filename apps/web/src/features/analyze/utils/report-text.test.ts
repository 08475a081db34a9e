import { describe, expect, it } from 'vitest';
import { ReportText, type Drawable } from './report-text.ts';

// A font that draws Basic Latin, Latin-1 and the replacement character, and nothing else.
const latin1: Drawable = (codePoint) => (codePoint >= 0x20 && codePoint <= 0x7e) || (codePoint >= 0xa0 && codePoint <= 0xff) || codePoint === 0xfffd;

describe('ReportText', () => {
  it('keeps what the font draws, composing letters written with a separate accent', () => {
    const text = new ReportText(latin1);
    expect(text.clean('Cafe\u0301 à Zürich')).toBe('Café à Zürich');
    expect(text.note()).toBeNull();
  });

  it('keeps line breaks, turns tabs into spaces and leaves out control and invisible format characters', () => {
    const text = new ReportText(latin1);
    expect(text.clean('one\r\ntwo\rthree\u2028four\tfive\u0007 six\u200b\u00ad\ufeff')).toBe('one\ntwo\nthree\nfour five six');
    expect(text.note()).toBeNull();
  });

  it('marks each missing character once, an emoji with its skin tone or a flag as one, and names what was marked', () => {
    const text = new ReportText(latin1);
    expect(text.clean('東京 👍🏽 🇫🇷 ❤️ ok')).toBe('\uFFFD\uFFFD \uFFFD \uFFFD \uFFFD ok');
    expect(text.clean('Закон и')).toBe('\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD \uFFFD');
    expect(text.clean('\uF020')).toBe('\uFFFD');
    expect(text.note()).toBe(
      "Some characters cannot be shown in this PDF (Chinese, emoji, other characters, and symbols of the original document's own fonts). " +
        'Each is marked \uFFFD here; the analysis on the CivicWatch website has the full text.',
    );
  });

  it('marks with "?" when the font has no replacement character either', () => {
    const text = new ReportText((codePoint) => codePoint < 0x80);
    expect(text.clean('año')).toBe('a?o');
    expect(text.note()).toMatch(/Each is marked \? here/);
  });
});
