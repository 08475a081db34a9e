import { describe, expect, it } from 'vitest';
import { MAX_CELLS, pageStrip, pagesLabel, stripLegend, stripSentence } from './result-pictures.ts';

const on = (...pages: number[]) => pages.map((page) => ({ page }));

describe('page strip', () => {
  it('has a cell for every page, counting the points that quote each page once per point', () => {
    const strip = pageStrip(6, [on(1, 1, 3), on(3), on(6), []])!;
    expect(strip.cells.map((cell) => [cell.first, cell.last, cell.points])).toEqual([
      [1, 1, 1],
      [2, 2, 0],
      [3, 3, 2],
      [4, 4, 0],
      [5, 5, 0],
      [6, 6, 1],
    ]);
    expect(stripSentence(strip)).toBe('The points quote pages 1, 3 and 6 of 6.');
    expect(stripLegend(strip)).toBe('Each square is a page; a number counts the points that quote it.');
  });

  it('draws a one-page document as one cell, and nothing when no point quotes a page', () => {
    const strip = pageStrip(1, [on(1), on(1)])!;
    expect(strip.cells).toEqual([{ first: 1, last: 1, points: 2 }]);
    expect(stripSentence(strip)).toBe('The points quote page 1 of 1.');
    expect(pageStrip(12, [[], []])).toBeNull();
  });

  it('groups a long document\'s pages so that the strip stays short, one cell standing for 10 pages of 500', () => {
    const strip = pageStrip(500, [on(3, 7), on(12), on(250, 251, 252, 253), on(500)])!;
    expect(strip.span).toBe(10);
    expect(strip.cells).toHaveLength(50);
    expect(strip.cells[0]).toEqual({ first: 1, last: 10, points: 1 });
    expect(pagesLabel(strip.cells[1]!)).toBe('Pages 11–20');
    expect(strip.cells.filter((cell) => cell.points > 0).map((cell) => cell.first)).toEqual([1, 11, 241, 251, 491]);
    expect(stripSentence(strip)).toBe('The points quote pages 3, 7, 12, 250–253 and 500 of 500.');
    expect(stripLegend(strip)).toBe('Each square is 10 pages; a number counts the points that quote it.');
    // The steps between: every page its own cell up to the limit, then 2, 5... pages a cell.
    expect(pageStrip(MAX_CELLS, [on(1)])!.span).toBe(1);
    expect(pageStrip(MAX_CELLS + 1, [on(1)])!.span).toBe(2);
    expect(pageStrip(101, [on(1)])!.cells.at(-1)).toEqual({ first: 101, last: 101, points: 0 });
    expect(pageStrip(2_400, [on(1)])!.span).toBe(50);
  });

  it('counts the pages of a result stored without its page count from the pages quoted', () => {
    const strip = pageStrip(undefined, [on(2), on(4)])!;
    expect(strip.pageCount).toBe(4);
    expect(strip.cells).toHaveLength(4);
    expect(pageStrip(3, [on(5)])!.pageCount).toBe(5);
  });
});
