import type { Result } from '../shared/result.ts';
import type { DomainError } from '../shared/domain-error.ts';

export interface ExtractedPage {
  /** 1-based. */
  number: number;
  text: string;
  /** True when the page had no text layer and was read by OCR. */
  ocr: boolean;
}

/**
 * A document's pages, and what its reader could not do as it should, in sentences for the reader of the result
 * (a scanned page that read poorly whichever way it was turned, a language OCR has no data for).
 */
export interface ExtractedDocument {
  pages: ExtractedPage[];
  /** Empty when every page was read as it should. */
  warnings: string[];
}

/** Which page of how many is being read: by its text layer, or (a scan) by OCR, said as OCR begins. */
export type ExtractionProgress =
  | { stage: 'extracting'; page: number; pages: number }
  | { stage: 'ocr'; page: number; pages: number };

/**
 * Bytes of a PDF to pages of text. Expected failures are returned with their codes:
 * `document.not_pdf` (magic bytes), `document.corrupt`, `document.encrypted` (needs a user password;
 * owner-password PDFs are read), `document.empty` (no page, or no text even after OCR),
 * `document.too_many_pages` (more pages than `maxPages`, refused as soon as the PDF is opened, before any OCR),
 * `document.too_many_characters` (more characters of text than `maxCharacters`, counted as `documentCharacters`
 * counts them: reading stops at the first page that goes over),
 * `document.too_complex` (reading it would take more time or memory than the extractor allows). What it read
 * with a doubt is read all the same and named in `warnings`, never a failure.
 */
export interface TextExtractor {
  extract(
    bytes: Uint8Array,
    options?: { onProgress?: (progress: ExtractionProgress) => void; signal?: AbortSignal; maxPages?: number; maxCharacters?: number },
  ): Promise<Result<ExtractedDocument, DomainError>>;
  /**
   * Opens a PDF without reading its text, in well under two seconds: refuses, with `extract`'s codes, what
   * `extract` would refuse on opening it (not a PDF, damaged, a password, too much data, no page, more pages than
   * `maxPages`) and a scan whose pictures show more characters than `maxCharacters` (told by looking at its pages,
   * never more than OCR would read), and answers its page count. What only reading tells (no text, a text PDF's
   * characters) is `extract`'s to refuse.
   */
  check(bytes: Uint8Array, options?: { signal?: AbortSignal; maxPages?: number; maxCharacters?: number }): Promise<Result<{ pages: number }, DomainError>>;
}
export const TextExtractor = Symbol('TextExtractor');
