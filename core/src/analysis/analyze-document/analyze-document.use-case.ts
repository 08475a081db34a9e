import { perListSection } from '../../contracts/analysis-catalogue.ts';
import { analysisResultSchema, type AnalysisResult } from '../../contracts/analysis-result.contract.ts';
import type { AnalysisType } from '../../contracts/analysis-summary.contract.ts';
import type { Clock } from '../../shared/clock.port.ts';
import { domainError, type DomainError } from '../../shared/domain-error.ts';
import { err, ok, type Result } from '../../shared/result.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import { promptKeyFor, renderAnalysisPrompt } from '../analysis-prompt.ts';
import type { DocumentAnalyzer, Jurisdiction } from '../document-analyzer.port.ts';
import type { FactFinder } from '../fact-finder.port.ts';
import { checkFigures } from '../figure-check.ts';
import { groundCitations, groundFacts } from '../grounding.ts';
import type { LanguageDetector } from '../language-detector.port.ts';
import { readDocument, type DocumentLimits, type DocumentSource } from '../read-document.ts';
import type { TextExtractor } from '../text-extractor.port.ts';

/** What a waiting citizen is told; `page`/`pages` are 1-based counts of the PDF's pages. */
export type AnalysisProgress =
  | { stage: 'extracting'; page: number; pages: number }
  | { stage: 'ocr'; page: number; pages: number }
  | { stage: 'analysing'; part?: number; parts?: number }
  | { stage: 'checking_citations' };

export interface AnalyzeDocumentInput {
  source: DocumentSource;
  title: string;
  analysisType: AnalysisType;
  jurisdiction: Jurisdiction;
  /** Only read for custom analyses. */
  customFocus: string | null;
  /** Paying tiers get the paid prompt with their state; Citizen the federal-level free prompt. */
  paidTier: boolean;
  /** The tier's limits: a PDF with more pages is refused before OCR, more text before the analyzer runs. */
  limits?: DocumentLimits;
  onProgress?: (progress: AnalysisProgress) => void;
  /** Aborting rejects with the signal's reason (the caller went away); it is not a business failure. */
  signal?: AbortSignal;
}

/**
 * One document to one grounded analysis result: extract pages (OCR where needed), detect their language, find
 * the document's kind and facts, choose and fill the administrator's prompt, run the analyzer, check every
 * citation and fact against its page, and a language model's figures against the document. Credits, storage and
 * tier limits wrap around this use case; it holds no document after it returns (docs/product/accounts.md "Privacy promise").
 */
export class AnalyzeDocument {
  constructor(
    private readonly extractor: TextExtractor,
    private readonly uow: UnitOfWork,
    private readonly analyzer: DocumentAnalyzer,
    private readonly clock: Clock,
    private readonly languages: LanguageDetector,
    private readonly facts: FactFinder,
  ) {}

  async execute(input: AnalyzeDocumentInput): Promise<Result<AnalysisResult, DomainError>> {
    const started = this.clock.now().getTime();
    const { signal, onProgress } = input;
    signal?.throwIfAborted();

    const extracted = await readDocument(this.extractor, input.source, { limits: input.limits, onProgress, signal });
    if (!extracted.ok) return extracted;
    const { pages, warnings: readingWarnings } = extracted.value;
    signal?.throwIfAborted();

    const language = await this.languages.detect(pages.map((p) => p.text).join('\n\n'));
    signal?.throwIfAborted();
    const found = await this.facts.understand(pages, language);
    signal?.throwIfAborted();
    // Only facts whose quote is on their page go further: a language model is told they are verified.
    const facts = groundFacts(found.facts, pages);
    const understanding = { ...found, facts };
    const key = promptKeyFor(input.analysisType, input.paidTier);
    // Seeded by the migrations, never emptied by an administrator (updateSettingSchema): a missing prompt is a
    // broken installation, and the analysis is retried, then refunded.
    const template = await this.uow.read(({ settings }) => settings.get(key));
    if (!template?.trim()) throw new Error(`The ${key} setting is missing: run civicwatch migrate`);
    const prompt = renderAnalysisPrompt({
      template,
      analysisType: input.analysisType,
      jurisdiction: input.jurisdiction,
      customFocus: input.customFocus,
      paidTier: input.paidTier,
      language,
    });

    onProgress?.({ stage: 'analysing' });
    const analysed = await this.analyzer.analyze(
      {
        pages,
        title: input.title,
        analysisType: input.analysisType,
        jurisdiction: input.jurisdiction,
        customFocus: input.analysisType === 'custom' ? input.customFocus : null,
        prompt,
        language,
        understanding,
      },
      { signal, onPart: (part, parts) => onProgress?.({ stage: 'analysing', part, parts }) },
    );
    if (!analysed.ok) return analysed;
    signal?.throwIfAborted();

    onProgress?.({ stage: 'checking_citations' });
    const { draft, analyzer, model, promptVersion, warnings: analyzerWarnings = [] } = analysed.value;
    const grounded = { ...draft, citations: groundCitations(draft, pages) };
    // A language model may write a figure no page holds; the embedded analyzer only copies the pages' own.
    const figures = analyzer === 'embedded' ? { findings: grounded, warning: null } : checkFigures(grounded, pages);
    const { findings } = figures;
    const result = analysisResultSchema.safeParse({
      summary: findings.summary,
      ...perListSection((key) => findings[key]),
      sentiment: findings.sentiment,
      citations: findings.citations,
      facts,
      metadata: {
        wordCount: pages.reduce((n, p) => n + countWords(p.text), 0),
        processingTime: Math.max(0, Math.round(this.clock.now().getTime() - started)),
        pages: pages.length,
        ocrPages: pages.filter((p) => p.ocr).map((p) => p.number),
        analyzer,
        model,
        promptVersion,
        language,
        // How the pages were read comes first: it bears on everything the analysis says.
        warnings: [...readingWarnings, ...analyzerWarnings, ...(figures.warning ? [figures.warning] : [])],
        documentKind: understanding.kind,
      },
    });
    if (!result.success) {
      return err(domainError('analyzer.invalid_output', 'The analysis could not be completed. Please try again.'));
    }
    return ok(result.data);
  }
}

/** Words as a reader counts them: runs of letters or digits, with inner apostrophes and hyphens. */
const countWords = (text: string): number => text.match(/[\p{L}\p{N}]+(?:['’\-.,][\p{L}\p{N}]+)*/gu)?.length ?? 0;
