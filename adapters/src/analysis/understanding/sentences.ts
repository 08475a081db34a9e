import type { ExtractedPage } from '@civicwatch/core/analysis/text-extractor.port.ts';

/** A sentence (or a line that stands alone: a heading, a table row) of one page, as finders read it. */
export interface PageSentence {
  text: string;
  page: number;
}

/** Longest stretch of text read as one sentence: a run-on line of a megabyte is cut, not scanned whole. */
const MAX_SENTENCE = 1200;
/** Text read of one page: a finder looks at what a reader would, not at a table of a million cells. */
const MAX_PAGE = 200_000;

/** A sentence ends at a stop before a capital or a digit, but not after an abbreviation or an initial ("SEC. 2", "U.S.C. 1395", "J. Smith"). */
const SENTENCE_END =
  /(?<!\b(?:SEC|Sec|No|Nos|Mr|Mrs|Ms|Dr|St|Inc|Co|Corp|Ltd|v|vs|U\.S\.C|U\.S|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec|Art|art|pp?|a\.m|p\.m|etc|Stat|Pub|Ch|ch|Id|i\.e|e\.g|seq|Gov|Govt|Dept|Ave|Blvd|Rd|Hon|Jr|Sr|ext)\.)(?<!\b\p{Lu}\.)(?<=[.!?;])\s+(?=["“(]?[\p{Lu}\d])/u;
/** A line that stands alone: a heading in capitals, or a line too short to be part of a wrapped paragraph. */
const standsAlone = (line: string): boolean =>
  line.length < 40 || (line.match(/\p{Lu}/gu)?.length ?? 0) > 0.6 * (line.match(/\p{L}/gu)?.length ?? 1);

/**
 * The sentences of each page, lines of a paragraph joined (and words hyphenated across a line end mended)
 * and paragraphs kept apart; a line that ends without punctuation and is followed by one that starts in
 * upper case ends its sentence (headings, table rows). Linear in the text; each piece is at most
 * MAX_SENTENCE characters.
 */
export const pageSentences = (pages: readonly ExtractedPage[]): PageSentence[] => {
  const out: PageSentence[] = [];
  for (const page of pages) {
    const lines = page.text.slice(0, MAX_PAGE).split(/\r?\n/);
    let current = '';
    let last = '';
    const flush = () => {
      const text = current.replace(/\s+/g, ' ').trim();
      current = '';
      if (!text) return;
      for (const piece of text.split(SENTENCE_END)) {
        for (let at = 0; at < piece.length; at += MAX_SENTENCE) out.push({ text: piece.slice(at, at + MAX_SENTENCE), page: page.number });
      }
    };
    for (const raw of lines) {
      const line = raw.trim();
      if (!line) {
        flush();
        continue;
      }
      if (current && /[-\u00AD]$/.test(current) && /^\p{Ll}/u.test(line)) {
        current = current.slice(0, -1) + line;
        last = line;
        continue;
      }
      if (current && !/[,;:]$|\b(?:and|or|of|the|to|for|a|an|in|by|with|that|de|la|le|les|el|los|et|y|du|des|del)$/iu.test(current) && /^[\p{Lu}\d•\-–(]/u.test(line) && !/[.!?]$/.test(current) && standsAlone(last)) {
        flush();
      }
      current = current ? `${current} ${line}` : line;
      last = line;
      if (current.length > MAX_SENTENCE * 4) flush();
    }
    flush();
  }
  return out;
};
