/**
 * `npm run bench:extract [-- --rounds 3 --ocr-pages 3 --ocr-dpi 200]`
 *
 * 1. Text PDFs of the corpus: pages per second of the warm extraction pool beside poppler's `pdftotext` on
 *    the same files, in the same run, one file at a time (the latency a user sees) and all threads busy
 *    (what a server gets). Each figure is the median of the rounds.
 * 2. OCR: seconds per page on scanned pages, one thread, after a first page that loads the model.
 *
 * Needs poppler-utils and qpdf (`apt-get install -y poppler-utils qpdf`). The machine's load is printed:
 * on a shared machine, compare figures from one run, not across runs.
 */
import { execFile, execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { ExtractionPool } from '../adapters/src/extraction/extraction-pool.ts';
import { DEFAULT_OCR_DPI, PdfjsTextExtractor } from '../adapters/src/extraction/pdfjs-text-extractor.ts';
import { corpusDir } from '../adapters/src/testing/shared-corpus.ts';

const run = promisify(execFile);
const corpus = `${corpusDir}/`;
const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    'ocr-pages': { type: 'string', default: '3' },
    'ocr-dpi': { type: 'string', default: String(DEFAULT_OCR_DPI) },
  },
});
const rounds = Number(args.rounds);
const ocrPageCount = Number(args['ocr-pages']);
const ocrDpi = Number(args['ocr-dpi']);

interface Doc {
  name: string;
  path: string;
  bytes: Uint8Array;
  pages: number;
}

const pageCount = (path: string): number =>
  Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [path], { encoding: 'utf8' }))?.[1]);

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function time(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

/** Runs `work` over `items` with at most `width` in flight. */
async function inParallel<T>(items: readonly T[], width: number, work: (item: T) => Promise<unknown>): Promise<void> {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
    }),
  );
}

const pad = (value: string | number, width: number): string => String(value).padStart(width);
const fixed = (value: number, digits = 1): string => value.toFixed(digits);

async function benchTextPdfs(extractor: PdfjsTextExtractor, threads: number): Promise<void> {
  const docs: Doc[] = readdirSync(corpus)
    .filter((name) => name.endsWith('.pdf') && !name.endsWith('-scan.pdf'))
    .sort()
    .map((name) => {
      const path = join(corpus, name);
      return { name, path, bytes: new Uint8Array(readFileSync(path)), pages: pageCount(path) };
    });
  const extract = async (doc: Doc): Promise<void> => {
    const result = await extractor.extract(doc.bytes);
    if (!result.ok) throw new Error(`${doc.name}: ${result.error.code}`);
  };
  const pdftotext = async (doc: Doc): Promise<void> => {
    await run('pdftotext', ['-q', doc.path, '-'], { maxBuffer: 64 * 1024 * 1024, encoding: 'buffer' });
  };

  // Warm: every thread started, with pdf.js loaded and its fonts read.
  await inParallel(docs, threads, extract);

  const perFile = new Map<string, { pool: number[]; poppler: number[] }>();
  const sequential = { pool: [] as number[], poppler: [] as number[] };
  const parallel = { pool: [] as number[], poppler: [] as number[] };
  for (let round = 0; round < rounds; round++) {
    let poolTotal = 0;
    let popplerTotal = 0;
    for (const doc of docs) {
      const entry = perFile.get(doc.name) ?? { pool: [], poppler: [] };
      const poolMs = await time(() => extract(doc));
      const popplerMs = await time(() => pdftotext(doc));
      entry.pool.push(poolMs);
      entry.poppler.push(popplerMs);
      perFile.set(doc.name, entry);
      poolTotal += poolMs;
      popplerTotal += popplerMs;
    }
    sequential.pool.push(poolTotal);
    sequential.poppler.push(popplerTotal);
    parallel.pool.push(await time(() => inParallel(docs, threads, extract)));
    parallel.poppler.push(await time(() => inParallel(docs, threads, pdftotext)));
  }

  const totalPages = docs.reduce((sum, doc) => sum + doc.pages, 0);
  const rate = (pages: number, ms: number): number => (pages * 1000) / ms;
  const nameWidth = Math.max(...docs.map((doc) => doc.name.length), 'all, one at a time'.length);
  const header = `${'file'.padEnd(nameWidth)} ${pad('pages', 5)} ${pad('pool ms', 9)} ${pad('pdftotext ms', 12)} ${pad('pool p/s', 9)} ${pad('pdftotext p/s', 13)} ${pad('pool/pdftotext', 14)}`;
  const row = (name: string, pages: number, poolMs: number, popplerMs: number): string =>
    `${name.padEnd(nameWidth)} ${pad(pages, 5)} ${pad(fixed(poolMs), 9)} ${pad(fixed(popplerMs), 12)} ${pad(fixed(rate(pages, poolMs)), 9)} ${pad(fixed(rate(pages, popplerMs)), 13)} ${pad(fixed(popplerMs / poolMs, 2), 14)}`;

  console.log(`\nText PDFs: ${docs.length} files, ${totalPages} pages; median of ${rounds} round(s); pool of ${threads} thread(s)`);
  console.log(header);
  console.log('-'.repeat(header.length));
  for (const doc of docs) {
    const entry = perFile.get(doc.name);
    if (entry) console.log(row(doc.name, doc.pages, median(entry.pool), median(entry.poppler)));
  }
  console.log('-'.repeat(header.length));
  console.log(row('all, one at a time', totalPages, median(sequential.pool), median(sequential.poppler)));
  console.log(row(`all, ${threads} in parallel`, totalPages, median(parallel.pool), median(parallel.poppler)));
  console.log('(pool/pdftotext: the pool\'s speed as a share of pdftotext\'s; above 1 means faster)');
}

