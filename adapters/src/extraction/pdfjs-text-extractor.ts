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
import type { CancelMessage, ExtractionOutcome, ProgressMessage } from './extraction.protocol.ts';
import { hasPdfSignature } from '@civicwatch/core/analysis/pdf-signature.ts';

export interface PdfjsTextExtractorOptions {
  /** Defaults to the process's shared pool, so that every extractor in a process shares its warm threads. */
  pool?: ExtractionPool;
  /**
   * Rendering resolution for OCR. 200 dpi matches the text layers of office scanners (their text masks are
   * stored at 200 dpi) and read as well as 300 dpi in our measurements, in about two thirds of the time.
   */
  ocrDpi?: number;
}

export const DEFAULT_OCR_DPI = 200;

/**
 * `TextExtractor` on pdf.js, with Tesseract OCR for pages that have no text layer, in a worker-thread pool.
 *
 * Contract: the caller's bytes are copied, never detached or written anywhere; progress is reported after
 * each page of each stage; an aborted `signal` rejects at once with its reason (the worker stops at its next
 * page boundary, and its thread stays warm); expected failures are returned with their codes.
 */
export class PdfjsTextExtractor implements TextExtractor {
  readonly #pool: ExtractionPool;
  readonly #ocrDpi: number;

  constructor(options: PdfjsTextExtractorOptions = {}) {
    this.#pool = options.pool ?? sharedExtractionPool;
    this.#ocrDpi = options.ocrDpi ?? DEFAULT_OCR_DPI;
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

      const onMessage = (message: ProgressMessage): void => {
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
          onMessage(queued.message as ProgressMessage);
        }
      };

      // A private copy, transferred to the worker: the caller keeps its own buffer intact. Not `slice()`:
      // on a Node Buffer it returns a view of the same (pooled, untransferable) memory.
      const copy = new Uint8Array(bytes);
      this.#pool.run({ bytes: copy, port: channel.port2, ocrDpi: this.#ocrDpi, maxPages }).then(
        (outcome) => {
          drain();
          finish(() => resolve(toResult(outcome)));
        },
        (error: unknown) => finish(() => reject(error)),
      );
    });
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
