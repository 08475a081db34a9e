import { describe, expect, it } from 'vitest';
import { chunkPages, describePages, estimateTokens } from './document-chunker.ts';
import { faaProposedRulePages, levyOrdinancePages } from './testing/corpus-pages.ts';

const squash = (text: string) => text.replace(/\s+/g, '');

describe('chunkPages', () => {
  it('keeps a short document in one chunk of whole pages', () => {
    const pages = levyOrdinancePages();
    const chunks = chunkPages(pages, 12_000);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]?.pages).toEqual([1, 2, 3]);
    expect(chunks[0]?.blocks.map((b) => b.text)).toEqual(pages.map((p) => p.text));
  });

  it('cuts on page boundaries, in reading order, each chunk within its budget', () => {
    const pages = faaProposedRulePages();
    const chunks = chunkPages(pages, 2_500);
    expect(chunks.length).toBeGreaterThan(1);
    const order = chunks.flatMap((c) => c.blocks.map((b) => b.page));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    for (const chunk of chunks) {
      const used = chunk.blocks.reduce((sum, b) => sum + estimateTokens(b.text) + 12, 0);
      expect(used).toBeLessThanOrEqual(2_500);
    }
  });

  it('splits a page longer than a chunk on paragraphs, labels the parts, and loses no text', () => {
    const pages = faaProposedRulePages();
    const page2 = pages[1];
    if (!page2) throw new Error('fixture has page 2');
    const chunks = chunkPages([page2], 1_000);
    const blocks = chunks.flatMap((c) => c.blocks);
    expect(blocks.length).toBeGreaterThan(2);
    blocks.forEach((b, i) => expect(b.part).toEqual({ index: i + 1, of: blocks.length }));
    expect(squash(blocks.map((b) => b.text).join(''))).toBe(squash(page2.text));
    // Cuts fall between paragraphs or lines, not inside words.
    for (const block of blocks) expect(page2.text).toContain(block.text);
  });

  it('cuts even text with no paragraph, line or sentence break', () => {
    const text = 'x'.repeat(20_000);
    const blocks = chunkPages([{ number: 1, text, ocr: false }], 1_000).flatMap((c) => c.blocks);
    expect(blocks.map((b) => b.text).join('')).toBe(text);
    for (const block of blocks) expect(estimateTokens(block.text)).toBeLessThanOrEqual(1_000);
  });
});

describe('describePages', () => {
  it('names single pages and ranges', () => {
    expect(describePages([3])).toBe('page 3');
    expect(describePages([3, 4, 5])).toBe('pages 3–5');
    expect(describePages([1, 4, 5, 6, 9])).toBe('pages 1, 4–6, 9');
  });
});
