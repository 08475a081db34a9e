import type { ExtractedPage } from '@civicwatch/core';

/**
 * Rough token count of text: about four characters per token for English prose with the tokenizers of
 * current models. Deliberately no tokenizer library: chunk budgets keep a margin instead.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** Text of one page, or of one part of a page too long for a chunk on its own. */
export interface PageBlock {
  page: number;
  text: string;
  /** Set only when the page was split: 1-based part and number of parts. */
  part?: { index: number; of: number };
}

export interface DocumentChunk {
  blocks: PageBlock[];
  /** Distinct page numbers in the chunk, ascending: the only pages its analysis may cite. */
  pages: number[];
}

/** Tags and attributes around each block (see prompt-framing.ts). */
const BLOCK_OVERHEAD_TOKENS = 12;

/**
 * Splits pages into chunks of at most `budgetTokens` of framed text each, in reading order. Pages stay
 * whole when they fit; a page longer than a chunk is split on paragraphs, then on lines, then on
 * sentences, and only as a last resort mid-sentence, so a citation's quote rarely straddles a cut.
 */
export function chunkPages(pages: readonly ExtractedPage[], budgetTokens: number): DocumentChunk[] {
  const textBudget = Math.max(1, budgetTokens - BLOCK_OVERHEAD_TOKENS);
  const blocks: PageBlock[] = [];
  for (const page of pages) {
    if (estimateTokens(page.text) <= textBudget) {
      blocks.push({ page: page.number, text: page.text });
      continue;
    }
    const parts = splitText(page.text, textBudget * 4);
    parts.forEach((text, i) => blocks.push({ page: page.number, text, part: { index: i + 1, of: parts.length } }));
  }

  const chunks: DocumentChunk[] = [];
  let current: PageBlock[] = [];
  let used = 0;
  for (const block of blocks) {
    const cost = estimateTokens(block.text) + BLOCK_OVERHEAD_TOKENS;
    if (current.length > 0 && used + cost > budgetTokens) {
      chunks.push(toChunk(current));
      current = [];
      used = 0;
    }
    current.push(block);
    used += cost;
  }
  if (current.length > 0) chunks.push(toChunk(current));
  return chunks;
}

function toChunk(blocks: PageBlock[]): DocumentChunk {
  return { blocks, pages: [...new Set(blocks.map((b) => b.page))].sort((a, b) => a - b) };
}

/** Separators from the most to the least natural place to cut; each keeps its text on the left piece. */
const separators = [/\n\s*\n/g, /\n/g, /(?<=[.!?;:])\s+/g, /\s+/g];

/** Pieces of at most `maxChars`, cut at the most natural separator that achieves it. */
function splitText(text: string, maxChars: number, level = 0): string[] {
  if (text.length <= maxChars) return [text];
  const separator = separators[level];
  if (!separator) {
    const pieces: string[] = [];
    for (let i = 0; i < text.length; i += maxChars) pieces.push(text.slice(i, i + maxChars));
    return pieces;
  }
  const pieces: string[] = [];
  let current = '';
  for (const segment of splitKeepingSeparators(text, separator)) {
    if (current && current.length + segment.length > maxChars) {
      pieces.push(current);
      current = '';
    }
    if (segment.length > maxChars) {
      pieces.push(...splitText(segment, maxChars, level + 1));
    } else {
      current += segment;
    }
  }
  if (current) pieces.push(current);
  return pieces.map((p) => p.trim()).filter((p) => p.length > 0);
}

function splitKeepingSeparators(text: string, separator: RegExp): string[] {
  const segments: string[] = [];
  let start = 0;
  for (const match of text.matchAll(separator)) {
    const end = match.index + match[0].length;
    segments.push(text.slice(start, end));
    start = end;
  }
  segments.push(text.slice(start));
  return segments.filter((s) => s.length > 0);
}

/** "page 3" / "pages 3–5" / "pages 1, 4–6": how a chunk is named to the model and in logs. */
export function describePages(pages: readonly number[]): string {
  const ranges: string[] = [];
  let i = 0;
  while (i < pages.length) {
    let j = i;
    while (j + 1 < pages.length && pages[j + 1] === (pages[j] ?? 0) + 1) j++;
    ranges.push(i === j ? `${pages[i]}` : `${pages[i]}–${pages[j]}`);
    i = j + 1;
  }
  return `${pages.length === 1 ? 'page' : 'pages'} ${ranges.join(', ')}`;
}
