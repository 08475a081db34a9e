/**
 * `npm run bench:ocr [-- --pages 12,36-54] [-- --only orientation|languages]`
 *
 * OCR of scans against Debian's native `tesseract` (ADR 0021), word overlap per page, target 80%:
 * 1. Orientation: the corpus's 66-page board packet (`--pages` reads part of it), read as one document. Native
 *    orientation detection at 300 dpi, where it is steadiest, names the pages scanned sideways; each such page's text
 *    is compared with native tesseract's reading of it rendered by poppler and turned upright. The table also gives
 *    the turn CivicWatch chose and the processor seconds its extraction process spent on each page.
 * 2. Languages: the Argentine ordinance (a scan) and scans made here from the French and Spanish text PDFs, some
 *    pages turned, each page against native tesseract with its language.
 *
 * Needs poppler-utils, qpdf and tesseract-ocr with its fra, spa and osd data (`make system-packages`). Reads the
 * corpus from ../shared (adapters/src/testing/shared-corpus.ts); writes and caches nothing. The machine's load is
 * printed: processor seconds compare across runs better than wall-clock time, but not across machines.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path, { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { ExtractedDocument } from '../core/src/analysis/text-extractor.port.ts';
import { ExtractionPool } from '../adapters/src/extraction/extraction-pool.ts';
import { DEFAULT_OCR_DPI, PdfjsTextExtractor } from '../adapters/src/extraction/pdfjs-text-extractor.ts';
import { renderPage, turn, type QuarterTurn } from '../adapters/src/extraction/testing/greyscale-image.ts';
import { NATIVE_TESSERACT_INSTALL, nativeOrientation, nativeTesseractLanguages, nativeText, wordOverlap } from '../adapters/src/extraction/testing/native-tesseract.ts';
import { scanOf } from '../adapters/src/extraction/testing/scanned-pdf.ts';
import { corpusDir } from '../adapters/src/testing/shared-corpus.ts';
import { fixed, formatTable, machine, percent } from './bench-kit.ts';

const TARGET = 0.8;
/** Native orientation detection's confidence from which the reference takes a page to be turned. */
const SURE = 1.5;
const REFERENCE_DPI = 300;
const BOARD_PACKET = 'wpld-board-packet-2018-08-15-scan.pdf';
const corpus = (name: string): string => join(corpusDir, name);

const pageCount = (file: string): number => Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);

/** `12,36-54` as page numbers. */
const parsePages = (spec: string): number[] => spec.split(',').flatMap((range) => {
  const [first, last = first] = range.split('-').map(Number);
  if (!Number.isInteger(first) || !Number.isInteger(last) || first! < 1 || last! < first!) throw new Error(`--pages: cannot read ${range}`);
  return Array.from({ length: last! - first! + 1 }, (_, index) => first! + index);
});

/** Processor seconds used so far by this process's children (the extraction process), from `/proc`. */
function childrenSeconds(): number {
  let ticks = 0;
  for (const task of readdirSync('/proc/self/task')) {
    for (const pid of readFileSync(`/proc/self/task/${task}/children`, 'utf8').split(' ').filter(Boolean)) {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        // Ended between the listing and the read.
      }
    }
  }
  return ticks / 100;
}

interface Reading {
  document: ExtractedDocument;
  /** Processor seconds per page of the document (1-based), from its progress. */
  seconds: Map<number, number>;
  /** The turn each page was read at, from the debug log (pages read upright at once log none). */
  turns: Map<number, number>;
}

