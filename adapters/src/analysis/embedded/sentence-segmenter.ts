import winkNLP, { type ItemSentence, type ItsFunction, type WinkMethods } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

/*
 * A document's pages cut into the units the offline analyzer ranks and quotes: sentences of prose, headings,
 * table rows and boilerplate, each with its page and place. Long because extracted text breaks sentences in many
 * ways (line-end hyphens, columns, numbered items, enumerations without full stops): each repair is a step below.
 */

/** What a unit of text is, judged from its line: only prose is summarised; tables still carry amounts. */
export type UnitKind = 'prose' | 'heading' | 'table' | 'boilerplate';

/** One sentence (or heading, table row) of one page, with where it sits so that it can be quoted. */
export interface TextUnit {
  /** Order in the whole document, from 0. */
  id: number;
  page: number;
  kind: UnitKind;
  /** Offsets in the page text: `pageText.slice(start, end)` is the unit verbatim. */
  start: number;
  end: number;
  /** For display and quoting: whitespace collapsed, words hyphenated at line ends joined. */
  text: string;
  /** Lower-cased lemmas of content words (no stop words, numbers or punctuation), for similarity. */
  terms: string[];
  /** Word tokens, stop words included. */
  wordCount: number;
  /** Share of word tokens that are English stop words: prose sits near 0.4, tables and OCR noise near 0. */
  stopWordRatio: number;
  /** Lexicon sentiment of the sentence, -1 … 1 (wink-nlp's AFINN-style scorer). */
  sentiment: number;
  /** The nearest heading above it, upper-cased ("FINDINGS", "SHORT TITLE"), or null. */
  heading: string | null;
}

let nlp: WinkMethods | null = null;
/** wink-nlp's typings declare `its.lemma` with the model's raw-data signature; at run time it is a token `its`. */
const lemmaOf = (): ItsFunction<string> => winkNlp().its.lemma as unknown as ItsFunction<string>;
/** Loaded on first use: the model costs ~100 ms and some processes never analyse with the embedded analyzer. */
const winkNlp = (): WinkMethods => (nlp ??= winkNLP(model, ['sbd', 'negation', 'sentiment', 'pos']));

/** "SEC. 2.", "SECTION 1:", "ARTICLE IV", "TITLE II—" at the start of a line. */
const SECTION_PREFIX = /^\s*(?:SECTION|SEC\.|ARTICLE|TITLE|PART|CHAPTER|SUBTITLE|DIVISION)\s+[\dIVXLC]+[A-Z]?(?:\s*[.:—–-]+)?\s*/i;
/**
 * List items that start a new unit even without a blank line before them: numbered and lettered items,
 * bullets (word processors export theirs as private-use glyphs and a lone "o"), and the lines of a roll call.
 */
const ENUMERATOR =
  /^\s*(?:\(\w{1,4}\)|\d{1,3}[.)]\s|[a-zA-Z][.)]\s|[•▪●◦·*\uF0A7\uF0B7\uF0D8]\s|[-–]\s|o\s+(?=[A-Z])|(?:AYES|NAYS|NOES|ABSTAIN\w*|ABSENT|PRESENT|ATTENDING)\s*:)/;
/** Two or more gaps of three spaces between words: a table row in layout-preserving extraction. */
const COLUMN_GAPS = /\S {3,}\S.* {3,}\S/;

const isUpperHeading = (line: string): boolean => {
  const letters = line.replace(/[^\p{L}]/gu, '');
  if (letters.length < 3) return false;
  const upper = letters.replace(/[^\p{Lu}]/gu, '').length;
  return upper / letters.length > 0.85 && line.trim().split(/\s+/).length <= 14;
};

type LineKind = 'blank' | 'heading' | 'table' | 'prose';

