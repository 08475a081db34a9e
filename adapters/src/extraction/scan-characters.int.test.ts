import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { ExtractionPool } from './extraction-pool.ts';
import { PdfjsTextExtractor } from './pdfjs-text-extractor.ts';
import { linesRun, scanCharacters } from './scan-characters.ts';
import { picturedPages, renderPage, turn } from './testing/greyscale-image.ts';
import { corpusDir } from '../testing/shared-corpus.ts';

const DPI = 100;
const pool = new ExtractionPool({ maxProcesses: 1 });
const extractor = new PdfjsTextExtractor({ pool });
afterAll(() => pool.close());

/** The corpus's text PDFs: each page's picture beside the characters its text layer holds. */
const textPdfs = readdirSync(corpusDir).filter((name) => name.endsWith('.pdf') && !name.endsWith('-scan.pdf'));


describe('scanCharacters', () => {
  it('finds fewer characters on each page of the corpus\'s text PDFs than its text holds, and most of them in all', async () => {
    let found = 0;
    let held = 0;
    for (const name of textPdfs) {
      const file = `${corpusDir}/${name}`;
      const read = await extractor.extract(new Uint8Array(readFileSync(file)));
      if (!read.ok) throw new Error(`${name}: ${read.error.message}`);
      const pictured = picturedPages(file);
      for (const page of read.value.pages.filter((candidate) => !pictured.has(candidate.number))) {
        const characters = scanCharacters(renderPage(file, page.number, DPI), DPI);
        expect(characters, `${name}, page ${page.number}`).toBeLessThanOrEqual(page.text.trim().length);
        found += characters;
        held += page.text.trim().length;
      }
    }
    expect(held).toBeGreaterThan(300_000);
    expect(found / held).toBeGreaterThan(0.5);
  });

  it('finds nothing on a blank page, and far fewer on a page turned sideways, whose lines run down it', () => {
    const blank = { width: 850, height: 1100, pixels: new Uint8Array(850 * 1100).fill(255) };
    expect(scanCharacters(blank, DPI)).toBe(0);
    const page = renderPage(`${corpusDir}/wpld-minutes-2020-04-15.pdf`, 3, DPI);
    const upright = scanCharacters(page, DPI);
    expect(upright).toBeGreaterThan(1_500);
    expect(scanCharacters(turn(page, 90), DPI)).toBeLessThan(upright / 2);
  });
});

describe('linesRun', () => {
  it('tells the board packet\'s pages scanned sideways (12 and 36 to 54, as OCR finds them) from the rest, at OCR\'s 200 dpi', () => {
    const file = `${corpusDir}/wpld-board-packet-2018-08-15-scan.pdf`;
    const runs = Array.from({ length: 66 }, (_, index) => linesRun(renderPage(file, index + 1, 200), 200));
    const down = runs.flatMap((run, index) => (run === 'down' ? [index + 1] : []));
    expect(down).toEqual([12, ...Array.from({ length: 19 }, (_, index) => 36 + index)]);
    // Most upright pages are told upright, the page after the long run among them; tables ruled both ways may not be.
    expect(runs.filter((run) => run === 'across').length).toBeGreaterThan(33);
    expect(runs[54]).toBe('across');
  });
});
