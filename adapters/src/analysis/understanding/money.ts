/** A sum of money written in a text: where it is, how it was written, and its value. */
export interface WrittenAmount {
  value: number;
  currency: '$' | '€';
  /** True when the text writes cents ("$55,719.17", "3 190,00 €"), so they are said back. */
  cents: boolean;
  text: string;
  index: number;
}

// English writes "$1,234.56" and "$32 million"; French, Quebec and Spanish texts write the figure first with a
// space or a dot between thousands and a comma before cents: "510 000$", "3 190,00 €", "3.000.000 euros".
// Every repetition is bounded, so a scan is linear in the text's length.
const SCALE = '(?:\\s?(million|billion|thousand)\\b)?';
const SYMBOL_FIRST = `\\$\\s?(\\d{1,3}(?:,\\d{3}){1,4}|\\d{1,12})(?:\\.(\\d{1,2}))?(?!\\d)${SCALE}`;
const FIGURE_FIRST =
  '(?<![\\d.,])(\\d{1,3}(?:[ \\u00a0\\u202f.]\\d{3}){1,4}|\\d{1,12})(?:,(\\d{2}))?\\s?(\\$|€|euros?\\b|EUR\\b|dollars?\\b)';
const EURO_FIRST = `€\\s?(\\d{1,3}(?:,\\d{3}){1,4}|\\d{1,12})(?:\\.(\\d{1,2}))?(?!\\d)${SCALE}`;
const AMOUNT = new RegExp(`${SYMBOL_FIRST}|${FIGURE_FIRST}|${EURO_FIRST}`, 'giu');

const SCALES: Record<string, number> = { thousand: 1e3, million: 1e6, billion: 1e9 };

const figure = (whole: string, cents: string | undefined): number =>
  Number(whole.replace(/[^\d]/g, '')) + (cents ? Number(cents.padEnd(2, '0')) / 100 : 0);

/** Every sum of money written in `text`, in order: "$41,642.15", "$32 million", "510 000$", "3 190,00 €". */
export const findAmounts = (text: string): WrittenAmount[] => {
  const found: WrittenAmount[] = [];
  for (const m of text.matchAll(AMOUNT)) {
    let value: number;
    let currency: WrittenAmount['currency'];
    let cents: boolean;
    if (m[1] !== undefined) {
      value = figure(m[1], m[2]) * (m[3] ? SCALES[m[3].toLowerCase()]! : 1);
      currency = '$';
      cents = m[2] !== undefined && !m[3];
    } else if (m[4] !== undefined) {
      value = figure(m[4], m[5]);
      currency = /\$|dollar/i.test(m[6]!) ? '$' : '€';
      cents = m[5] !== undefined;
    } else {
      value = figure(m[7]!, m[8]) * (m[9] ? SCALES[m[9].toLowerCase()]! : 1);
      currency = '€';
      cents = m[8] !== undefined && !m[9];
    }
    if (value > 0) found.push({ value, currency, cents: cents && value % 1 !== 0, text: m[0], index: m.index });
  }
  return found;
};

/** "$41,642.15", "€3,190", "$132,000,000": how a sum is said in an English statement. */
export const sayAmount = (amount: Pick<WrittenAmount, 'value' | 'currency' | 'cents'>): string =>
  `${amount.currency}${amount.value.toLocaleString('en-US', {
    minimumFractionDigits: amount.cents ? 2 : 0,
    maximumFractionDigits: amount.cents ? 2 : 0,
  })}`;

/** The largest sum written in a text, or null: the one a decision is usually about. */
export const largestAmount = (text: string): WrittenAmount | null =>
  findAmounts(text).reduce<WrittenAmount | null>((best, a) => (best === null || a.value > best.value ? a : best), null);
