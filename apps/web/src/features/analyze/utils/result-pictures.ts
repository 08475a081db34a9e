/**
 * The pictures of a result, for the web and the PDF report alike: a chart of the document's largest amounts
 * (`largestAmounts` picks them), and a page strip, one cell per page of the document marked with how many of the
 * analysis's points rest on it. A long document's pages are grouped, so that the strip stays a few rows on a
 * phone: at most MAX_CELLS cells, each of 1, 2, 5, 10, 20, 50... pages.
 */

export const amountsHeading = 'Largest amounts';
export const amountsNote = 'The amounts the key facts quote, largest first, as the document writes them, each with its page.';
export const stripHeading = 'Pages the points quote';

export const MAX_CELLS = 50;

export type StripCell = {
  /** The cell's pages, both ends included: one page unless the strip groups them. */
  first: number;
  last: number;
  /** How many points (summary, findings, facts) quote one of these pages. */
  points: number;
};

export type PageStrip = {
  pageCount: number;
  /** Pages a cell stands for. */
  span: number;
  cells: StripCell[];
  /** The pages quoted, in order. */
  cited: number[];
};

/** 1, 2, 5, 10, 20, 50...: the smallest step that keeps the strip within MAX_CELLS cells. */
const spanFor = (pageCount: number): number => {
  for (let scale = 1; ; scale *= 10) {
    for (const step of [1, 2, 5]) if (Math.ceil(pageCount / (step * scale)) <= MAX_CELLS) return step * scale;
  }
};

/**
 * The strip of a document of `pageCount` pages (unknown for a result stored before page counts) whose points each
 * rest on the pages of their quotes. Null when no point quotes a page: there is nothing to show.
 */
export function pageStrip(pageCount: number | undefined, points: ReadonlyArray<ReadonlyArray<{ page: number }>>): PageStrip | null {
  const cited = [...new Set(points.flatMap((point) => point.map((source) => source.page)))].sort((a, b) => a - b);
  if (cited.length === 0) return null;
  // A quote's page past the count (a count that is missing or off) still has its cell.
  const total = Math.max(pageCount ?? 0, cited.at(-1)!);
  const span = spanFor(total);
  const cells: StripCell[] = [];
  for (let first = 1; first <= total; first += span) {
    const last = Math.min(first + span - 1, total);
    // A point quoting two pages of one cell counts once for it.
    const quoting = points.filter((point) => point.some((source) => source.page >= first && source.page <= last));
    cells.push({ first, last, points: quoting.length });
  }
  return { pageCount: total, span, cells, cited };
}

/** "Page 4", "Pages 11–20". */
export const pagesLabel = ({ first, last }: Pick<StripCell, 'first' | 'last'>): string => (first === last ? `Page ${first}` : `Pages ${first}–${last}`);

/** "1 point", "3 points". */
export const pointsLabel = (count: number): string => `${count} ${count === 1 ? 'point' : 'points'}`;

/** "1, 2, 4–6 and 9": pages as a sentence says them, runs of three or more as a range. */
const pageList = (pages: readonly number[]): string => {
  const runs: string[] = [];
  for (let i = 0; i < pages.length; ) {
    let j = i;
    while (j + 1 < pages.length && pages[j + 1] === pages[j]! + 1) j++;
    if (j - i >= 2) runs.push(`${pages[i]}–${pages[j]}`);
    else for (let k = i; k <= j; k++) runs.push(String(pages[k]));
    i = j + 1;
  }
  return runs.length === 1 ? runs[0]! : `${runs.slice(0, -1).join(', ')} and ${runs.at(-1)}`;
};

/** The strip in words, its text alternative: "The points quote pages 1, 2, 4–6 and 9 of 13." */
export const stripSentence = (strip: PageStrip): string =>
  `The points quote ${strip.cited.length === 1 ? 'page' : 'pages'} ${pageList(strip.cited)} of ${strip.pageCount}.`;

/** What the strip's cells stand for, under it: "Each square is a page…", or a group of pages in a long document. */
export const stripLegend = (strip: PageStrip): string =>
  `Each square is ${strip.span === 1 ? 'a page' : `${strip.span} pages`}; a number counts the points that quote it.`;
