import { MessageChannel, receiveMessageOnPort } from 'node:worker_threads';
import {
  domainError,
  err,
  ok,
  type DomainError,
  type ExtractedPage,
  type ExtractionProgress,
  type Result,
  type TextExtractor,
} from '@civicwatch/core';
import { ExtractionPool, sharedExtractionPool } from './extraction-pool.ts';
import type { CancelMessage, ExtractionOutcome, ProgressMessage, StartedMessage } from './extraction.protocol.ts';
import { hasPdfSignature } from '@civicwatch/core/analysis/pdf-signature.ts';

export interface PdfjsTextExtractorOptions {
  /** Defaults to the process's shared pool, so that every extractor in a process shares its warm threads. */
  pool?: ExtractionPool;
  /**
   * Rendering resolution for OCR. 200 dpi matches the text layers of office scanners (their text masks are
   * stored at 200 dpi) and read as well as 300 dpi in our measurements, in about two thirds of the time.
   */
  ocrDpi?: number;
  /** The longest a thread may spend opening the PDF or reading one page (OCR included), in milliseconds. */
  pageTimeLimitMs?: number;
}

export const DEFAULT_OCR_DPI = 200;
/**
 * OCR reads a page in a few seconds, three times that when the page is turned sideways; a page that takes
 * longer is built to stall the reader (a font or a content stream that loops, a page of millions of operators).
 */
export const DEFAULT_PAGE_TIME_LIMIT_MS = 90_000;
const TOO_BIG_MESSAGE = 'This PDF needs more memory to read than the server allows. Please upload a smaller or simpler PDF.';

/**
 * `TextExtractor` on pdf.js, with Tesseract OCR for pages that have no text layer, in a worker-thread pool.
 *
 * Contract: the caller's bytes are copied, never detached or written anywhere; progress is reported after
 * each page of each stage; an aborted `signal` rejects at once with its reason (the worker stops at its next
 * page boundary, and its thread stays warm); expected failures are returned with their codes.
 *
 * Limits: a thread that spends more than `pageTimeLimitMs` opening the document or on one page, or that
 * outgrows its heap, is ended and replaced, and the document is refused as `document.too_complex`; so is
 * a document whose Flate streams decode to more than the worker's budget (see `pdf-stream-budget.ts`).
 */
export class PdfjsTextExtractor implements TextExtractor {
  readonly #pool: ExtractionPool;
  readonly #ocrDpi: number;
  readonly #pageTimeLimitMs: number;

  constructor(options: PdfjsTextExtractorOptions = {}) {
    this.#pool = options.pool ?? sharedExtractionPool;
    this.#ocrDpi = options.ocrDpi ?? DEFAULT_OCR_DPI;
    this.#pageTimeLimitMs = options.pageTimeLimitMs ?? DEFAULT_PAGE_TIME_LIMIT_MS;
  }

  async extract(
    bytes: Uint8Array,
    options: { onProgress?: (progress: ExtractionProgress) => void; signal?: AbortSignal; maxPages?: number } = {},
  ): Promise<Result<ExtractedPage[], DomainError>> {
    const { onProgress, signal, maxPages } = options;
    signal?.throwIfAborted();
    if (!hasPdfSignature(bytes)) {
      return err(domainError('document.not_pdf', bytes.length === 0 ? 'The file is empty; please upload a PDF.' : 'This file is not a PDF.'));
    }

    const channel = new MessageChannel();
    const cancel = (): void => channel.port1.postMessage({ type: 'cancel' } satisfies CancelMessage);
    // Armed when the worker starts and again after each page; it also ends a thread that a cancel cannot
    // reach because it is stuck inside one page.
    const watchdog = new AbortController();
    let deadline: NodeJS.Timeout | undefined;
    const rearm = (): void => {
      clearTimeout(deadline);
      deadline = setTimeout(() => watchdog.abort(), this.#pageTimeLimitMs);
    };

    return new Promise<Result<ExtractedPage[], DomainError>>((resolve, reject) => {
      let settled = false;
      const finish = (settle: () => void): void => {
        if (settled) return;
        settled = true;
        signal?.removeEventListener('abort', onAbort);
        channel.port1.close();
        settle();
      };
      const onAbort = (): void => {
        cancel();
        finish(() => reject(signal?.reason));
      };
      signal?.addEventListener('abort', onAbort, { once: true });

      const onMessage = (message: StartedMessage | ProgressMessage): void => {
        rearm();
        if (settled || message.type !== 'progress' || !onProgress) return;
        try {
          onProgress(message.progress);
        } catch (error) {
          // A throwing listener is the caller's bug: surface it to the caller, not as an uncaught exception.
          cancel();
          finish(() => reject(error));
        }
      };
      channel.port1.on('message', onMessage);
      // The task's result travels on piscina's own channel and may overtake the last progress messages,
      // which are already queued on our port by then: deliver them before settling.
      const drain = (): void => {
        for (let queued = receiveMessageOnPort(channel.port1); queued; queued = receiveMessageOnPort(channel.port1)) {
          onMessage(queued.message as StartedMessage | ProgressMessage);
        }
      };

      // A private copy, transferred to the worker: the caller keeps its own buffer intact. Not `slice()`:
      // on a Node Buffer it returns a view of the same (pooled, untransferable) memory.
      const copy = new Uint8Array(bytes);
      this.#pool.run({ bytes: copy, port: channel.port2, ocrDpi: this.#ocrDpi, maxPages }, watchdog.signal).then(
        (outcome) => {
          drain();
          clearTimeout(deadline);
          finish(() => resolve(toResult(outcome)));
        },
        (error: unknown) => {
          clearTimeout(deadline);
          const refusal = this.#overLimit(error, watchdog.signal);
          finish(() => (refusal ? resolve(err(refusal)) : reject(error)));
        },
      );
    });
  }

  /** The refusal for a thread that was ended for exceeding a limit; undefined for any other failure. */
  #overLimit(error: unknown, watchdog: AbortSignal): DomainError | undefined {
    if (watchdog.aborted) {
      const seconds = Math.round(this.#pageTimeLimitMs / 1000);
      return domainError('document.too_complex',
        `Reading this PDF took too long: a page needed more than ${seconds} second${seconds === 1 ? '' : 's'}. Please upload a smaller or simpler PDF.`);
    }
    if (error instanceof Error && 'code' in error && error.code === 'ERR_WORKER_OUT_OF_MEMORY') return domainError('document.too_complex', TOO_BIG_MESSAGE);
    return undefined;
  }

  /** Destroys the pool's threads (the shared pool unless one was given); the next `extract` starts it anew. */
  close(): Promise<void> {
    return this.#pool.close();
  }
}

function toResult(outcome: ExtractionOutcome): Result<ExtractedPage[], DomainError> {
  switch (outcome.kind) {
    case 'pages':
      return ok(outcome.pages);
    case 'failure':
      return err(domainError(outcome.code, outcome.message));
    case 'cancelled':
      // Only an abort sends a cancel, and an abort settles the promise first: this outcome is never seen.
      throw new Error('Extraction cancelled without an abort.');
  }
}
