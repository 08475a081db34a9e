import { describe, expect, it } from 'vitest';
import { parseOrientation, parseTsv } from './native-tesseract-engine.ts';

/** Tesseract's TSV: a header, then page, block, paragraph, line and word rows. */
const tsv = (rows: Array<[number, number, number, number, number, number, number, string]>): string => [
  'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext',
  ...rows.map(([level, block, left, top, width, height, conf, text]) => [level, 1, block, 1, 1, 1, left, top, width, height, conf, text].join('\t')),
].join('\n');

describe('parseTsv', () => {
  it('writes a table whose amounts Tesseract found as a block of their own on the rows of their items, and averages the word confidences', () => {
    const read = parseTsv(tsv([
      [1, 0, 0, 0, 1700, 2200, -1, ''],
      [2, 1, 100, 100, 300, 60, -1, ''],
      [3, 1, 100, 100, 300, 60, -1, ''],
      [4, 1, 100, 100, 300, 25, -1, ''],
      [5, 1, 100, 100, 140, 25, 90, 'Postage'],
      [4, 1, 100, 135, 300, 25, -1, ''],
      [5, 1, 100, 135, 120, 25, 80, 'Office'],
      [2, 2, 900, 100, 200, 60, -1, ''],
      [3, 2, 900, 100, 200, 60, -1, ''],
      [4, 2, 900, 100, 200, 25, -1, ''],
      [5, 2, 900, 100, 200, 25, 70, '$10,000'],
      [4, 2, 900, 135, 200, 25, -1, ''],
      [5, 2, 900, 135, 200, 25, 60, '$2,500'],
    ]));
    expect(read.text).toBe('Postage $10,000\nOffice $2,500');
    expect(read.confidence).toBe(75);
  });

  it('answers no text and no confidence for a blank page', () => {
    expect(parseTsv(tsv([[1, 0, 0, 0, 1700, 2200, -1, '']]))).toEqual({ text: '', confidence: 0 });
  });
});

describe('parseOrientation', () => {
  it('reads how far to turn the page and how sure detection is', () => {
    const answer = 'Page number: 0\nOrientation in degrees: 270\nRotate: 90\nOrientation confidence: 2.42\nScript: Latin\nScript confidence: 5.09\n';
    expect(parseOrientation(answer)).toEqual({ turn: 90, confidence: 2.42 });
  });

  it('answers null when tesseract says no turn', () => {
    expect(parseOrientation('Too few characters. Skipping this page\n')).toBeNull();
  });
});