/** Reads `bytes` as one document with a fresh extraction process, timing each page by its progress. */
async function readDocument(bytes: Uint8Array): Promise<Reading> {
  const log: string[] = [];
  const extractor = new PdfjsTextExtractor({ pool: new ExtractionPool({ maxProcesses: 1 }), logger: { debug: (line) => log.push(line) } });
  const marks: { page: number; seconds: number }[] = [];
  try {
    const result = await extractor.extract(bytes, {
      onProgress: (progress) => {
        if (progress.stage === 'extracting') marks.push({ page: progress.page, seconds: childrenSeconds() });
      },
    });
    const end = childrenSeconds();
    if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
    const seconds = new Map(marks.map((mark, index) => [mark.page, (marks[index + 1]?.seconds ?? end) - mark.seconds]));
    const turns = new Map<number, number>();
    for (const line of log) {
      const decided = /^OCR page (\d+): .*; kept (\d+)°/.exec(line);
      if (decided) turns.set(Number(decided[1]), Number(decided[2]));
    }
    return { document: result.value, seconds, turns };
  } finally {
    await extractor.close();
  }
}

/** 1. The board packet's pages scanned sideways. */
async function benchOrientation(pages: number[]): Promise<boolean> {
  const file = corpus(BOARD_PACKET);
  console.log(`\n1. Orientation: ${BOARD_PACKET}, ${pages.length} page(s), native reference at ${REFERENCE_DPI} dpi`);
  const bytes = new Uint8Array(execFileSync('qpdf', [file, '--pages', '.', pages.join(','), '--', '-'], { maxBuffer: 1 << 28 }));
  const started = performance.now();
  const { document, seconds, turns } = await readDocument(bytes);
  const wall = (performance.now() - started) / 1000;

  const rows: string[][] = [];
  const overlaps: number[] = [];
  const sidewaysSeconds: number[] = [];
  const uprightSeconds: number[] = [];
  /** Pages CivicWatch turned that the reference reads upright: each one is a page read wrong. */
  const turnedWrongly: number[] = [];
  for (const [index, page] of pages.entries()) {
    const scan = renderPage(file, page, REFERENCE_DPI);
    const native = nativeOrientation(scan, REFERENCE_DPI);
    const ours = turns.get(index + 1) ?? 0;
    const cpu = seconds.get(index + 1) ?? Number.NaN;
    const sideways = native !== null && native.turn !== 0 && native.confidence >= SURE;
    (sideways ? sidewaysSeconds : uprightSeconds).push(cpu);
    if (!sideways && ours !== 0) turnedWrongly.push(page);
    if (!sideways) continue;
    const overlap = wordOverlap(nativeText(turn(scan, native.turn), REFERENCE_DPI, 'eng'), document.pages[index]?.text ?? '');
    overlaps.push(overlap);
    rows.push([String(page), `${native.turn}° (${fixed(native.confidence, 2)})`, `${ours}°`, percent(overlap), fixed(cpu, 1)]);
  }
  const mean = (values: number[]): number => values.reduce((sum, value) => sum + value, 0) / values.length;
  console.log(formatTable({ header: ['page', 'native orientation', 'CivicWatch turn', 'word overlap', 'CPU s'], rows }));
  const met = overlaps.length > 0 && overlaps.every((overlap) => overlap >= TARGET) && turnedWrongly.length === 0;
  console.log(`upright pages (by the reference) that CivicWatch turned: ${turnedWrongly.length === 0 ? 'none' : turnedWrongly.join(', ')}`);
  console.log(`${overlaps.filter((overlap) => overlap >= TARGET).length} of ${overlaps.length} sideways page(s) at ${percent(TARGET)} or more `
    + `(lowest ${percent(Math.min(...overlaps))}, mean ${percent(mean(overlaps))}): ${met ? 'met' : 'not met'}`);
  console.log(`processor seconds per page: ${fixed(mean(sidewaysSeconds), 1)} sideways, ${fixed(mean(uprightSeconds), 1)} upright `
    + `(${uprightSeconds.length}); ${fixed(wall, 0)} s for the document; warnings: ${JSON.stringify(document.warnings)}`);
  return met;
}

interface LanguageCase {
  name: string;
  /** The pages of `file` to read, and how each is turned when this bench makes the scan; none: the file is a scan. */
  pages: number[];
  turns?: Record<number, QuarterTurn>;
  language: string;
}

