import type { ExtractedPage } from '@civicwatch/core/analysis/text-extractor.port.ts';
import { findAmounts, type WrittenAmount } from '../understanding/money-amounts.ts';

/**
 * What two versions are compared by: a line item of a table or list (a label and its amounts), or a sentence
 * of running text (lines of a paragraph joined, so that text reflowed between versions still lines up).
 */
export interface VersionUnit {
  kind: 'item' | 'prose';
  page: number;
  /** The unit as the page writes it: what a change quotes. */
  text: string;
  /** Lower case words and figures, OCR's usual confusions folded: what alignment compares. */
  tokens: string[];
  /** An item's label ("Debt Repayment"), its heading ("Salaries") when it is a sub-line, its amounts. */
  label: string;
  heading: string | null;
  /** Read by OCR: its names and figures may be misread, so a roll call read from it is trusted less. */
  ocr: boolean;
  /** The column heads over an item's amounts ("Appropriated", "Levied"), when there is one per amount. */
  columns: string[] | null;
  amounts: WrittenAmount[];
}

/** Longest unit kept whole; a paragraph longer than this is cut, so alignment stays bounded. */
const MAX_UNIT = 600;
/** Labels of items are short: a long line ending in an amount is a sentence that names a sum. */
const MAX_LABEL_WORDS = 14;

const PAGE_MARK = /^(?:page|p\.|página|pagina)\s*[\dA-Za-z&]{1,4}(?:\s*(?:of|de|sur)\s*\d{1,4})?$|^-?\s*\d{1,4}\s*-?$/i;
/** A heading of an outline: "A. Salaries:", "1. GENERAL:", "I Personnel Development:" (no amount). */
const OUTLINE = /^(?:[A-Z]|[0-9]{1,2}|[IVX]{1,4})[.,)]?\s+\S/;
/** A line that heads what follows: an outline mark or a colon, and short. */
const isHeading = (line: string): boolean => line.length <= 48 && line.split(' ').length <= 6 && (OUTLINE.test(line) || /:$/.test(line));
/** A clause of a legal text starts a unit of its own: "WHEREAS,", "SECTION 2:", "Section 1:", "FURTHER,". */
const CLAUSE_START = /^(?:\p{Lu}{4,}[,:]|(?:SECTION|Section|ARTICLE|Article|Sec\.|SEC\.)\s+\d+|NOW,? THEREFORE|BE IT)/u;
/**
 * A subdivision's label, as statutes and ordinances number them: "(c)", "(2)", "(iii)", "(B)". A line it opens,
 * after a line that ended a sentence or a heading ("…taxable year.''" / "(c) Conforming Amendments.--"), starts a
 * unit of its own; a label wrapped to the start of a line mid-sentence ("described in subsection / (b)(1)") does not.
 */
const SUBDIVISION = /^\((?:[a-z]{1,3}|[A-Z]|\d{1,3})\)\s/;
const ENDS_SENTENCE_OR_HEADING = /(?:[.;:!?]|--|—)['’"”]*$/;
/** Totals and summaries are no sub-line of the heading above them. */
const TOTAL = /\b(?:total|sum|summary|totaux|total(?:es)?)\b/i;
/** Column heads over a table of amounts: "APPROPRIATED LEVIED", "Budget Actual Variance". */
const COLUMN_HEADS = /^(?:[A-Z][A-Za-z]{2,}\s+){1,4}[A-Z][A-Za-z]{2,}$/;

/** Lower case words and figures of a text; "l"/"1"/"I" and "0"/"O" inside words folded as OCR confuses them. */
export const unitTokens = (text: string): string[] =>
  (text.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+(?:[.,/%-][\p{L}\p{N}]+)*%?/gu) ?? []).map((token) =>
    /\p{L}/u.test(token) && /^[\p{L}01|]+$/u.test(token) ? token.replace(/[1|l]/g, 'i').replace(/0/g, 'o') : token,
  );

/** An item line: a short label and one or more amounts at its end ("Administration $220,000 $215,000"). */
const asItem = (line: string): { label: string; amounts: WrittenAmount[] } | null => {
  const amounts = findAmounts(line);
  if (amounts.length === 0) return null;
  const last = amounts.at(-1)!;
  if (line.slice(last.index + last.text.length).trim().replace(/[.)*]+$/, '') !== '') return null;
  // The amounts that end the line, one after another with nothing but spaces or dots between them.
  let first = amounts.length - 1;
  while (first > 0 && /^[\s._-]*$/.test(line.slice(amounts[first - 1]!.index + amounts[first - 1]!.text.length, amounts[first]!.index))) first--;
  const label = line.slice(0, amounts[first]!.index).replace(/[\s.:…_-]+$/, '').trim();
  if ((label.match(/\p{L}/gu)?.length ?? 0) < 2 || label.split(/\s+/).length > MAX_LABEL_WORDS) return null;
  return { label, amounts: amounts.slice(first) };
};

