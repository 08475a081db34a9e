import {
  domainError,
  err,
  ok,
  type DomainError,
  type ExtractedDocument,
  type ExtractionProgress,
  type LanguageDetector,
  type Result,
  type TextExtractor,
} from '@civicwatch/core';
import { EldLanguageDetector } from '../analysis/language/eld-language-detector.ts';
import { ExtractionPool, ExtractionProcessEnded, sharedCheckPool, sharedExtractionPool } from './extraction-pool.ts';
import { TOO_MUCH_MEMORY_MESSAGE, type ExtractionOutcome, type LogMessage, type ProgressMessage, type StartedMessage } from './extraction.protocol.ts';
import type { OcrLanguage } from './ocr-languages.ts';
import { hasPdfSignature } from '@civicwatch/core/analysis/pdf-signature.ts';

export interface PdfjsTextExtractorOptions {
  /** Defaults to the process's shared pool, so that every extractor in a process shares its warm processes. */
  pool?: ExtractionPool;
  /** Where `check` opens PDFs; the process's shared check pool by default, apart from the reading. */
  checkPool?: ExtractionPool;
  /**
   * Rendering resolution for OCR. 200 dpi matches the text layers of office scanners (their text masks are
   * stored at 200 dpi) and read as well as 300 dpi in our measurements, in about two thirds of the time.
   */
  ocrDpi?: number;
  /** The processor time a process may spend opening the PDF or reading one page (OCR included), in milliseconds. */
  pageTimeLimitMs?: number;
  /** The models every scan is read with (`OCR_LANGUAGES`); unset, each document's are chosen from its language. */
  ocrLanguages?: OcrLanguage[];
  /** Where what the OCR library prints goes (at debug level), instead of the process's standard error. */
  logger?: ExtractionLogger;
  /** Tells the language of the first scanned pages, to choose their OCR models; ELD when not given. */
  languageDetector?: LanguageDetector;
  /**
   * Read scans with native `tesseract` where it is installed with the languages (the default), tesseract.js
   * otherwise; false: always with tesseract.js, as a machine without it would (ADR 0025).
   */
  nativeOcr?: boolean;
}

/** The part of a logger (pino's, for one) that extraction writes to. */
export interface ExtractionLogger {
  debug(message: string): void;
}

export const DEFAULT_OCR_DPI = 200;
/**
 * OCR reads a page in a few seconds, twice that and more when the page is turned sideways; a page that takes
 * longer is built to stall the reader (a font or a content stream that loops, a page of millions of operators).
 */
export const DEFAULT_PAGE_TIME_LIMIT_MS = 90_000;

/**
 * `TextExtractor` on pdf.js, with Tesseract OCR for pages that have no text layer, in a pool of processes.
 *
 * Contract: the caller's bytes are copied, never detached or written anywhere; progress is reported after
 * each page of each stage; an aborted `signal` rejects at once with its reason (the process reading the
 * document is ended); expected failures are returned with their codes.
 *
 * Limits (ADR 0014): a process that spends more than `pageTimeLimitMs` of processor time opening the document or on one page,
 * or that outgrows its heap or its memory, is ended and the document refused as `document.too_complex`; so
 * is a document whose streams decode, use by use, to more than the budget (see `pdf-stream-budget.ts`).
 */
export class PdfjsTextExtractor implements TextExtractor {
  readonly #pool: ExtractionPool;
  readonly #checkPool: ExtractionPool;
  readonly #ocrDpi: number;
  readonly #pageTimeLimitMs: number;
  readonly #ocrLanguages: OcrLanguage[] | undefined;
  readonly #logger: ExtractionLogger | undefined;
  readonly #languageDetector: LanguageDetector;
  readonly #nativeOcr: boolean;

  constructor(options: PdfjsTextExtractorOptions = {}) {
    this.#pool = options.pool ?? sharedExtractionPool;
    this.#checkPool = options.checkPool ?? sharedCheckPool;
    this.#ocrDpi = options.ocrDpi ?? DEFAULT_OCR_DPI;
    this.#pageTimeLimitMs = options.pageTimeLimitMs ?? DEFAULT_PAGE_TIME_LIMIT_MS;
    this.#ocrLanguages = options.ocrLanguages;
    this.#logger = options.logger;
    this.#languageDetector = options.languageDetector ?? new EldLanguageDetector();
    this.#nativeOcr = options.nativeOcr ?? true;
  }