const classifyLine = (line: string): LineKind => {
  const trimmed = line.trim();
  if (!trimmed) return 'blank';
  const rest = trimmed.replace(SECTION_PREFIX, '');
  if (rest !== trimmed && (rest.length === 0 || isUpperHeading(rest))) return 'heading';
  if (isUpperHeading(trimmed)) return 'heading';
  if (COLUMN_GAPS.test(trimmed)) return 'table';
  const nonSpace = trimmed.replace(/\s/g, '');
  const digits = nonSpace.replace(/[^\d$%.,()-]/g, '').length;
  // One number alone ("2010''.") is the end of a wrapped sentence; a row of figures has several.
  if (nonSpace.length >= 6 && digits / nonSpace.length > 0.5 && (trimmed.match(/\d[\d,.]*/g)?.length ?? 0) >= 2) return 'table';
  return 'prose';
};

/** Headers and footers repeat on most pages; digits are masked so "Page 3 of 8" repeats too. */
const lineKey = (line: string): string => line.trim().toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ');

const findBoilerplateKeys = (pages: ReadonlyArray<{ text: string }>): Set<string> => {
  if (pages.length < 2) return new Set();
  const seenOn = new Map<string, number>();
  for (const page of pages) {
    const keys = new Set(page.text.split('\n').map(lineKey).filter((k) => k.replace(/[^a-z#]/g, '').length >= 3));
    for (const k of keys) seenOn.set(k, (seenOn.get(k) ?? 0) + 1);
  }
  const threshold = Math.max(2, Math.ceil(pages.length * 0.4));
  return new Set([...seenOn].filter(([, n]) => n >= threshold).map(([k]) => k));
};

/**
 * Display form: words split by a line-end hyphen are joined when both halves are lower-case; a hyphen that
 * belongs to the word ("Jean-\nPaul", "Loire-\nAtlantique": a capital follows) stays, without the line
 * break, which a space would turn into a quote that is not on its page (core's `normalizeForGrounding`);
 * rules of underscores or equals signs drawn above or below a paragraph are left out (only at its ends, so
 * the text stays a contiguous span of its page).
 */
export const cleanText = (raw: string): string =>
  raw
    .replace(/(\p{Ll})-[ \t]*\r?\n\s*(\p{Ll})/gu, '$1$2')
    .replace(/(\p{L})-[ \t]*\r?\n\s*(?=\p{L})/gu, '$1-')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(?:[_=]{3,}\s*)+/, '')
    .replace(/(?:\s*[_=]{3,})+$/, '');

interface Block {
  kind: UnitKind;
  start: number;
  end: number;
}

/** Lines to blocks: runs of prose lines become paragraphs; headings, table rows and boilerplate stand alone. */
const toBlocks = (text: string, boilerplate: Set<string>): Block[] => {
  const blocks: Block[] = [];
  let paragraph: Block | null = null;
  let previousLine = '';
  let offset = 0;
  for (const line of text.split('\n')) {
    const start = offset;
    const end = offset + line.length;
    offset = end + 1;
    const kind = boilerplate.has(lineKey(line)) ? 'boilerplate' : classifyLine(line);
    if (kind === 'blank') {
      paragraph = null;
      previousLine = '';
      continue;
    }
    if (kind !== 'prose') {
      paragraph = null;
      blocks.push({ kind, start: start + (line.length - line.trimStart().length), end: start + line.trimEnd().length });
      previousLine = '';
      continue;
    }
    // A list item, or a line after one that ended a clause, starts a new unit: bills and ordinances are lists.
    const breaksHere = ENUMERATOR.test(line) || /(?:[;:]|--|—)\s*$/.test(previousLine);
    if (!paragraph || breaksHere) {
      paragraph = { kind: 'prose', start: start + (line.length - line.trimStart().length), end };
      blocks.push(paragraph);
    } else {
      paragraph.end = end;
    }
    previousLine = line;
  }
  return blocks;
};

const MAX_UNIT_CHARS = 1200;

/**
 * Splits the pages of a document into units with their offsets. Sentence boundaries come from wink-nlp,
 * within paragraphs found from the layout, so that a sentence never runs across a table, a heading or a
 * page footer. Very long sentences (enumerations without full stops) are cut at clause boundaries.
 * Each paragraph is parsed once: a 70-page document segments in a few seconds.
 */
/** Longer runs without a space are no words (a hostile line, a base64 blob): the tokenizer's patterns take quadratic time on them. */
const LONG_RUN = /\S{80,}/g;

/** `text` with each run of 80 or more characters without a space blanked, so that offsets into it still hold. */
const blankLongRuns = (text: string): string => text.replace(LONG_RUN, (run) => ' '.repeat(run.length));

export const segmentPages = (pages: ReadonlyArray<{ number: number; text: string }>): TextUnit[] => {
  const nlpApi = winkNlp();
  const boilerplate = findBoilerplateKeys(pages);
  const units: TextUnit[] = [];
  let heading: string | null = null;

  const push = (unit: Omit<TextUnit, 'id' | 'heading'>) => {
    if (/[\p{L}\p{N}]/u.test(unit.text)) units.push({ ...unit, id: units.length, heading });
  };

  for (const page of pages) {
    const text = blankLongRuns(page.text);
    for (const block of toBlocks(text, boilerplate)) {
      if (block.kind !== 'prose') {
        const clean = cleanText(text.slice(block.start, block.end));
        if (block.kind === 'heading') heading = clean.replace(SECTION_PREFIX, '').replace(/[.:]+$/, '').toUpperCase() || heading;
        // Headings, table rows and page furniture are never ranked: a word count is all they need.
        const wordCount = clean.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
        push({ page: page.number, kind: block.kind, start: block.start, end: block.end, text: clean, terms: [], wordCount, stopWordRatio: 0, sentiment: 0 });
        continue;
      }
      const parsed = parseParagraph(nlpApi, text, block.start, block.end);
      let t = 0;
      for (const [s, e] of mergeFragments(text, parsed.sentences.map((x) => [x.start, x.end] as [number, number]))) {
        for (let [cs, ce] of splitLong(text, s, e)) {
          // Offsets exclude the line breaks wink-nlp keeps as tokens, so a unit starts and ends on its words.
          while (cs < ce && /\s/.test(text[cs]!)) cs++;
          while (ce > cs && /\s/.test(text[ce - 1]!)) ce--;
          while (t < parsed.tokens.length && parsed.tokens[t]!.start < cs) t++;
          const first = t;
          while (t < parsed.tokens.length && parsed.tokens[t]!.start < ce) t++;
          const stats = tokenStats(parsed.tokens.slice(first, t));
          const overlapping = parsed.sentences.filter((x) => x.start < ce && x.end > cs);
          const sentiment = overlapping.reduce((n, x) => n + x.sentiment, 0) / Math.max(1, overlapping.length);
          push({
            page: page.number,
            kind: 'prose',
            start: cs,
            end: ce,
            text: cleanText(text.slice(cs, ce)),
            terms: stats.terms,
            wordCount: stats.words,
            stopWordRatio: stats.words ? stats.stopWords / stats.words : 0,
            sentiment,
          });
        }
      }
    }
  }
  return units;
};

interface ParsedToken {
  /** Offsets in the page text. */
  start: number;
  type: string;
  stop: boolean;
  lemma: string;
}

interface ParsedParagraph {
  tokens: ParsedToken[];
  sentences: Array<{ start: number; end: number; sentiment: number }>;
}

/**
 * Tokens and sentences of one paragraph with offsets into the page. wink-nlp keeps each token's preceding
 * spaces, so walking values and spaces rebuilds the text exactly; a search covers any surprise.
 */
const parseParagraph = (nlpApi: WinkMethods, text: string, start: number, end: number): ParsedParagraph => {
  const { its } = nlpApi;
  const paragraph = text.slice(start, end);
  const doc = nlpApi.readDoc(paragraph);
  const values = doc.tokens().out(its.value) as string[];
  const spaces = doc.tokens().out(its.precedingSpaces) as string[];
  const types = doc.tokens().out(its.type) as string[];
  const stops = doc.tokens().out(its.stopWordFlag) as unknown as boolean[];
  const lemmas = doc.tokens().out(lemmaOf()) as string[];
  const tokens: ParsedToken[] = [];
  const ends: number[] = [];
  let pos = 0;
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    let at = pos + (spaces[i]?.length ?? 0);
    if (!paragraph.startsWith(value, at)) {
      const found = paragraph.indexOf(value, pos);
      at = found >= 0 ? found : at;
    }
    pos = at + value.length;
    tokens.push({ start: start + at, type: types[i]!, stop: stops[i]!, lemma: lemmas[i]! });
    ends.push(start + Math.min(pos, paragraph.length));
  }
  const sentences: ParsedParagraph['sentences'] = [];
  doc.sentences().each((sentence: ItemSentence) => {
    const [first, last] = sentence.out(its.span) as unknown as [number, number];
    const s = tokens[first]?.start;
    const e = ends[last];
    if (s !== undefined && e !== undefined && e > s) sentences.push({ start: s, end: e, sentiment: sentence.out(its.sentiment) as unknown as number });
  });
  if (sentences.length === 0 && paragraph.trim()) sentences.push({ start, end, sentiment: 0 });
  return { tokens, sentences };
};

const tokenStats = (tokens: ReadonlyArray<Pick<ParsedToken, 'type' | 'stop' | 'lemma'>>) => {
  const terms: string[] = [];
  let words = 0;
  let stopWords = 0;
  for (const token of tokens) {
    if (token.type !== 'word') continue;
    words++;
    if (token.stop) stopWords++;
    else {
      const lemma = token.lemma.toLowerCase();
      if (lemma.length > 1 && /\p{L}/u.test(lemma)) terms.push(lemma);
    }
  }
  return { terms, words, stopWords };
};

/** Content lemmas of any text (a title, a citizen's focus), comparable with `TextUnit.terms`. */
export const termsOf = (text: string): string[] => {
  const nlpApi = winkNlp();
  const { its } = nlpApi;
  const doc = nlpApi.readDoc(cleanText(text));
  const types = doc.tokens().out(its.type) as string[];
  const stops = doc.tokens().out(its.stopWordFlag) as unknown as boolean[];
  const lemmas = doc.tokens().out(lemmaOf()) as string[];
  return tokenStats(types.map((type, i) => ({ type, stop: stops[i]!, lemma: lemmas[i]! }))).terms;
};

/**
 * "U.S.C." or "No." can end a wink sentence early: a fragment of one or two words joins the next one.
 * So does the run-in heading of bills, "(a) In General.--The Secretary shall …", split at its full stop.
 */
const mergeFragments = (text: string, spans: Array<[number, number]>): Array<[number, number]> => {
  const merged: Array<[number, number]> = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    const next = text.slice(span[0], span[1]);
    const previous = last ? text.slice(last[0], last[1]).trimEnd() : '';
    // A "sentence" that opens in lower case or with a bare number continues the last one: "is .02% of",
    // "Act of\n2010''." — unless the last one really ended ("… the Board." followed by "1. The …").
    const continues =
      /^\s*(?:--|—)/.test(next) || (/^\s*(?:\p{Ll}|\d+(?![.)]\s))/u.test(next) && !/\p{L}{3,}[.!?]["'”’)]*$/u.test(previous));
    if (last && (continues || previous.split(/\s+/).length <= 2)) last[1] = span[1];
    else merged.push([...span]);
  }
  return merged;
};

/** Cuts a unit longer than MAX_UNIT_CHARS after "; " or ", " so that every unit can be shown and quoted. */
const splitLong = (text: string, start: number, end: number): Array<[number, number]> => {
  const out: Array<[number, number]> = [];
  let s = start;
  while (end - s > MAX_UNIT_CHARS) {
    const window = text.slice(s, s + MAX_UNIT_CHARS);
    const cut = Math.max(window.lastIndexOf('; '), window.lastIndexOf(';\n'));
    const at = cut > MAX_UNIT_CHARS / 3 ? cut + 1 : Math.max(window.lastIndexOf(', '), window.lastIndexOf(' '), MAX_UNIT_CHARS / 2) + 1;
    out.push([s, s + at]);
    s += at;
    while (s < end && /\s/.test(text[s]!)) s++;
  }
  if (s < end) out.push([s, end]);
  return out;
};
