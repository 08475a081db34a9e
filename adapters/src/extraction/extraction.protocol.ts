/**
 * What crosses the process boundary between `ExtractionPool` (the server) and `extraction.worker.ts` (a child
 * process), over Node's IPC channel with the `advanced` serialization: plain structured-cloneable data only.
 */
import type { ExtractedPage, ExtractionProgress } from '@civicwatch/core/analysis/text-extractor.port.ts';
import type { DetectedLanguage, OcrLanguage } from './ocr-languages.ts';

export interface ExtractionTask {
  /** The document, copied to the child. */
  bytes: Uint8Array;
  /** Rendering resolution for OCR, in dots per inch. */
  ocrDpi: number;
  /** Refuse a PDF with more pages than this as soon as it is opened, before any page is read or OCR'd. */
  maxPages?: number;
  /** Stop reading, and refuse, at the first page that takes the document's characters of text over this. */
  maxCharacters?: number;
  /** The models scans are read with; unset, they are chosen from the language of the document (ADR 0021). */
  ocrLanguages?: OcrLanguage[];
  /**
   * How many scanned pages are read at once (ADR 0025): set by the pool when it gives the task to a process, from
   * the cores the documents being read share. One when unset.
   */
  ocrThreads?: number;
  /** Read scans with native `tesseract` when it is installed (the default); false: always with tesseract.js. */
  nativeOcr?: boolean;
  /** Open the document and count its pages, refusing what opening it refuses, without reading any page. */
  openOnly?: boolean;
  /**
   * Instead of reading the document, count the characters its pages' pictures show (ADR 0032), page by page as
   * the server gives them (`CountQuery`), several processes counting one document side by side, each for at most
   * `COUNT_PROCESSOR_MS` of processor time. Sent only after
   * an `openOnly` task of the same bytes was answered `opened`: the stream budget is not counted again.
   */
  count?: boolean;
}

/** Server → child: a document to read, or the answer to its `LanguageQuery` or its `CountQuery` (no page: stop). */
export type ToWorkerMessage =
  | { type: 'task'; task: ExtractionTask }
  | { type: 'language'; language: DetectedLanguage }
  | { type: 'count-page'; page: number | null };

/** Child → server: `started` (its time limit starts now, not while it waited for a process), progress, then one end. */
export type StartedMessage = { type: 'started' };
export type ProgressMessage = { type: 'progress'; progress: ExtractionProgress };
export type OutcomeMessage = { type: 'outcome'; outcome: ExtractionOutcome };
/** A bug or a broken installation in the child: the task fails as an error, not as a refusal. */
export type CrashMessage = { type: 'crash'; message: string };
/** A line for the debug log: what the OCR library printed, how a scanned page was turned and read. */
export type LogMessage = { type: 'log'; message: string };
/**
 * The language of the text read so far, asked of the server's language detector: it is loaded there for every
 * analysis anyway, and in this process its 30 MB of n-grams would slow each page's garbage collection.
 */
export type LanguageQuery = { type: 'detect-language'; text: string };
/**
 * A `count` task's page counted (none at first), and its question: which page next? None is wanted (`another`
 * false) once the process has spent its time on counting (`COUNT_PROCESSOR_MS`).
 */
export type CountQuery = { type: 'count-page'; counted?: PageCount; another: boolean };
export interface PageCount {
  page: number;
  /** The characters the page's picture shows at least (`scanCharacters`). */
  characters: number;
}
export type FromWorkerMessage = StartedMessage | ProgressMessage | LogMessage | LanguageQuery | CountQuery | OutcomeMessage | CrashMessage;

/** Expected failures only; anything else is a `CrashMessage`. */
export type ExtractionFailureCode =
  | 'document.corrupt' | 'document.encrypted' | 'document.empty' | 'document.too_many_pages' | 'document.too_many_characters' | 'document.too_complex';

/** A refusal for what reading the PDF would cost: its streams decode, use by use, to more than the budget. */
export const TOO_MUCH_DATA_MESSAGE = 'This PDF holds more compressed data than can be read safely. Please upload a smaller or simpler PDF.';

/** A refusal for a document that needs more memory than its process may hold. */
export const TOO_MUCH_MEMORY_MESSAGE = 'This PDF needs more memory to read than the server allows. Please upload a smaller or simpler PDF.';

export type ExtractionOutcome =
  /** `warnings`: sentences for the reader about what could not be read as it should (`ExtractedDocument`). */
  | { kind: 'pages'; pages: ExtractedPage[]; warnings: string[] }
  /** An `openOnly` task's answer; `pictures`: the document names no font, so its pages are pictures (a scan). */
  | { kind: 'opened'; pages: number; pictures: boolean }
  /** A `count` task's end: the server was told each page's count as it went. */
  | { kind: 'counted' }
  | { kind: 'failure'; code: ExtractionFailureCode; message: string };
