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

export type ExtractionProgress =
  | { stage: 'extracting'; page: number; pages: number }
  | { stage: 'ocr'; page: number; pages: number };

/**
 * Bytes of a PDF to pages of text. Expected failures are returned with their codes:
 * `document.not_pdf` (magic bytes), `document.corrupt`, `document.encrypted` (needs a user password;
 * owner-password PDFs are read), `document.empty` (no page, or no text even after OCR),
 * `document.too_many_pages` (more pages than `maxPages`, refused as soon as the PDF is opened, before any OCR),
 * `document.too_complex` (reading it would take more time or memory than the extractor allows). What it read
 * with a doubt is read all the same and named in `warnings`, never a failure.
 */
export interface TextExtractor {
  extract(
    bytes: Uint8Array,
    options?: { onProgress?: (progress: ExtractionProgress) => void; signal?: AbortSignal; maxPages?: number },
  ): Promise<Result<ExtractedDocument, DomainError>>;
}
export const TextExtractor = Symbol('TextExtractor');
