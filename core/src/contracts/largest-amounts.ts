import { findFigures, type Figure } from '../analysis/figures.ts';
import type { Fact } from './analysis-result.contract.ts';

/** One amount of a document as a chart draws it: its line item, its value, and the fact whose quote states it. */
export type ChartedAmount = {
  /** The line item, readably short: the words of the document's row, or the sentence that states the amount. */
  label: string;
  value: number;
  /** The amount as the document writes it ("$1,065,000", "950,000", "5 308 $"). */
  written: string;
  fact: Fact;
};

/** How many bars a chart of amounts draws at most. */
export const CHARTED_AMOUNTS = 8;
/** Fewer distinct amounts than this make no picture worth drawing: the key facts say them. */
const SEVERAL_AMOUNTS = 3;
/** A row of a table names its item in a few words; more are a sentence. */
const ROW_WORDS = 6;
const LABEL_CHARACTERS = 70;

/** "2018", "2020-21": years, which a budget's rows carry beside their amounts. */
const isYear = (figure: Figure): boolean => /[-–/]/.test(figure.text) || (/^\d{4}$/.test(figure.text) && Number(figure.text) >= 1900 && Number(figure.text) <= 2100);

/**
 * The figures of a text that may be sums of money, best first: amounts with their currency, then numbers written
 * as money often is in tables (grouped, or with cents: "950,000", "37,499.96"), then bare numbers. Percentages,
 * dates and years are not.
 */
const moneyIn = (text: string): Figure[] => {
  const rank = (figure: Figure) => (figure.kind === 'amount' ? 0 : /[,. ]/.test(figure.text) ? 1 : 2);
  return findFigures(text)
    .filter((figure) => (figure.kind === 'amount' || (figure.kind === 'number' && !isYear(figure))) && (figure.readings[0]?.value ?? 0) > 0)
    .sort((a, b) => rank(a) - rank(b));
};

/** The value two written figures share ("1.234" may be 1234 or 1.234), or null. */
const sharedValue = (a: Figure, b: Figure): number | null => {
  for (const x of a.readings) {
    for (const y of b.readings) if (Math.abs(x.value - y.value) <= Math.max(x.value, y.value) * 1e-9) return x.value;
  }
  return null;
};

const tidy = (text: string): string =>
  text
    .replace(/\s+/g, ' ')
    // A list's bullet as extraction keeps it: "o In 2018, …", "• Salaries".
    .replace(/^(?:[•·▪*\-–—]|o(?= ))\s*/u, '')
    .replace(/^[\s:;,.\-–—]+|[\s:;,\-–—]+$/g, '')
    .replace(/\.$/, '');

/** A label shortened at a word, so that a bar's line item stays one or two lines. */
const shortened = (text: string): string => {
  if (text.length <= LABEL_CHARACTERS) return text;
  // Up to the last space within the limit, the ellipsis taking the space's place.
  const cut = text.slice(0, LABEL_CHARACTERS);
  const end = cut.lastIndexOf(' ');
  return `${cut.slice(0, end > 0 ? end : LABEL_CHARACTERS - 1).replace(/[\s,;:]+$/, '')}…`;
};

/** "TOTAL BUDGET EXPENSES" as "Total Budget Expenses": a row set in capitals, said without shouting. */
const unshouted = (text: string): string => (/\p{Ll}/u.test(text) ? text : text.replace(/\p{L}+/gu, (word) => word[0] + word.slice(1).toLowerCase()));

/** A short word in lower case beside an amount joins it to a sentence: "is", "of", "de". */
const JOINING_WORD = /^\p{Ll}{1,3}$/u;

/**
 * The words that name the item of a table's row ("Salaries 44.4% 950,000", "TOTAL BUDGET EXPENSES $3,555,000"):
 * the quote without its figures, when it holds one amount and a few words, all on one side of it. Null for a
 * sentence ("the levy is $5,000", "pour un montant de 3 542,00 € H.T.").
 */
const rowLabel = (quote: string, money: readonly Figure[]): string | null => {
  const [amount] = money;
  if (!amount || money.length !== 1) return null;
  let text = quote;
  // Right to left, so that each figure's place in the quote still holds when it is cut out.
  for (const figure of findFigures(quote).sort((a, b) => b.index - a.index)) {
    text = `${text.slice(0, figure.index)}${figure.index === amount.index ? '\u0000' : ' '}${text.slice(figure.index + figure.text.length)}`;
  }
  const [before = '', after = ''] = text.replace(/[$€£¥¢%]/g, ' ').split('\u0000').map(tidy);
  if (before !== '' && after !== '') return null;
  const words = (before || after).split(' ').filter((word) => /\p{L}/u.test(word));
  const beside = before ? words.at(-1) : words[0];
  if (words.length === 0 || words.length > ROW_WORDS || JOINING_WORD.test(beside ?? '')) return null;
  return unshouted(before || after);
};

/**
 * The amount an `amount` fact states, read from its quote, which was found on its page: the figure its statement
 * also gives, else the quote's likeliest sum of money. The statement only when the quote has no figure (a sum
 * written in words). Labelled with the row's words, else with the shorter of the statement and the quote that
 * state it.
 */
function amountOf(fact: Fact): ChartedAmount | null {
  const quote = fact.quote.normalize('NFKC');
  const inQuote = moneyIn(quote);
  const inStatement = moneyIn(fact.statement);
  for (const figure of inQuote) {
    for (const stated of inStatement) {
      const value = sharedValue(figure, stated);
      if (value === null) continue;
      const sentence = [tidy(fact.statement), tidy(quote)].sort((a, b) => a.length - b.length)[0]!;
      return { label: shortened(rowLabel(quote, inQuote) ?? sentence), value, written: figure.text, fact };
    }
  }
  const [figure] = inQuote.length > 0 ? inQuote : inStatement;
  if (!figure) return null;
  const label = inQuote.length > 0 ? (rowLabel(quote, inQuote) ?? tidy(quote)) : tidy(fact.statement);
  return { label: shortened(label), value: figure.readings[0]!.value, written: figure.text, fact };
}

/**
 * The largest amounts of a document's verified `amount` facts, largest first, one bar per distinct amount (two
 * facts quoting the same row are one amount), at most CHARTED_AMOUNTS. None when there are fewer than three: a
 * chart is for a document with several amounts (a budget, a levy, appropriations).
 */
export function largestAmounts(facts: readonly Fact[]): ChartedAmount[] {
  const amounts: ChartedAmount[] = [];
  for (const fact of facts) {
    if (fact.type !== 'amount' || !fact.verified) continue;
    const amount = amountOf(fact);
    if (amount && !amounts.some((a) => a.value === amount.value)) amounts.push(amount);
  }
  if (amounts.length < SEVERAL_AMOUNTS) return [];
  return amounts.sort((a, b) => b.value - a.value).slice(0, CHARTED_AMOUNTS);
}
