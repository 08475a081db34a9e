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
import { TOO_MUCH_MEMORY_MESSAGE, type ExtractionOutcome, type CountQuery, type ExtractionTask, type LogMessage, type ProgressMessage, type StartedMessage } from './extraction.protocol.ts';
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
 * A page holds at most about this many characters (a Federal Register page of small type, some 8,000): a scan
 * whose pages could not add up to more than its limit is not counted before a credit is taken.
 */
const DENSEST_PAGE_CHARACTERS = 10_000;
/**
 * Counting a scan's page takes a tenth of a second, a second for a large colour scan: a page that takes longer is
 * left to reading (its process is ended, and the count proves nothing), so that a submission never waits on it.
 */
const COUNT_PAGE_TIME_LIMIT_MS = 5_000;
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
    const read = await this.#run(bytes, options);
    if (!read.ok) return read;
    if (read.value.kind !== 'pages') throw new Error(`The extraction process answered ${read.value.kind} to a reading`);
    return ok({ pages: read.value.pages, warnings: read.value.warnings });
  }

  async check(bytes: Uint8Array, options: { signal?: AbortSignal; maxPages?: number; maxCharacters?: number } = {}): Promise<Result<{ pages: number }, DomainError>> {
    const { signal, maxPages, maxCharacters } = options;
    const opened = await this.#run(bytes, { signal, maxPages, openOnly: true });
    if (!opened.ok) return opened;
    if (opened.value.kind !== 'opened') throw new Error(`The extraction process answered ${opened.value.kind} to a check`);
    const { pages, pictures } = opened.value;
    if (pictures && maxCharacters !== undefined && pages * DENSEST_PAGE_CHARACTERS > maxCharacters) {
      const refusal = await this.#countScan(bytes, pages, maxCharacters, signal);
      if (refusal) return err(refusal);
    }
    return ok({ pages });
  }

  /**
   * A scan's pages counted side by side by the check pool's processes (ADR 0032), each given the next page not yet
   * counted as it finishes one: the refusal as soon as what they found adds up to more than `maxCharacters`, or
   * nothing when the pages or the processes' time run out first. A count that fails proves nothing: reading decides.
   */
  async #countScan(bytes: Uint8Array, pages: number, maxCharacters: number, signal: AbortSignal | undefined): Promise<DomainError | undefined> {
    let next = 1;
    let characters = 0;
    let counted = 0;
    const countPage = (query: CountQuery): number | null => {
      if (query.counted) {
        characters += query.counted.characters;
        counted++;
      }
      return !query.another || characters > maxCharacters || next > pages ? null : next++;
    };
    const processes = Math.min(pages, this.#checkPool.maxProcesses);
    const counts = await Promise.all(Array.from({ length: processes }, () => this.#run(bytes, { signal, count: true, countPage })));
    if (counts.some((count) => !count.ok) || characters <= maxCharacters) return undefined;
    return domainError('document.too_many_characters',
      `This scan has more than ${maxCharacters} characters of text: ${counted} of its ${pages} pages show at least ${characters}.`);
  }

  /** `bytes` given to a process of the pool, to be read or only opened; its refusals as errors. */
  async #run(
    bytes: Uint8Array,
    options: Pick<ExtractionTask, 'maxPages' | 'maxCharacters' | 'openOnly' | 'count'> & {
      onProgress?: (progress: ExtractionProgress) => void;
      signal?: AbortSignal;
      countPage?: (query: CountQuery) => number | null;
    },
  ): Promise<Result<Exclude<ExtractionOutcome, { kind: 'failure' }>, DomainError>> {
    const { onProgress, signal, maxPages, maxCharacters, openOnly, count, countPage } = options;
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
      const outcome = await (openOnly || count ? this.#checkPool : this.#pool).run(
        { bytes: new Uint8Array(bytes), ocrDpi: this.#ocrDpi, maxPages, maxCharacters, ocrLanguages: this.#ocrLanguages, nativeOcr: this.#nativeOcr, openOnly, count },
        {
          signal: AbortSignal.any(signals),
          onMessage,
          detectLanguage: (text) => this.#languageDetector.detect(text),
          countPage,
          pageTimeLimitMs: count ? COUNT_PAGE_TIME_LIMIT_MS : this.#pageTimeLimitMs,
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

  /** Starts the processes that `check` opens PDFs in, so that the first submission does not wait for them. */
  warmChecks(): void {
    this.#checkPool.warm();
  }

  /** Ends the pools' processes (the shared pools unless others were given); the next `extract` or `check` starts them anew. */
  async close(): Promise<void> {
    await Promise.all([this.#pool.close(), this.#checkPool.close()]);
  }
}
