/**
 * `npm run bench:count`: how many characters `scanCharacters` finds on the pictures of pages (ADR 0032) against
 * what reading them finds, on every PDF of the corpus and its versions: the scans read by OCR as the product reads
 * them, the text PDFs' pages by their text layers (pages that draw a picture left out: a picture of text holds
 * more than the text layer says). Pages are rendered by poppler at the count's 100 dpi; the product renders them with
 * pdf.js, alike to within a pixel's shading.
 *
 * The target is the count's promise: no page, and no run of pages from the first, counted above what reading finds.
 * The table also tells how much of what reading finds the count finds, and how many pages of the 66-page board
 * packet the count needs before it proves the packet over 10,000 characters. OCR of the scans takes a few minutes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ExtractionPool } from '../adapters/src/extraction/extraction-pool.ts';
import { PdfjsTextExtractor } from '../adapters/src/extraction/pdfjs-text-extractor.ts';
import { scanCharacters } from '../adapters/src/extraction/scan-characters.ts';
import { picturedPages, renderPage } from '../adapters/src/extraction/testing/greyscale-image.ts';
import { corpusDir } from '../adapters/src/testing/shared-corpus.ts';
import { fixed, formatMeasure, machine, percent, type Measure } from './bench-kit.ts';

const DPI = 100;
const BOARD_PACKET = 'wpld-board-packet-2018-08-15-scan.pdf';
const LIMIT = 10_000;

interface PageFigures { page: number; read: number; counted: number }


export async function measureCount(): Promise<Measure> {
  const files = [corpusDir, path.join(corpusDir, 'versions')].flatMap((dir) =>
    readdirSync(dir).filter((name) => name.endsWith('.pdf')).map((name) => path.join(dir, name)));
  const pool = new ExtractionPool({ maxProcesses: 1 });
  const extractor = new PdfjsTextExtractor({ pool });
  const documents: Array<{ name: string; scan: boolean; pages: PageFigures[] }> = [];
  try {
    for (const file of files) {
      const scan = file.endsWith('-scan.pdf');
      const read = await extractor.extract(new Uint8Array(readFileSync(file)));
      if (!read.ok) throw new Error(`${file}: ${read.error.message}`);
      const pictured = scan ? new Set<number>() : picturedPages(file);
      documents.push({
        name: path.basename(file),
        scan,
        pages: read.value.pages.filter((page) => !pictured.has(page.number)).map((page) => ({
          page: page.number, read: page.text.trim().length, counted: scanCharacters(renderPage(file, page.number, DPI), DPI),
        })),
      });
    }
  } finally {
    await extractor.close();
  }

  const share = (counted: number, read: number): number => (read === 0 ? (counted === 0 ? 0 : Number.POSITIVE_INFINITY) : counted / read);
  let worstPage = { share: 0, where: '' };
  let worstRun = { share: 0, where: '' };
  const rows = documents.map(({ name, scan, pages }) => {
    let read = 0;
    let counted = 0;
    for (const page of pages) {
      if (share(page.counted, page.read) > worstPage.share) worstPage = { share: share(page.counted, page.read), where: `${name} p. ${page.page}` };
      read += page.read;
      counted += page.counted;
      if (share(counted, read) > worstRun.share) worstRun = { share: share(counted, read), where: `${name} pp. 1-${page.page}` };
    }
    return [name, scan ? 'OCR' : 'text layer', String(pages.length), String(read), String(counted), percent(share(counted, read))];
  });
  let total = 0;
  const packet = documents.find((document) => document.name === BOARD_PACKET)!.pages;
  const provedAt = packet.find((page) => (total += page.counted) > LIMIT)?.page;
  const met = worstPage.share <= 1 && worstRun.share <= 1;
  return {
    name: 'Characters counted on the pictures of pages, against what reading finds',
    table: { header: ['document', 'read by', 'pages', 'read', 'counted', 'share'], rows },
    figure: `no page counted above ${percent(worstPage.share)} of what reading finds (${worstPage.where}); no run of pages from the first above ${percent(worstRun.share)} (${worstRun.where})`,
    target: 'never more than reading finds',
    met,
    notes: [
      `The board packet is proved over ${LIMIT} characters on its first ${provedAt ?? 'n/a'} pages, counted in page order (the check counts them two at a time).`,
      `${DPI} dpi, poppler's rendering; text PDFs' pages that draw a picture are left out. Load average at the end ${machine().load}.`,
      ...(met ? [] : ['Why not: a page holds more ink per character than the count allows for (CHARACTER_WIDTH in scan-characters.ts).']),
    ],
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const measure = await measureCount();
  console.log(formatMeasure(measure));
  console.log(`(${fixed(process.uptime(), 0)} s)`);
  if (!measure.met) process.exitCode = 1;
}
