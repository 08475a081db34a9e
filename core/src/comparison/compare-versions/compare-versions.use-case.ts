import { versionLabels, versionSides, type VersionSide } from '../../contracts/analysis-catalogue.ts';
import type { ComparedDocument, ComparisonResult } from '../../contracts/comparison-result.contract.ts';
import { comparisonResultSchema } from '../../contracts/comparison-result.contract.ts';
import type { Clock } from '../../shared/clock.port.ts';
import { domainError, type DomainError } from '../../shared/domain-error.ts';
import { err, ok, type Result } from '../../shared/result.ts';
import type { DocumentLimits, DocumentSource } from '../../analysis/read-document.ts';
import type { FactFinder } from '../../analysis/fact-finder.port.ts';
import { groundChanges, groundFacts } from '../../analysis/grounding.ts';
import type { LanguageDetector } from '../../analysis/language-detector.port.ts';
import { readDocument } from '../../analysis/read-document.ts';
import type { ExtractedPage, ExtractionProgress, TextExtractor } from '../../analysis/text-extractor.port.ts';
import type { ComparedVersion, VersionComparer } from '../version-comparer.port.ts';


/** What a waiting citizen is told: each version read page by page, then the comparison, then its quotes checked. */
export type ComparisonProgress =
  | (ExtractionProgress & { version: VersionSide })
  | { stage: 'comparing' }
  | { stage: 'checking_citations' };

export interface CompareVersionsInput {
  earlier: { source: DocumentSource; title: string };
  later: { source: DocumentSource; title: string };
  /** The tier's limits, which each version must keep within. */
  limits?: DocumentLimits;
  onProgress?: (progress: ComparisonProgress) => void;
  signal?: AbortSignal;
}

/**
 * Two versions of a document to one checked comparison (ADR 0022): each read like a document to analyse
 * (within the tier's limits, OCR where needed), its language and facts found, then compared; every quote of
 * every change is checked against its page of its version. A version refused is named in the message.
 * Credits, storage and tiers wrap around this use case; it keeps no document after it returns.
 */
export class CompareVersions {
  constructor(
    private readonly extractor: TextExtractor,
    private readonly comparer: VersionComparer,
    private readonly languages: LanguageDetector,
    private readonly facts: FactFinder,
    private readonly clock: Clock,
  ) {}

  async execute(input: CompareVersionsInput): Promise<Result<ComparisonResult, DomainError>> {
    const started = this.clock.now().getTime();
    const read: Partial<Record<VersionSide, { pages: ExtractedPage[]; warnings: string[]; version: ComparedVersion; document: ComparedDocument }>> = {};
    for (const side of versionSides) {
      input.signal?.throwIfAborted();
      const version = await this.read(side, input);
      if (!version.ok) return version;
      read[side] = version.value;
    }
    const earlier = read.earlier!;
    const later = read.later!;
    input.signal?.throwIfAborted();

    input.onProgress?.({ stage: 'comparing' });
    const draft = await this.comparer.compare(earlier.version, later.version, { signal: input.signal });
    input.signal?.throwIfAborted();
    input.onProgress?.({ stage: 'checking_citations' });
    const result = comparisonResultSchema.safeParse({
      // Whoever compared, a reader is told first when the documents are no versions of one another.
      summary: draft.related ? draft.summary : `${UNRELATED_SUMMARY} ${draft.summary}`,
      changes: groundChanges(draft.changes, earlier.pages, later.pages),
      metadata: {
        related: draft.related,
        earlier: earlier.document,
        later: later.document,
        analyzer: this.comparer.analyzer,
        model: this.comparer.model,
        processingTime: Math.max(0, Math.round(this.clock.now().getTime() - started)),
        warnings: [...earlier.warnings, ...later.warnings, ...(draft.warnings ?? [])],
      },
    });
    if (!result.success) return err(domainError('analyzer.invalid_output', 'The comparison could not be completed. Please try again.'));
    return ok(result.data);
  }

  private async read(side: VersionSide, input: CompareVersionsInput) {
    const { source, title } = input[side];
    const read = await readDocument(this.extractor, source, {
      limits: input.limits,
      signal: input.signal,
      onProgress: (progress) => input.onProgress?.({ ...progress, version: side }),
    });
    // The same refusals as an analysis, said of the version they concern.
    if (!read.ok) return err(domainError(read.error.code, `${versionLabels[side]}: ${read.error.message}`));
    const { pages } = read.value;
    const language = await this.languages.detect(pages.map((p) => p.text).join('\n\n'));
    const found = await this.facts.understand(pages, language);
    const understanding = { ...found, facts: groundFacts(found.facts, pages) };
    return ok({
      pages,
      // How a version was read bears on every change that quotes it: said first, with the version named.
      warnings: read.value.warnings.map((warning) => `${versionLabels[side]}: ${warning}`),
      version: { pages, understanding },
      document: {
        title,
        pages: pages.length,
        ocrPages: pages.filter((p) => p.ocr).map((p) => p.number),
        language,
        documentKind: understanding.kind,
      } satisfies ComparedDocument,
    });
  }
}

/** The first words of a comparison of two documents that do not look like versions of one. */
export const UNRELATED_SUMMARY =
  'These two documents do not look like versions of one document: only the differences in amounts and dates found are listed.';