  async extract(
    bytes: Uint8Array,
    options: { onProgress?: (progress: ExtractionProgress) => void; signal?: AbortSignal; maxPages?: number; maxCharacters?: number } = {},
  ): Promise<Result<ExtractedDocument, DomainError>> {
    const read = await this.#run(bytes, { ...options, openOnly: false });
    if (!read.ok) return read;
    if (read.value.kind !== 'pages') throw new Error(`The extraction process answered ${read.value.kind} to a reading`);
    return ok({ pages: read.value.pages, warnings: read.value.warnings });
  }

  async check(bytes: Uint8Array, options: { signal?: AbortSignal; maxPages?: number } = {}): Promise<Result<{ pages: number }, DomainError>> {
    const opened = await this.#run(bytes, { ...options, openOnly: true });
    if (!opened.ok) return opened;
    if (opened.value.kind !== 'opened') throw new Error(`The extraction process answered ${opened.value.kind} to a check`);
    return ok({ pages: opened.value.pages });
  }

  /** `bytes` given to a process of the pool, to be read or only opened; its refusals as errors. */
  async #run(
    bytes: Uint8Array,
    options: { onProgress?: (progress: ExtractionProgress) => void; signal?: AbortSignal; maxPages?: number; maxCharacters?: number; openOnly: boolean },
  ): Promise<Result<Exclude<ExtractionOutcome, { kind: 'failure' }>, DomainError>> {
    const { onProgress, signal, maxPages, maxCharacters, openOnly } = options;
    signal?.throwIfAborted();
    if (!hasPdfSignature(bytes)) {
      return err(domainError('document.not_pdf', bytes.length === 0 ? 'The file is empty; please upload a PDF.' : 'This file is not a PDF.'));
    }

    // A listener that throws is the caller's bug: it ends the reading and reaches the caller, not the pool.
    const listenerFailure = new AbortController();
    const onMessage = (message: StartedMessage | ProgressMessage | LogMessage): void => {
      if (message.type === 'log') {
        this.#logger?.debug(message.message);
        return;
      }
      if (message.type !== 'progress' || !onProgress || listenerFailure.signal.aborted) return;
      try {
        onProgress(message.progress);
      } catch (error) {
        listenerFailure.abort(error);
      }
    };
    const signals = [listenerFailure.signal, ...(signal ? [signal] : [])];
    try {
      const outcome = await (openOnly ? this.#checkPool : this.#pool).run(
        { bytes: new Uint8Array(bytes), ocrDpi: this.#ocrDpi, maxPages, maxCharacters, ocrLanguages: this.#ocrLanguages, nativeOcr: this.#nativeOcr, openOnly },
        {
          signal: AbortSignal.any(signals),
          onMessage,
          detectLanguage: (text) => this.#languageDetector.detect(text),
          pageTimeLimitMs: this.#pageTimeLimitMs,
        },
      );
      if (listenerFailure.signal.aborted) throw listenerFailure.signal.reason;
      return outcome.kind === 'failure' ? err(domainError(outcome.code, outcome.message)) : ok(outcome);
    } catch (error) {
      if (listenerFailure.signal.aborted) throw listenerFailure.signal.reason;
      if (signal?.aborted) throw signal.reason;
      const refusal = this.#overLimit(error);
      if (refusal) return err(refusal);
      throw error;
    }
  }

  /** The refusal for a process that was ended for exceeding a limit; undefined for any other failure. */
  #overLimit(error: unknown): DomainError | undefined {
    if (!(error instanceof ExtractionProcessEnded)) return undefined;
    if (error.reason === 'time') {
      const seconds = Math.round(this.#pageTimeLimitMs / 1000);
      return domainError('document.too_complex',
        `Reading this PDF took too long: a page needed more than ${seconds} second${seconds === 1 ? '' : 's'}. Please upload a smaller or simpler PDF.`);
    }
    if (error.reason === 'memory') return domainError('document.too_complex', TOO_MUCH_MEMORY_MESSAGE);
    return undefined;
  }

  /** Ends the pools' processes (the shared pools unless others were given); the next `extract` or `check` starts them anew. */
  async close(): Promise<void> {
    await Promise.all([this.#pool.close(), this.#checkPool.close()]);
  }
}
