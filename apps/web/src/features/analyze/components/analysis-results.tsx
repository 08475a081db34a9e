import { Component, Suspense, lazy, type ReactNode } from 'react';
import { AlertTriangle, Gauge, Info, Lightbulb, ListChecks, Megaphone, Scale, type LucideIcon } from 'lucide-react';
import {
  analysisTypeOf,
  citationsOf,
  documentKindLabel,
  factsLabel,
  groupFacts,
  languageLabel,
  listSections,
  splitFigureMarker,
  summarySection,
  type AnalysisType,
  type Fact,
  type ListSectionKey,
  type StoredAnalysisResult,
} from '@civicwatch/core/contracts/index.ts';
import { cn } from '../../../lib/cn.ts';
import { analyzerLabels, confidencePercent, formatDuration, sentimentLabel } from '../utils/analysis-result.ts';
import { exportAnalysisPdf } from '../utils/export-analysis-pdf.ts';
import { CitationMarks } from './citation-marks.tsx';
import { ResultCard } from './result-card.tsx';
import { ResultHeader } from './result-header.tsx';

let picturesModule: Promise<typeof import('./document-pictures.tsx')> | undefined;

/**
 * Fetches the result's pictures (its largest amounts, its page strip) and what reads amounts from the facts: only
 * a page that shows a result needs them, not the form before it. Also for tests, whose waits should not cover
 * compiling it.
 */
export const loadDocumentPictures = () => (picturesModule ??= import('./document-pictures.tsx'));

const DocumentPictures = lazy(() => loadDocumentPictures().then((module) => ({ default: module.DocumentPictures })));

/**
 * When the pictures' code cannot be fetched (a deploy replaced it, the connection dropped), the result goes on
 * without them: they draw what the key facts and the page marks already say in words.
 */
class WithoutPicturesOnError extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

export type AnalysisResultsProps = {
  /** Null on a shared analysis, which never shows its document's title (ADR 0010). */
  title: string | null;
  analysisType: AnalysisType;
  createdAt: string;
  result: StoredAnalysisResult;
  /** "Completed just now" after a fresh analysis; "Completed 3 days ago" for a past one. */
  statusLabel: string;
  /** The signed-in owner's analysis: Share Analysis offers its public link and the summary. Absent on a shared page, read-only. */
  analysisId?: string;
  /** Shown after a fresh analysis: clears the form for the next document. */
  onAnalyzeAnother?: () => void;
  /** The results' own heading level, so they fit the page or dialog around them. */
  headingLevel?: 2 | 3;
};

/**
 * A point's words, and apart the server's note on a figure the document does not contain, set off so that a reader
 * sees it is the check's warning and not the analysis speaking.
 */
export function PointText({ text }: { text: string }) {
  const point = splitFigureMarker(text);
  return (
    <>
      {point.text}
      {point.marker && (
        <span className="ml-1 rounded bg-amber-50 px-1 font-medium text-amber-900 ring-1 ring-inset ring-amber-200 [box-decoration-break:clone]">
          {/* The sign stays with the first word, never alone at the end of a line. */}
          <span className="whitespace-nowrap">
            <AlertTriangle className="mr-1 inline size-3.5 align-[-2px]" aria-hidden="true" />
            {point.marker.split(' ', 1)[0]}
          </span>
          {point.marker.slice(point.marker.indexOf(' '))}
        </span>
      )}
    </>
  );
}

/** How each list looks on screen; its words are the catalogue's. Risks are drawn in red. */
const listLooks: Record<ListSectionKey, { icon: LucideIcon; tone: 'default' | 'warning' }> = {
  keyInsights: { icon: Lightbulb, tone: 'default' },
  constitutionalIssues: { icon: Scale, tone: 'default' },
  citizenAction: { icon: Megaphone, tone: 'default' },
  legalRisks: { icon: AlertTriangle, tone: 'warning' },
};

function ListSection({
  title,
  icon,
  items,
  section,
  result,
  empty,
  tone,
  Heading,
}: {
  Heading: 'h3' | 'h4';
  title: string;
  icon: LucideIcon;
  items: string[];
  section: ListSectionKey;
  result: StoredAnalysisResult;
  empty: string;
  tone: 'default' | 'warning';
}) {
  return (
    <ResultCard label={title} icon={icon} Heading={Heading} warning={tone === 'warning'}>
      {items.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">{empty}</p>
      ) : (
        <ol className="mt-3 space-y-3">
          {items.map((item, index) => (
            <li key={index} className="flex gap-3 text-sm leading-relaxed text-slate-800">
              <span
                aria-hidden="true"
                className={cn(
                  'mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
                  tone === 'warning' ? 'bg-red-50 text-red-800' : 'bg-blue-50 text-blue-900',
                )}
              >
                {index + 1}
              </span>
              <span>
                <PointText text={item} />
                <CitationMarks citations={citationsOf(result, section, index)} />
              </span>
            </li>
          ))}
        </ol>
      )}
    </ResultCard>
  );
}

/**
 * The facts the document states, by group (decisions, money, dates...), each with the page its quote was found
 * on. Nothing at all for a result without facts: one stored before facts existed, or a document that states none.
 */