async function benchOcr(): Promise<void> {
  const scans: [string, number][] = [
    ['wpld-minutes-2019-10-16-scan.pdf', 2],
    ['wpld-ordinance-08-09-06-prevailing-wage-scan.pdf', 1],
    ['wpld-board-packet-2018-08-15-scan.pdf', 9],
    ['wpld-board-packet-2018-08-15-scan.pdf', 33],
    ['wpld-minutes-2019-10-16-scan.pdf', 3],
  ];
  const cut = (name: string, page: number): Uint8Array =>
    new Uint8Array(execFileSync('qpdf', [join(corpus, name), '--pages', '.', String(page), '--', '-']));

  // One thread, so that every measured page after the first meets a warm Tesseract worker.
  const extractor = new PdfjsTextExtractor({ pool: new ExtractionPool({ maxThreads: 1 }), ocrDpi });
  try {
    const ocr = async (bytes: Uint8Array): Promise<number> => {
      const result = await extractor.extract(bytes);
      if (!result.ok || !result.value.every((page) => page.ocr)) throw new Error('expected a page read by OCR');
      return result.value.reduce((sum, page) => sum + page.text.length, 0);
    };
    const [first, ...measured] = scans.slice(0, ocrPageCount + 1);
    if (!first) return;
    const coldMs = await time(() => ocr(cut(...first)));

    console.log(`\nOCR at ${ocrDpi} dpi, one thread (tesseract.js, eng best_int, LSTM)`);
    const header = `${'page'.padEnd(52)} ${pad('seconds', 8)} ${pad('chars', 6)}`;
    console.log(header);
    console.log('-'.repeat(header.length));
    console.log(`${`${first[0]} p${first[1]} (loads the model)`.padEnd(52)} ${pad(fixed(coldMs / 1000, 2), 8)}`);
    const seconds: number[] = [];
    for (const [name, page] of measured) {
      const bytes = cut(name, page);
      let chars = 0;
      const ms = await time(async () => {
        chars = await ocr(bytes);
      });
      seconds.push(ms / 1000);
      console.log(`${`${name} p${page}`.padEnd(52)} ${pad(fixed(ms / 1000, 2), 8)} ${pad(chars, 6)}`);
    }
    console.log('-'.repeat(header.length));
    const mean = seconds.reduce((sum, value) => sum + value, 0) / seconds.length;
    console.log(`${'warm, seconds per page (mean)'.padEnd(52)} ${pad(fixed(mean, 2), 8)}`);
  } finally {
    await extractor.close();
  }
}

const threads = availableParallelism();
console.log(`Node ${process.version}, ${availableParallelism()} CPU(s), load average ${loadavg().map((load) => load.toFixed(2)).join(' ')}`);
const textExtractor = new PdfjsTextExtractor({ pool: new ExtractionPool({ maxThreads: threads }) });
try {
  await benchTextPdfs(textExtractor, threads);
} finally {
  await textExtractor.close();
}
await benchOcr();
console.log(`\nload average at the end ${loadavg().map((load) => load.toFixed(2)).join(' ')}`);
