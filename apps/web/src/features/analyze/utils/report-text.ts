/** Whether the report's font can draw a code point. */
export type Drawable = (codePoint: number) => boolean;

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
const inWords = new Intl.ListFormat('en', { type: 'conjunction' });

// What the note calls the characters it could not show: the scripts a reader knows by name (ISO 15924 codes,
// as `\p{Script=…}` takes them). Which characters are missing comes from the font, never from this list.
const SCRIPT_NAMES: ReadonlyArray<readonly [RegExp, string]> = (
  [
    ['Hani', 'Chinese'], ['Hira', 'Japanese'], ['Kana', 'Japanese'], ['Hang', 'Korean'], ['Arab', 'Arabic'],
    ['Hebr', 'Hebrew'], ['Syrc', 'Syriac'], ['Thaa', 'Thaana'], ['Deva', 'Devanagari'], ['Beng', 'Bengali'],
    ['Guru', 'Gurmukhi'], ['Gujr', 'Gujarati'], ['Orya', 'Odia'], ['Taml', 'Tamil'], ['Telu', 'Telugu'],
    ['Knda', 'Kannada'], ['Mlym', 'Malayalam'], ['Sinh', 'Sinhala'], ['Thai', 'Thai'], ['Laoo', 'Lao'],
    ['Khmr', 'Khmer'], ['Mymr', 'Burmese'], ['Tibt', 'Tibetan'], ['Ethi', 'Ethiopic'], ['Armn', 'Armenian'],
    ['Geor', 'Georgian'], ['Cans', 'Canadian syllabics'], ['Cher', 'Cherokee'], ['Mong', 'Mongolian'],
  ] as const
).map(([code, name]) => [new RegExp(`^\\p{Script=${code}}`, 'u'), name] as const);
const EMOJI = /^(\p{Extended_Pictographic}|\p{Regional_Indicator})/u;
// A PDF set in a symbol font often hands its characters over as private-use code points (a space as U+F020).
const PRIVATE_USE = /^\p{Co}/u;

function kindOf(grapheme: string): string {
  for (const [script, name] of SCRIPT_NAMES) if (script.test(grapheme)) return name;
  if (EMOJI.test(grapheme)) return 'emoji';
  return PRIVATE_USE.test(grapheme) ? "symbols of the original document's own fonts" : 'other characters';
}

/**
 * Text as the report's font can draw it. jsPDF silently leaves out a character its font has no glyph for;
 * here each such character (a whole grapheme: an emoji with its modifiers, a letter with its marks) becomes one
 * visible mark instead, and what kind of character it was is kept for the report's note. One instance serves
 * one report.
 */
export class ReportText {
  /** U+FFFD, or "?" should the font not have it. */
  readonly marker: string;
  readonly #drawable: Drawable;
  readonly #missing = new Set<string>();

  constructor(drawable: Drawable) {
    this.#drawable = drawable;
    this.marker = drawable(0xfffd) ? '\uFFFD' : '?';
  }

  clean(text: string): string {
    const normalized = text
      .normalize('NFC')
      .replace(/\r\n?|[\u0085\u2028\u2029]/g, '\n')
      .replace(/\t/g, ' ')
      // Variation selectors only choose between the emoji and the text look of a symbol.
      .replace(/[\uFE0E\uFE0F]/g, '')
      // Control characters draw nothing and are no part of the wording.
      .replace(/(?!\n)\p{Cc}/gu, '');
    let out = '';
    for (const { segment } of graphemes.segment(normalized)) {
      if (segment === '\n') {
        out += segment;
        continue;
      }
      // Format characters (zero-width space, soft hyphen, direction marks) are invisible by design.
      const visible = segment.replace(/\p{Cf}/gu, '');
      if (visible === '') continue;
      if ([...visible].every((char) => this.#drawable(char.codePointAt(0)!))) {
        out += visible;
      } else {
        out += this.marker;
        this.#missing.add(kindOf(visible));
      }
    }
    return out;
  }

  /** The report's one word on what `clean` marked so far, or null when it marked nothing. */
  note(): string | null {
    if (this.#missing.size === 0) return null;
    return `Some characters cannot be shown in this PDF (${inWords.format([...this.#missing])}). Each is marked ${this.marker} here; the analysis on the CivicWatch website has the full text.`;
  }
}