function KeyFacts({ facts, Heading }: { facts: readonly Fact[]; Heading: 'h3' | 'h4' }) {
  const groups = groupFacts(facts);
  if (groups.length === 0) return null;
  const GroupHeading = Heading === 'h3' ? 'h4' : 'h5';
  return (
    <ResultCard label={factsLabel} icon={ListChecks} Heading={Heading}>
      <div className="mt-3 grid grid-cols-1 gap-x-8 gap-y-5 md:grid-cols-2">
        {groups.map((group) => (
          <div key={group.key}>
            <GroupHeading className="text-xs font-semibold uppercase tracking-wide text-slate-500">{group.label}</GroupHeading>
            <ul className="mt-2 space-y-2" aria-label={group.label}>
              {group.facts.map((fact, index) => (
                <li key={index} className="flex gap-2 text-sm leading-relaxed text-slate-800">
                  <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-blue-900" />
                  <span>
                    {fact.statement}
                    <CitationMarks citations={[fact]} />
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </ResultCard>
  );
}

export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 text-sm font-medium text-slate-900">{children}</dd>
    </div>
  );
}

function SentimentMeter({ rating }: { rating: number }) {
  const filled = Math.min(5, Math.max(1, Math.round(rating)));
  return (
    <span className="flex gap-1" aria-hidden="true">
      {[1, 2, 3, 4, 5].map((step) => (
        <span key={step} className={cn('h-2 w-6 rounded-full', step <= filled ? 'bg-blue-900' : 'bg-slate-200')} />
      ))}
    </span>
  );
}

/** The Analysis Results view (docs/product/screens.md "Analyze page", docs/product/analysis.md "Result fields"): every section, the key facts, the sentiment, the metadata and the citations. */
export function AnalysisResults({ title, analysisType, createdAt, result, statusLabel, analysisId, onAnalyzeAnother, headingLevel = 3 }: AnalysisResultsProps) {
  const Sub = headingLevel === 2 ? 'h3' : 'h4';
  const { metadata, sentiment } = result;

  return (
    <div className="space-y-6">
      <ResultHeader
        heading="Analysis Results" title={title} kindLabel={analysisTypeOf(analysisType).label} statusLabel={statusLabel}
        headingLevel={headingLevel} exportPdf={() => exportAnalysisPdf({ title, analysisType, createdAt, result })}
        analysisId={analysisId} summary={result.summary}
        another={onAnalyzeAnother && { label: 'Analyze Another', onClick: onAnalyzeAnother }}
      />

      {metadata.warnings && metadata.warnings.length > 0 && (
        <div role="note" aria-label="About this analysis" className="flex gap-2 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <div className="space-y-1">
            {metadata.warnings.map((warning) => <p key={warning}>{warning}</p>)}
          </div>
        </div>
      )}

      <section aria-label={summarySection.label} className="rounded-lg border border-blue-100 bg-blue-50/60 p-5">
        <Sub className="font-semibold text-blue-950">{summarySection.label}</Sub>
        <p className="mt-2 text-sm leading-relaxed text-slate-800">
          {result.summary ? <PointText text={result.summary} /> : summarySection.empty}
          <CitationMarks citations={citationsOf(result, summarySection.key)} />
        </p>
      </section>

      <KeyFacts facts={result.facts} Heading={Sub} />

      <WithoutPicturesOnError>
        <Suspense fallback={null}>
          <DocumentPictures result={result} Heading={Sub} />
        </Suspense>
      </WithoutPicturesOnError>

      {sentiment && (
        <section aria-label="Sentiment" className="grid grid-cols-1 gap-4 rounded-lg border border-slate-200 bg-white p-5 sm:grid-cols-2">
          <div>
            <p className="flex items-center gap-2 text-sm font-medium text-slate-600">
              <Gauge className="size-4 text-blue-900" aria-hidden="true" />
              Sentiment rating
            </p>
            <div className="mt-2 flex items-center gap-3">
              <SentimentMeter rating={sentiment.rating} />
              <span className="text-sm font-semibold text-slate-900">
                {sentiment.rating}/5 · {sentimentLabel(sentiment.rating)}
              </span>
            </div>
          </div>
          <div>
            <p className="text-sm font-medium text-slate-600">Confidence</p>
            <p className="mt-1 text-2xl font-bold tracking-tight text-slate-900">{confidencePercent(sentiment.confidence)}</p>
          </div>
        </section>
      )}

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {listSections.map(({ key, label, empty }) => (
          <ListSection key={key} title={label} {...listLooks[key]} items={result[key]} section={key} result={result} empty={empty} Heading={Sub} />
        ))}
      </div>

      <section aria-label="Analysis details" className="rounded-lg border border-slate-200 bg-slate-50 p-5">
        <Sub className="text-sm font-semibold text-slate-900">Analysis details</Sub>
        <dl className="mt-3 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
          {metadata.wordCount !== undefined && <Detail label="Word count">{metadata.wordCount.toLocaleString('en-US')}</Detail>}
          {metadata.processingTime !== undefined && <Detail label="Processing time">{formatDuration(metadata.processingTime)}</Detail>}
          {metadata.pages !== undefined && <Detail label="Pages">{metadata.pages}</Detail>}
          {metadata.ocrPages !== undefined && (
            <Detail label="OCR pages">{metadata.ocrPages.length === 0 ? 'None' : metadata.ocrPages.join(', ')}</Detail>
          )}
          {metadata.language !== undefined && <Detail label="Language">{languageLabel(metadata.language)}</Detail>}
          {metadata.documentKind !== undefined && <Detail label="Document kind">{documentKindLabel(metadata.documentKind)}</Detail>}
          {metadata.analyzer !== undefined && (
            <Detail label="Analyzer">
              {analyzerLabels[metadata.analyzer] ?? metadata.analyzer}
              {metadata.model ? <span className="block text-xs font-normal text-slate-600">{metadata.model}</span> : null}
            </Detail>
          )}
        </dl>
        {(result.citations.length > 0 || result.facts.length > 0) && (
          <p className="mt-4 flex items-start gap-1.5 text-xs text-slate-600">
            Page marks show where each point comes from; a check means the quote was found on that page. Select a mark to read the quote.
          </p>
        )}
      </section>
    </div>
  );
}
