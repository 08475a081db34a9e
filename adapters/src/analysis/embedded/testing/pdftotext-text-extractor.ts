import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ExtractedPage, ExtractionProgress, TextExtractor } from '@civicwatch/core/analysis/text-extractor.port.ts';
import { domainError, type DomainError } from '@civicwatch/core/shared/domain-error.ts';
import { err, ok, type Result } from '@civicwatch/core/shared/result.ts';

const run = promisify(execFile);

/**
 * Test and bench stand-in for the product's PDF extractor: poppler's `pdftotext`, one call per page so that
 * page numbers are exact. No OCR: scanned pages come back empty. The corpus tests take any TextExtractor,
 * so the product's PdfjsTextExtractor replaces this one without other changes.
 */
export class PdftotextTextExtractor implements TextExtractor {
  async extract(
    bytes: Uint8Array,
    options?: { onProgress?: (progress: ExtractionProgress) => void; signal?: AbortSignal },
  ): Promise<Result<ExtractedPage[], DomainError>> {
    if (new TextDecoder().decode(bytes.subarray(0, 5)) !== '%PDF-') return err(domainError('document.not_pdf', 'Only PDF files are accepted.'));
    const dir = await mkdtemp(path.join(tmpdir(), 'civicwatch-pdftotext-'));
    try {
      const file = path.join(dir, 'document.pdf');
      await writeFile(file, bytes);
      const info = await run('pdfinfo', [file]).catch(() => null);
      const count = Number(/^Pages:\s+(\d+)/m.exec(info?.stdout ?? '')?.[1] ?? 0);
      if (!count) return err(domainError('document.corrupt', 'This PDF could not be read.'));
      const pages: ExtractedPage[] = [];
      for (let n = 1; n <= count; n++) {
        options?.signal?.throwIfAborted();
        options?.onProgress?.({ stage: 'extracting', page: n, pages: count });
        const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', '-f', String(n), '-l', String(n), file, '-'], { maxBuffer: 64 << 20 });
        pages.push({ number: n, text: stdout.replace(/\f/g, ''), ocr: false });
      }
      if (pages.every((p) => !p.text.trim())) return err(domainError('document.empty', 'No text was found in this document.'));
      return ok(pages);
    } finally {
      // The privacy promise holds in tests too: no copy of a document outlives its extraction.
      await rm(dir, { recursive: true, force: true });
    }
  }
}
