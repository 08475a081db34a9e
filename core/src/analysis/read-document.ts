import { domainError, type DomainError } from '../shared/domain-error.ts';
import { err, ok, type Result } from '../shared/result.ts';
import {
  MIN_DOCUMENT_CHARACTERS, TOO_SHORT_MESSAGE, documentCharacters, type DocumentLimits, type DocumentSource,
} from './analyze-document/analyze-document.use-case.ts';
import type { ExtractedPage, ExtractionProgress, TextExtractor } from './text-extractor.port.ts';

/**
 * A document's pages, read within a tier's limits: a PDF by the extractor (OCR where needed), pasted text as page
 * 1. Refuses too little text (`document.too_short`) and more than the tier's characters
 * (`document.too_many_characters`); the extractor refuses too many pages before reading any.
 */
export const readDocument = async (
  extractor: TextExtractor,
  source: DocumentSource,
  options: { limits?: DocumentLimits; onProgress?: (progress: ExtractionProgress) => void; signal?: AbortSignal } = {},
): Promise<Result<ExtractedPage[], DomainError>> => {
  const { limits, onProgress, signal } = options;
  let pages: ExtractedPage[];
  if (source.kind === 'text') {
    // Pasted text has no pages; it is cited as page 1.
    onProgress?.({ stage: 'extracting', page: 1, pages: 1 });
    pages = [{ number: 1, text: source.text, ocr: false }];
  } else {
    const extracted = await extractor.extract(source.bytes, { onProgress, signal, maxPages: limits?.maxPages });
    if (!extracted.ok) return extracted;
    pages = extracted.value;
  }
  const characters = documentCharacters(pages);
  if (characters < MIN_DOCUMENT_CHARACTERS) return err(domainError('document.too_short', TOO_SHORT_MESSAGE));
  if (limits && characters > limits.maxCharacters) {
    return err(domainError('document.too_many_characters',
      `This document has ${characters} characters of text, more than the ${limits.maxCharacters} allowed.`));
  }
  return ok(pages);
};
