import { domainError, type DomainError } from '../shared/domain-error.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { ExtractedDocument, ExtractionProgress, TextExtractor } from './text-extractor.port.ts';

/** The spec's hint (§5), enforced by the server (docs/product/analysis.md "Document limits"). */
export const MIN_DOCUMENT_CHARACTERS = 50;
export const TOO_SHORT_MESSAGE = `The document needs at least ${MIN_DOCUMENT_CHARACTERS} characters of text to analyse.`;

/** A tier's content limits (docs/product/analysis.md "Document limits"). */
export interface DocumentLimits {
  maxPages: number;
  maxCharacters: number;
}

/** A document as it came: a PDF's bytes, or pasted text. */
export type DocumentSource = { kind: 'pdf'; bytes: Uint8Array } | { kind: 'text'; text: string };

/** Characters of text as limits count them: each page's text without its leading and trailing blanks. */
export const documentCharacters = (pages: readonly { text: string }[]): number =>
  pages.reduce((n, p) => n + p.text.trim().length, 0);

/**
 * A document's pages, read within a tier's limits: a PDF by the extractor (OCR where needed, with what it could
 * not read as it should in `warnings`), pasted text as page 1. Refuses too little text (`document.too_short`)
 * and more than the tier's characters (`document.too_many_characters`); the extractor refuses too many pages
 * before reading any. Shared by an analysis and each version of a comparison.
 */
export const readDocument = async (
  extractor: TextExtractor,
  source: DocumentSource,
  options: { limits?: DocumentLimits; onProgress?: (progress: ExtractionProgress) => void; signal?: AbortSignal } = {},
): Promise<Result<ExtractedDocument, DomainError>> => {
  const { limits, onProgress, signal } = options;
  let read: ExtractedDocument;
  if (source.kind === 'text') {
    // Pasted text has no pages; it is cited as page 1.
    onProgress?.({ stage: 'extracting', page: 1, pages: 1 });
    read = { pages: [{ number: 1, text: source.text, ocr: false }], warnings: [] };
  } else {
    const extracted = await extractor.extract(source.bytes, { onProgress, signal, maxPages: limits?.maxPages, maxCharacters: limits?.maxCharacters });
    if (!extracted.ok) return extracted;
    read = extracted.value;
  }
  const characters = documentCharacters(read.pages);
  if (characters < MIN_DOCUMENT_CHARACTERS) return err(domainError('document.too_short', TOO_SHORT_MESSAGE));
  if (limits && characters > limits.maxCharacters) {
    return err(domainError('document.too_many_characters',
      `This document has ${characters} characters of text, more than the ${limits.maxCharacters} allowed.`));
  }
  return ok(read);
};
