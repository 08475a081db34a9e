/**
 * What crosses the thread boundary between `PdfjsTextExtractor` (main thread) and `extraction.worker.ts`
 * (a piscina thread). Plain structured-cloneable data only: no classes, no functions.
 */
import type { MessagePort } from 'node:worker_threads';
import type { ExtractedPage, ExtractionProgress } from '@civicwatch/core/analysis/text-extractor.port.ts';

export interface ExtractionTask {
  /** A private copy of the document, transferred (not copied) into the worker. */
  bytes: Uint8Array;
  /** Worker → main: `StartedMessage`, then `ProgressMessage`s; main → worker: `CancelMessage`. Transferred with the task. */
  port: MessagePort;
  /** Rendering resolution for OCR, in dots per inch. */
  ocrDpi: number;
  /** Refuse a PDF with more pages than this as soon as it is opened, before any page is read or OCR'd. */
  maxPages?: number;
}

/** The worker took the task: its time limit starts now, not while it waited for a free thread. */
export type StartedMessage = { type: 'started' };
export type ProgressMessage = { type: 'progress'; progress: ExtractionProgress };
export type CancelMessage = { type: 'cancel' };

/** Expected failures only; anything else is thrown by the worker and rejects the piscina task. */
export type ExtractionFailureCode =
  | 'document.corrupt' | 'document.encrypted' | 'document.empty' | 'document.too_many_pages' | 'document.too_complex';

/** A refusal for what reading the PDF would cost: its Flate streams decode to more than the budget. */
export const TOO_MUCH_DATA_MESSAGE = 'This PDF holds more compressed data than can be read safely. Please upload a smaller or simpler PDF.';

export type ExtractionOutcome =
  | { kind: 'pages'; pages: ExtractedPage[] }
  | { kind: 'failure'; code: ExtractionFailureCode; message: string }
  /** The caller cancelled; the worker stopped at the next page boundary. */
  | { kind: 'cancelled' };
