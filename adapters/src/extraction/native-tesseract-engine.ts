/**
 * Native `tesseract` (Debian's tesseract-ocr, 4 or later), run once per page image when it is installed, with the
 * models tesseract.js reads (ADR 0025): it reads a page in less than half the processor time of tesseract.js, with
 * the same page segmentation and row joining. The page goes to its standard input as a PGM and its words come
 * back on its standard output as TSV: nothing is written to disk. Each run is one thread (`OMP_THREAD_LIMIT=1`):
 * the document's pages are what runs in parallel, one per core.
 *
 * A process of its own for each page: the extraction process's resident-memory watchdog and processor-time
 * limit count it (`extraction-pool.ts`), a cancelled document's process group ends it with the rest, and the
 * extraction process ends those still running when it exits.
 *
 * Loaded inside the extraction worker by Node's own type stripping: erasable TypeScript only and `.ts`
 * extensions on relative imports.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { modelFile, type OcrLanguage } from './ocr-languages.ts';
import { rowsOf, type OcrBlock, type OcrLine } from './ocr-rows.ts';
import type { OcrEngine, Orientation, Recognized, Turn } from './ocr-engine.ts';

/** Running `tesseract` processes: ended when the extraction process exits, whatever it was doing. */
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * The folder native `tesseract` reads its models from: the models tesseract.js reads (`modelFile`: best_int for the
 * languages, the npm packages'), unpacked once per machine, so that both engines read a page with the same model.
 * Debian's own (tessdata_fast) cost 30% less but read fewer words right (ADR 0025). Public data, not a document's:
 * the privacy promise is about what users upload. Written under another name and renamed, so that processes
 * unpacking the same model at once never read half of one.
 */
function tessdata(codes: readonly string[]): string {
  const folder = join(tmpdir(), 'civicwatch-tessdata-4.0.0_best_int');
  mkdirSync(folder, { recursive: true });
  for (const code of codes) {
    const target = join(folder, `${code}.traineddata`);
    if (existsSync(target)) continue;
    const partial = `${target}.${process.pid}`;
    writeFileSync(partial, gunzipSync(readFileSync(modelFile(`${code}.traineddata.gz`))));
    renameSync(partial, target);
  }
  return folder;
}

/** Tesseract's page segmentation mode 4, one column of text of varying sizes (ADR 0021), as tesseract.js reads. */
const SINGLE_COLUMN = '4';

/**
 * The languages the installed `tesseract` has data for (`osd` among them when orientation detection is
 * installed); empty when there is no `tesseract`, or one older than 4 (no LSTM engine). The product reads with
 * its own models (`tessdata`), so any `tesseract` 4 or later will do; the tests' reference reads with these.
 */
export function installedTesseractLanguages(): ReadonlySet<string> {
  const version = spawnSync('tesseract', ['--version'], { encoding: 'utf8', timeout: 10_000 });
  const major = Number(/tesseract v?(\d+)\./.exec(`${version.stdout}${version.stderr}`)?.[1]);
  if (version.error || !(major >= 4)) return new Set();
  const listed = spawnSync('tesseract', ['--list-langs'], { encoding: 'utf8', timeout: 10_000 });
  if (listed.error || listed.status !== 0) return new Set();
  return new Set(listed.stdout.split('\n').slice(1).map((line) => line.trim()).filter(Boolean));
}

/** Tesseract's answer to `--psm 0`: how far to turn the page clockwise, and how sure it is. */
export function parseOrientation(answer: string): Orientation | null {
  const turn = Number(/^Rotate: (\d+)/m.exec(answer)?.[1]);
  const confidence = Number(/^Orientation confidence: ([\d.]+)/m.exec(answer)?.[1]);
  return (turn === 0 || turn === 90 || turn === 180 || turn === 270) && Number.isFinite(confidence)
    ? { turn: turn as Turn, confidence }
    : null;
}

/**
 * Tesseract's TSV (one row per page, block, paragraph, line and word: `level page block par line word left top
 * width height conf text`) as the blocks `rowsOf` lays out, and the mean word confidence, as tesseract.js's
 * `confidence` (Tesseract's `MeanTextConf`) counts it.
 */
export function parseTsv(tsv: string): Recognized {
  const blocks: { paragraphs: { lines: OcrLine[] }[] }[] = [];
  const confidences: number[] = [];
  let words: string[] = [];
  for (const row of tsv.split('\n').slice(1)) {
    const fields = row.split('\t');
    if (fields.length < 12) continue;
    const [level, left, top, width, height, conf] = [0, 6, 7, 8, 9, 10].map((index) => Number(fields[index]));
    const text = fields.slice(11).join('\t').trim();
    const paragraph = blocks.at(-1)?.paragraphs.at(-1);
    if (level === 2) blocks.push({ paragraphs: [] });
    else if (level === 3) blocks.at(-1)?.paragraphs.push({ lines: [] });
    else if (level === 4 && paragraph) {
      words = [];
      paragraph.lines.push({ text: '', bbox: { x0: left!, y0: top!, x1: left! + width!, y1: top! + height! } });
    } else if (level === 5 && text) {
      const line = paragraph?.lines.at(-1);
      words.push(text);
      if (line) line.text = words.join(' ');
      if (conf! >= 0) confidences.push(conf!);
    }
  }
  const lines = blocks.flatMap((block) => block.paragraphs.map((paragraph) => paragraph.lines.map((line) => line.text).join('\n')));
  const mean = confidences.length === 0 ? 0 : Math.round(confidences.reduce((sum, value) => sum + value, 0) / confidences.length);
  return { text: rowsOf(blocks satisfies OcrBlock[], lines.join('\n\n')), confidence: mean };
}

/** Runs `tesseract` on `image` with `args`; answers its standard output, or null when it exits with an error. */
function tesseract(image: Buffer, args: string[], signal: AbortSignal, log: (message: string) => void): Promise<string | null> {
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const child = spawn('tesseract', ['stdin', 'stdout', ...args], {
      // One thread a page: pages, not the threads of one page, use the cores (OpenMP builds only; others ignore it).
      env: { ...process.env, OMP_THREAD_LIMIT: '1' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    running.add(child);
    const output: Buffer[] = [];
    let errors = '';
    // Rejected once the process has ended (`close`), not before: a stopped page leaves nothing running.
    const onAbort = (): void => {
      child.kill('SIGKILL');
    };
    signal.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      errors += chunk;
    });
    // A tesseract that exits before reading all of the page closes its end of the pipe.
    child.stdin.on('error', () => {});
    child.stdin.end(image);
    child.once('error', (error) => {
      running.delete(child);
      signal.removeEventListener('abort', onAbort);
      reject(error);
    });
    child.once('close', (code) => {
      running.delete(child);
      signal.removeEventListener('abort', onAbort);
      // What Leptonica and Tesseract print ("Estimating resolution as 193") goes to the debug log, as tesseract.js's does.
      for (const line of errors.split('\n')) if (line.trim()) log(line.trimEnd());
      if (signal.aborted) reject(signal.reason);
      else resolve(code === 0 ? Buffer.concat(output).toString('utf8') : null);
    });
  });
}

