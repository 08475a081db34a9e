import { describe, expect, it } from 'vitest';
import { rowsOf, type OcrBlock } from './ocr-rows.ts';

/** A block of Tesseract lines, each `[text, x0, y0, x1]` 30 pixels high; a paragraph per array. */
const block = (...paragraphs: Array<Array<[string, number, number, number]>>): OcrBlock => ({
  paragraphs: paragraphs.map((lines) => ({ lines: lines.map(([text, x0, y0, x1]) => ({ text: `${text}\n`, bbox: { x0, y0, x1, y1: y0 + 30 } })) })),
});

describe('rowsOf', () => {
  it('writes a table whose columns Tesseract found as blocks one row a line, each item with its amounts', () => {
    const labels = block([['Operating Expenses:', 100, 100, 400]], [['Postage', 100, 160, 250], ['Office', 100, 200, 220]]);
    const appropriated = block([['$10,000', 900, 162, 1010], ['$10,000', 900, 203, 1010]]);
    const levied = block([['$6,000', 1200, 158, 1290], ['$5,000', 1200, 199, 1290]]);
    expect(rowsOf([labels, appropriated, levied], 'as Tesseract wrote it')).toBe('Operating Expenses:\n\nPostage $10,000 $6,000\nOffice $10,000 $5,000');
  });

  it('keeps two columns of prose apart, each in its reading order', () => {
    const left = block([['The Board met at seven in the evening', 100, 100, 800], ['and heard the public on the levy.', 100, 140, 800]]);
    const right = block([['Minutes of the previous meeting were', 900, 100, 1600], ['approved without a change of words.', 900, 140, 1600]]);
    expect(rowsOf([left, right], '')).toBe(
      'The Board met at seven in the evening\nand heard the public on the levy.\n\nMinutes of the previous meeting were\napproved without a change of words.',
    );
  });

  it('places an outline number written in a column of its own on its heading\'s row, and an amount alone after the row above', () => {
    const numbers = block([['3.', 60, 400, 90], ['4.', 60, 500, 90]]);
    const headings = block([['WORKING CASH FUND', 100, 400, 600], ['Levied for the foregoing expenses', 100, 450, 700], ['BUILDING AND MAINTENANCE', 100, 500, 700]]);
    const amounts = block([['$250,000', 900, 402, 1010], ['$40,000', 900, 470, 1010]]);
    expect(rowsOf([numbers, headings, amounts], '')).toBe(
      '3. WORKING CASH FUND $250,000\nLevied for the foregoing expenses\n$40,000\n4. BUILDING AND MAINTENANCE',
    );
  });

  it('answers Tesseract\'s own text when it found no lines', () => {
    expect(rowsOf(null, 'plain')).toBe('plain');
    expect(rowsOf([], 'plain')).toBe('plain');
  });
});
