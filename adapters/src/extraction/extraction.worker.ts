/**
 * An extraction process (`ExtractionPool`): PDFs in over IPC, one at a time, their pages of text out. Runs
 * apart from the server so that the server's event loop keeps answering while a long scan is read, and so that
 * what a document costs in memory is bounded by the kernel and given back when the process ends (ADR 0014).
 *
 * This file and everything it imports at runtime are loaded by Node's native type stripping (the pool starts
 * a plain `node`, outside tsx's or vitest's module graph): erasable TypeScript only, and `.ts` extensions on
 * relative imports.
 *
 * Privacy: the document lives in this process's memory only. pdf.js is given the bytes, never a path;
 * pages are rendered to an in-memory canvas and handed to Tesseract as a buffer; Tesseract's cache is off
 * (`cacheMethod: 'none'`), so it neither writes its language data next to the process nor anything else.
 *
 * Standard error is the CLI's progress channel and the server's log: what the OCR library prints goes to the
 * pool as log messages instead (`tesseract-output.ts`).
 */
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { constants, setPriority } from 'node:os';
import { dirname } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { getDocument, OPS, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { ExtractedPage, ExtractionProgress } from '@civicwatch/core/analysis/text-extractor.port.ts';
import { TOO_MUCH_DATA_MESSAGE, TOO_MUCH_MEMORY_MESSAGE, type ExtractionOutcome, type ExtractionTask, type CountQuery, type FromWorkerMessage, type ToWorkerMessage } from './extraction.protocol.ts';
import { DocumentOcrLanguages, type DetectedLanguage } from './ocr-languages.ts';
import { normalizeOcrText, textItemsToText, visibleLength, type PositionedText } from './page-text.normalizer.ts';
import { checkStreamBudget } from './pdf-stream-budget.ts';
import { toPgm, type GreyImage } from './grey-image.ts';
import { scanCharacters } from './scan-characters.ts';
import { annotationText } from './annotation-text.ts';
import type { Turn } from './ocr-engine.ts';
import { TesseractOcr, type PageReading } from './tesseract-ocr.ts';
import { listenToTesseract } from './tesseract-output.ts';

/**
 * Reading a scan is background work: every thread of this process, and the Tesseract thread it starts later
 * (Linux threads inherit the nice value of the thread that creates them), run at the lowest CPU priority, so
 * that on a machine busy with OCR the server and the database still get a core at once and requests keep their
 * latency (ADR 0017). On Linux `setpriority` sets one thread's priority, so each of `/proc/self/task` is lowered;
 * elsewhere the process's own is.
 */
function lowerThisProcesssPriority(): void {
  try {
    for (const thread of readdirSync('/proc/self/task')) setPriority(Number(thread), constants.priority.PRIORITY_LOW);
  } catch {
    try {
      setPriority(constants.priority.PRIORITY_LOW);
    } catch {
      // Not allowed: reading goes on at normal priority.
    }
  }
}
lowerThisProcesssPriority();

const require = createRequire(import.meta.url);
const pdfjsRoot = dirname(require.resolve('pdfjs-dist/package.json'));

/**
 * A page whose text layer has fewer visible characters than this (a stamped page number, a scanner's
 * header) and that paints an image is treated as a scan and read by OCR.
 */
const MIN_TEXT_LAYER_CHARS = 20;

/**
 * Images larger than this (width × height) are left out by pdf.js before they are decoded: a 600 dpi letter
 * scan is 34 million pixels; a forged 40,000 × 40,000 image would otherwise take gigabytes to decode.
 */
const MAX_IMAGE_PIXELS = 50_000_000;
/**
 * A page is rendered for OCR at no more than this many pixels (an A2 sheet at 200 dpi), its resolution lowered
 * to fit: a page's size is the PDF's to choose (up to 200 inches a side, more with a user unit), the memory
 * of its canvas is ours.
 */
const MAX_RENDER_PIXELS = 16_000_000;

/** The resolution a scan's pages are counted at (`countScan`): `scanCharacters` was measured at it. */
const COUNT_DPI = 100;
/**
 * The processor time a process spends counting a scan's pages before a credit is taken (`countScan`): a page
 * takes about a tenth of a second, so two processes prove a scan of more than 10,000 characters over its limit in
 * about a second, or leave it to reading.
 */
const COUNT_PROCESSOR_MS = 1_500;

const IMAGE_OPS = new Set<number>([
  OPS.paintImageXObject,
  OPS.paintImageXObjectRepeat,
  OPS.paintInlineImageXObject,
  OPS.paintInlineImageXObjectGroup,
  OPS.paintImageMaskXObject,
  OPS.paintImageMaskXObjectGroup,
  OPS.paintImageMaskXObjectRepeat,
]);

const send = (message: FromWorkerMessage): void => {
  process.send?.(message);
};

const log = (message: string): void => send({ type: 'log', message });
listenToTesseract(log);
const ocr = new TesseractOcr(log);

/** The server's answer to the one count query this process has asked at a time. */
let pageAnswer: ((page: number | null) => void) | undefined;
const nextPageToCount = (query: CountQuery): Promise<number | null> => new Promise((resolve) => {
  pageAnswer = resolve;
  send(query);
});

/** The server's answer to the one language question this process has asked at a time. */
let languageAnswer: ((language: DetectedLanguage) => void) | undefined;
const detectLanguage = (text: string): Promise<DetectedLanguage> => new Promise((resolve) => {
  languageAnswer = resolve;
  send({ type: 'detect-language', text });
});

// One document at a time: the pool sends the next only after this one's outcome.
process.on('message', (message: ToWorkerMessage) => {
  if (message.type === 'count-page') {
    pageAnswer?.(message.page);
    pageAnswer = undefined;
    return;
  }
  if (message.type === 'language') {
    languageAnswer?.(message.language);
    languageAnswer = undefined;
    return;
  }
  extract(message.task).then(
    (outcome) => send({ type: 'outcome', outcome }),
    (error: unknown) => send({ type: 'crash', message: error instanceof Error ? error.stack ?? error.message : String(error) }),
  );
});
// The server went away: nothing is left to read for.
process.on('disconnect', () => process.exit(0));

async function extract(task: ExtractionTask): Promise<ExtractionOutcome> {
  send({ type: 'started' });
  // A count follows the check of the same bytes (`ExtractionTask.count`): they are within the budget.
  const budget = task.count ? undefined : checkStreamBudget(task.bytes);
  if (budget && !budget.withinBudget) {
    return { kind: 'failure', code: 'document.too_complex', message: TOO_MUCH_DATA_MESSAGE };
  }

  const loadingTask = getDocument({
    data: task.bytes,
    maxImageSize: MAX_IMAGE_PIXELS,
    verbosity: VerbosityLevel.ERRORS,
    // Node reads these from disk (NodeBinaryDataFactory); trailing slashes are required.
    standardFontDataUrl: `${pdfjsRoot}/standard_fonts/`,
    cMapUrl: `${pdfjsRoot}/cmaps/`,
    iccUrl: `${pdfjsRoot}/iccs/`,
    // JBIG2 and JPEG 2000 decoders: scanners use both.
    wasmUrl: `${pdfjsRoot}/wasm/`,
    useSystemFonts: false,
    enableXfa: false,
  });
  try {
    const document = await loadingTask.promise;
    if (document.numPages === 0) {
      return { kind: 'failure', code: 'document.empty', message: 'This PDF has no pages.' };
    }
    if (task.maxPages !== undefined && document.numPages > task.maxPages) {
      const allowed = `${task.maxPages} page${task.maxPages === 1 ? '' : 's'}`;
      return { kind: 'failure', code: 'document.too_many_pages', message: `This PDF has ${document.numPages} pages, more than the ${allowed} allowed.` };
    }
    if (task.openOnly) return { kind: 'opened', pages: document.numPages, pictures: budget?.namesFonts === false };
    if (task.count) return await countScan(document);
    return await readPages(document, task);
  } catch (error) {
    const failure = expectedFailure(error);
    if (failure) return failure;
    throw error;
  } finally {
    await loadingTask.destroy();
  }
}

/**
 * A `count` task (ADR 0032): the pages the server gives, one at a time, each rendered small and counted by
 * `scanCharacters`, which finds fewer characters than OCR reads, never more; each count goes back with the
 * question of the next page, until the server has none or this process has spent `COUNT_PROCESSOR_MS` counting.
 * Processor time, not wall-clock time: on a busy machine counting takes longer but finds as much.
 */
async function countScan(document: PDFDocumentProxy): Promise<ExtractionOutcome> {
  const start = process.cpuUsage();
  const spentMs = (): number => {
    const { user, system } = process.cpuUsage(start);
    return (user + system) / 1000;
  };
  let next = await nextPageToCount({ type: 'count-page', another: true });
  while (next !== null) {
    const page = await document.getPage(next);
    let characters: number;
    try {
      const dpi = renderDpi(page, COUNT_DPI);
      characters = scanCharacters(await renderGrey(page, dpi, 0), dpi);
    } finally {
      page.cleanup();
    }
    next = await nextPageToCount({ type: 'count-page', counted: { page: next, characters }, another: spentMs() < COUNT_PROCESSOR_MS });
  }
  return { kind: 'counted' };
}

/** A page whose reading has begun: its text layer taken, or its OCR under way. */
interface Begun {
  number: number;
  page: PDFPageProxy;
  /** The page's text layer. */
  text: string;
  /** A page that is not a scan, as read. */
  extracted?: ExtractedPage;
  ocr?: {
    reading: Promise<PageReading>;
    /** The languages it is read in: a page read before the document's were known is read again. */
    languages: DocumentOcrLanguages['languages'];
    settled: boolean;
  };
}

/**
 * The document's pages, read in order, with the scans among them read `task.ocrThreads` at a time (ADR 0025):
 * while a page is in OCR, the pages after it are taken from pdf.js and their OCR begins as soon as a reader is
 * free, at most twice as many pages ahead as there are readers (what is read ahead of a slow page is kept until
 * its turn). Pages are taken as they are finished, in order: progress, the character limit and the document's
 * language see them as if they had been read one by one; reading stops at the first page that takes the document
 * over its character limit, and the pages after it that were being read are stopped.
 */
async function readPages(document: PDFDocumentProxy, task: ExtractionTask): Promise<ExtractionOutcome> {
  const report = (progress: ExtractionProgress): void => send({ type: 'progress', progress });
  const threads = Math.max(1, task.ocrThreads ?? 1);
  ocr.configure({ threads, native: task.nativeOcr ?? true });
  const stop = new AbortController();
  const pages: ExtractedPage[] = [];
  const languages = new DocumentOcrLanguages(task.ocrLanguages, detectLanguage);
  /** Scanned pages taken so far: read again if the document's languages change. */
  const scans: Scan[] = [];
  const unoriented: number[] = [];
  let characters = 0;
  /** Pages begun and not yet taken, in order. */
  const begun: Begun[] = [];
  /** The last page finished among the scans, and how it was turned: the next scan is likely turned the same. */
  let latest = { number: 0, turn: 0 as Turn };

  const reading = (): Begun[] => begun.filter((entry) => entry.ocr && !entry.ocr.settled);
  /** Takes the pages finished at the head of the line; a refusal when one takes the document over its characters. */
  const take = async (): Promise<ExtractionOutcome | undefined> => {
    while (begun[0] && (!begun[0].ocr || begun[0].ocr.settled)) {
      const entry = begun.shift()!;
      try {
        if (entry.ocr) {
          let read = await entry.ocr.reading;
          if (entry.ocr.languages !== languages.languages) {
            read = await ocr.reread((turn) => renderGreyscale(entry.page, renderDpi(entry.page, task.ocrDpi), turn), read.turn,
              { dpi: renderDpi(entry.page, task.ocrDpi), languages: languages.languages, signal: stop.signal });
          }
          if (!read.oriented) unoriented.push(entry.number);
          const scan = { number: entry.number, index: pages.length, turn: read.turn, textLayer: entry.text };
          pages.push(scannedPage(scan, normalizeOcrText(read.text)));
          scans.push(scan);
          languages.note(read.text);
          if (await languages.decide(scans.length)) await readAgain(document, scans, pages, languages.languages, task.ocrDpi, stop.signal);
        } else {
          pages.push(entry.extracted!);
          languages.note(entry.text);
        }
      } finally {
        entry.page.cleanup();
      }
      // Counted as the limits count them (`documentCharacters`): a scan over the limit is refused on the page
      // that takes it over, not after the rest is read.
      characters += pages.at(-1)!.text.trim().length;
      if (task.maxCharacters !== undefined && characters > task.maxCharacters) {
        return { kind: 'failure', code: 'document.too_many_characters',
          message: `This document has more than ${task.maxCharacters} characters of text: page ${entry.number} takes it over.` };
      }
    }
    return undefined;
  };

  try {
    for (let number = 1; number <= document.numPages; number++) {
      // Every reader busy, or enough read ahead: wait for a page to finish, and take those finished in order.
      while (reading().length >= threads || begun.filter((entry) => entry.ocr).length >= 2 * threads) {
        await Promise.race(reading().map((entry) => entry.ocr!.reading));
        const refused = await take();
        if (refused) return refused;
      }
      const page = await document.getPage(number);
      // Marked-content markers carry no text.
      const content = (await page.getTextContent()).items.filter((item) => 'str' in item) as PositionedText[];
      report({ stage: 'extracting', page: number, pages: document.numPages });

      // Whether a page is a scan is told by its content alone: a signature stamp over a scan is not its text.
      const text = textItemsToText(content);
      const entry: Begun = { number, page, text };
      begun.push(entry);
      if (visibleLength(text) < MIN_TEXT_LAYER_CHARS && (await paintsImages(page))) {
        // Text layers before the first scan may already tell the document's language.
        if (scans.length === 0 && begun.length === 1) await languages.decide(0);
        // Said as OCR begins: it is what the reader waits for, seconds a page.
        report({ stage: 'ocr', page: number, pages: document.numPages });
        const dpi = renderDpi(page, task.ocrDpi);
        const read = ocr.read((turn) => renderGreyscale(page, dpi, turn), {
          dpi, languages: languages.languages, page: number, lastTurn: latest.turn, signal: stop.signal,
        });
        const begunOcr = { reading: read, languages: languages.languages, settled: false };
        entry.ocr = begunOcr;
        const settle = (turn?: Turn): void => {
          begunOcr.settled = true;
          if (turn !== undefined && number > latest.number) latest = { number, turn };
        };
        read.then((result) => settle(result.turn), () => settle());
      } else {
        // Stamps and form fields are drawn in annotations, which the text content leaves out.
        entry.extracted = { number, text: textItemsToText([...content, ...(await annotationText(page))]), ocr: false };
      }
      const refused = await take();
      if (refused) return refused;
    }
    while (begun.length > 0) {
      await begun[0]!.ocr?.reading;
      const refused = await take();
      if (refused) return refused;
    }
  } finally {
    stop.abort();
    await Promise.allSettled(begun.map((entry) => entry.ocr?.reading));
  }

  if (pages.every((page) => visibleLength(page.text) === 0)) {
    return { kind: 'failure', code: 'document.empty', message: 'No text could be read from this PDF: its pages are blank or too unclear for OCR.' };
  }
  const warnings = [languages.warning, unorientedWarning(unoriented)].filter((warning) => warning !== undefined);
  return { kind: 'pages', pages, warnings };
}

/** pdf.js rebuilds its exceptions across its own worker boundary: match them by name, not by class. */
function errorName(error: unknown): string | undefined {
  return error instanceof Object && 'name' in error && typeof error.name === 'string' ? error.name : undefined;
}

/**
 * pdf.js repairs what it can (a missing xref, a truncated tail); what it still refuses, when opening or on a
 * page, is a damaged file.
 */
function expectedFailure(error: unknown): ExtractionOutcome | undefined {
  switch (errorName(error)) {
    case 'PasswordException':
      // Only a user password stops pdf.js: owner-password PDFs (print/copy restrictions) open without one.
      return {
        kind: 'failure',
        code: 'document.encrypted',
        message: 'This PDF is protected by a password. Remove the password and upload it again.',
      };
    case 'RangeError':
      // An allocation beyond the kernel's limit on this process (ExtractionPool).
      return { kind: 'failure', code: 'document.too_complex', message: TOO_MUCH_MEMORY_MESSAGE };
    case 'InvalidPDFException':
    case 'FormatError':
    case 'UnknownErrorException':
      return { kind: 'failure', code: 'document.corrupt', message: 'This PDF is damaged and cannot be read.' };
    default:
      return undefined;
  }
}

async function paintsImages(page: PDFPageProxy): Promise<boolean> {
  const operators = await page.getOperatorList();
  return operators.fnArray.some((op) => IMAGE_OPS.has(op));
}

/** A scanned page as it was read: where it is among the pages, which way up, and the text layer under the scan. */
interface Scan {
  number: number;
  index: number;
  turn: Turn;
  textLayer: string;
}

/** A stamped page number must not hide the scan under it, nor an empty OCR the stamp. */
function scannedPage(scan: Scan, ocrText: string): ExtractedPage {
  return visibleLength(ocrText) >= visibleLength(scan.textLayer)
    ? { number: scan.number, text: ocrText, ocr: true }
    : { number: scan.number, text: scan.textLayer, ocr: false };
}

/** The scans read before the document's language was known, read again in it, the way up they were found. */
async function readAgain(
  document: PDFDocumentProxy,
  scans: readonly Scan[],
  pages: ExtractedPage[],
  languages: DocumentOcrLanguages['languages'],
  wantedDpi: number,
  signal: AbortSignal,
): Promise<void> {
  await Promise.all(scans.map(async (scan) => {
    const page = await document.getPage(scan.number);
    try {
      const dpi = renderDpi(page, wantedDpi);
      const reading = await ocr.reread((turn) => renderGreyscale(page, dpi, turn), scan.turn, { dpi, languages, signal });
      pages[scan.index] = scannedPage(scan, normalizeOcrText(reading.text));
    } finally {
      page.cleanup();
    }
  }));
}

function unorientedWarning(numbers: readonly number[]): string | undefined {
  if (numbers.length === 0) return undefined;
  const named = numbers.length === 1 ? `Scanned page ${numbers[0]}` : `Scanned pages ${numbers.slice(0, -1).join(', ')} and ${numbers.at(-1)}`;
  return `${named} read poorly whichever way ${numbers.length === 1 ? 'it was' : 'they were'} turned: `
    + `${numbers.length === 1 ? 'its' : 'their'} text may be incomplete or wrong.`;
}

/** `dpi`, lowered as far as the page needs to be rendered in about `MAX_RENDER_PIXELS` at most. */
function renderDpi(page: Pick<PDFPageProxy, 'getViewport'>, dpi: number): number {
  const { width, height } = page.getViewport({ scale: dpi / 72 });
  return dpi * Math.min(1, Math.sqrt(MAX_RENDER_PIXELS / (width * height)));
}

/** The page rendered in 8-bit greyscale at `dpi`, turned by `turn`. */
async function renderGrey(page: PDFPageProxy, dpi: number, turn: Turn): Promise<GreyImage> {
  const viewport = page.getViewport({ scale: dpi / 72, rotation: (page.rotate + turn) % 360 });
  const width = Math.ceil(viewport.width);
  const height = Math.ceil(viewport.height);
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  // Scans often paint only their black text masks: without a white ground they would be black on clear.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  await page.render({ canvas: canvas as unknown as HTMLCanvasElement, viewport }).promise;

  const rgba = context.getImageData(0, 0, width, height).data;
  const pixels = new Uint8Array(width * height);
  for (let source = 0, target = 0; source < rgba.length; source += 4, target++) {
    // ITU-R BT.601 luma in integer arithmetic.
    pixels[target] = ((rgba[source] ?? 0) * 77 + (rgba[source + 1] ?? 0) * 150 + (rgba[source + 2] ?? 0) * 29) >> 8;
  }
  return { pixels, width, height };
}

/**
 * The page as an 8-bit greyscale PGM (P5): Leptonica reads it directly, and building it costs a third of
 * encoding a PNG of the same page, which Leptonica would only decode again.
 */
async function renderGreyscale(page: PDFPageProxy, dpi: number, turn: Turn): Promise<Buffer> {
  return toPgm(await renderGrey(page, dpi, turn));
}