/** Reads with the installed `tesseract`, a process per page; stateless, so one serves every reader. */
export class NativeTesseractEngine implements OcrEngine {
  readonly #log: (message: string) => void;

  constructor(log: (message: string) => void) {
    this.#log = log;
  }

  async recognize(image: Buffer, options: { dpi: number; languages: readonly OcrLanguage[]; signal: AbortSignal }): Promise<Recognized> {
    const tsv = await tesseract(image, [
      '--tessdata-dir', tessdata(options.languages), '--dpi', String(Math.round(options.dpi)), '--psm', SINGLE_COLUMN, '--oem', '1',
      '-l', options.languages.join('+'), '-c', 'tessedit_create_tsv=1',
    ], options.signal, this.#log);
    if (tsv === null) throw new Error('tesseract could not read the page');
    return parseTsv(tsv);
  }

  async detect(image: Buffer, options: { dpi: number; signal: AbortSignal }): Promise<Orientation | null> {
    // Exits with an error when the page has too few characters to tell.
    const answer = await tesseract(image, ['--tessdata-dir', tessdata(['osd']), '--dpi', String(Math.round(options.dpi)), '--psm', '0'], options.signal, this.#log);
    return answer === null ? null : parseOrientation(answer);
  }

  async close(): Promise<void> {}
}