const LANGUAGE_CASES: LanguageCase[] = [
  { name: 'ar-carmen-de-areco-ordenanza-impositiva-3282-2025-scan.pdf', pages: [1, 2, 3], language: 'spa' },
  { name: 'fr-chemere-compte-rendu-conseil-municipal-2014-01-14.pdf', pages: [1, 2, 3], turns: { 2: 270 }, language: 'fra' },
  { name: 'qc-sainte-adele-reglement-1324-contribution-infrastructures-2022-04-19.pdf', pages: [1, 2], turns: { 1: 180 }, language: 'fra' },
  { name: 'qc-sainte-adele-ordre-du-jour-resolutions-2023-04-06.pdf', pages: [1, 3], turns: { 3: 270 }, language: 'fra' },
  { name: 'es-la-zarza-acta-pleno-extraordinario-2025-02-05.pdf', pages: [1, 2], turns: { 2: 90 }, language: 'spa' },
];

/** 2. French and Spanish scans. */
async function benchLanguages(): Promise<boolean> {
  const dpi = DEFAULT_OCR_DPI;
  console.log(`\n2. Languages: each page against native tesseract with its language, at ${dpi} dpi`);
  const rows: string[][] = [];
  const overlaps: number[] = [];
  for (const { name, pages, turns, language } of LANGUAGE_CASES) {
    const made = name.endsWith('-scan.pdf') ? undefined : scanOf(corpus(name), pages, { dpi, turns });
    const bytes = made ?? new Uint8Array(execFileSync('qpdf', [corpus(name), '--pages', '.', pages.join(','), '--', '-'], { maxBuffer: 1 << 28 }));
    const { document, seconds, turns: found } = await readDocument(new Uint8Array(bytes));
    for (const [index, page] of pages.entries()) {
      const overlap = wordOverlap(nativeText(renderPage(corpus(name), page, dpi), dpi, language), document.pages[index]?.text ?? '');
      overlaps.push(overlap);
      const input = made === undefined ? 'scan' : `scan made here, turned ${turns?.[page] ?? 0}°`;
      rows.push([name.replace(/\.pdf$/, ''), String(page), input, `${found.get(index + 1) ?? 0}°`, percent(overlap), fixed(seconds.get(index + 1) ?? Number.NaN, 1)]);
    }
    if (document.warnings.length > 0) console.log(`${name}: ${document.warnings.join(' ')}`);
  }
  console.log(formatTable({ header: ['document', 'page', 'input', 'CivicWatch turn', `overlap (native)`, 'CPU s'], rows }));
  const met = overlaps.every((overlap) => overlap >= TARGET);
  console.log(`${overlaps.filter((overlap) => overlap >= TARGET).length} of ${overlaps.length} page(s) at ${percent(TARGET)} or more: ${met ? 'met' : 'not met'}`);
  return met;
}

const main = async (): Promise<void> => {
  const { values: args } = parseArgs({ options: { pages: { type: 'string' }, only: { type: 'string' } } });
  if (args.only !== undefined && args.only !== 'orientation' && args.only !== 'languages') throw new Error('--only: orientation or languages');
  const missing = ['eng', 'fra', 'spa', 'osd'].filter((language) => !nativeTesseractLanguages().includes(language));
  if (missing.length > 0) throw new Error(`native tesseract with ${missing.join(', ')} is the reference: ${NATIVE_TESSERACT_INSTALL}`);
  const before = machine();
  console.log(`Node ${before.node}, ${before.cpus} CPU(s), load average ${before.load}`);
  const pages = args.pages ? parsePages(args.pages) : parsePages(`1-${pageCount(corpus(BOARD_PACKET))}`);
  const oriented = args.only === 'languages' || (await benchOrientation(pages));
  const languages = args.only === 'orientation' || (await benchLanguages());
  console.log(`\nload average at the end ${machine().load}`);
  if (!oriented || !languages) process.exitCode = 1;
};

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