/**
 * The units of a document, in reading order. Page marks ("Page 3") are left out; a line of prose that runs
 * into an item's line ("Levied for the foregoing expenses of salaries from the General / Public Library Tax
 * $953,000") becomes part of the item's label.
 */
export const versionUnits = (pages: readonly ExtractedPage[]): VersionUnit[] => {
  const units: VersionUnit[] = [];
  let heading: string | null = null;
  let columns: string[] | null = null;
  const prose = (page: ExtractedPage, text: string): VersionUnit =>
    ({ kind: 'prose', page: page.number, ocr: page.ocr === true, text, tokens: unitTokens(text), label: '', heading: null, columns: null, amounts: findAmounts(text) });
  for (const page of pages) {
    let buffer: string[] = [];
    const flush = () => {
      const text = buffer.join(' ').replace(/\s+/g, ' ').trim();
      buffer = [];
      if (!text) return;
      for (const sentence of splitSentences(text)) {
        for (let at = 0; at < sentence.length; at += MAX_UNIT) units.push(prose(page, sentence.slice(at, at + MAX_UNIT)));
      }
    };
    let afterBlank = false;
    for (const raw of page.text.split(/\r?\n/)) {
      const line = raw.replace(/\s+/g, ' ').trim();
      // A blank line ends a paragraph, unless the sentence plainly runs on ("…equipment; and" / "WHEREAS, …").
      if (!line) {
        if (buffer.length > 0 && !/[\p{Ll},;]$/u.test(buffer.at(-1)!)) flush();
        afterBlank = true;
        continue;
      }
      const blankBefore = afterBlank;
      afterBlank = false;
      if (PAGE_MARK.test(line)) continue;
      if (COLUMN_HEADS.test(line) && !/[a-z]/.test(line)) {
        columns = line.split(' ');
        continue;
      }
      const item = asItem(line);
      if (item) {
        // A wrapped label: the prose line just before, cut mid-phrase, is the label's start.
        const carried = buffer.length > 0 && !/[.;:!?]$/.test(buffer.at(-1)!) ? buffer.pop()! : '';
        flush();
        const label = carried ? `${carried} ${item.label}` : item.label;
        const own = OUTLINE.test(line) || TOTAL.test(label);
        units.push({
          kind: 'item', page: page.number, ocr: page.ocr === true, text: carried ? `${carried} ${line}` : line, tokens: unitTokens(label), label,
          heading: own ? null : heading, columns: columns?.length === item.amounts.length ? columns : null, amounts: item.amounts,
        });
        if (OUTLINE.test(line)) heading = item.label.replace(/^\S+\s+/, '');
        continue;
      }
      // A line in capitals stands alone (a title, a heading), unless it ends a sentence the line before began.
      const continues = buffer.length > 0 && !blankBefore && !/[.:;!?]$/.test(buffer.at(-1)!);
      if (isHeading(line) || (!continues && line.length <= 80 && !/\p{Ll}/u.test(line) && /\p{Lu}{2}/u.test(line))) {
        flush();
        if (isHeading(line)) heading = line.replace(OUTLINE.test(line) ? /^\S+\s+/ : /^/, '').replace(/[:\s]+$/, '');
        units.push(prose(page, line));
        continue;
      }
      if (CLAUSE_START.test(line) || (SUBDIVISION.test(line) && buffer.length > 0 && ENDS_SENTENCE_OR_HEADING.test(buffer.at(-1)!))) flush();
      buffer.push(line);
    }
    flush();
  }
  return units.filter((unit) => unit.tokens.length > 0);
};

/** Sentences of a paragraph: a stop (closing quotes after it), then a capital, a digit or a subdivision's label. */
const splitSentences = (text: string): string[] =>
  text.split(/(?<!\b(?:No|Nos|Sec|Mr|Mrs|Ms|Dr|St|Inc|Co|Jr|Sr|vs|[A-Z]))(?<=[.;!?]['’"”]*)\s+(?=["“]?(?:\((?:[a-z]{1,3}|\d{1,3})\)\s|\(?[\p{Lu}\d]))/u);
