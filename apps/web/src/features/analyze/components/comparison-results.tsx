import { CircleCheck, GitCompareArrows, Info } from 'lucide-react';
import {
  changeTypeLabels,
  comparisonEntry,
  historyTypeLabel,
  summarySection,
  versionLabels,
  versionSides,
  type Change,
  type ChangeType,
  type ComparisonResult,
} from '@civicwatch/core/contracts/index.ts';
import { cn } from '../../../lib/cn.ts';
import { analyzerLabels, formatDuration } from '../utils/analysis-result.ts';
import { comparedDocumentFacts } from '../utils/comparison-result.ts';
import { exportComparisonPdf } from '../utils/export-comparison-pdf.ts';
import { Detail, PointText } from './analysis-results.tsx';
import { VersionPageMark } from './citation-marks.tsx';
import { ResultHeader } from './result-header.tsx';

export type ComparisonResultsProps = {
  /** The comparison's title in the history (the later version's); null on a shared comparison, which shows no title (ADR 0010). */
  title: string | null;
  createdAt: string;
  result: ComparisonResult;
  /** "Completed just now" after a fresh comparison; "Completed 3 days ago" for a past one. */
  statusLabel: string;
  /** The signed-in owner's comparison: Share offers its public link. Absent on a shared page, read-only. */
  analysisId?: string;
  /** Shown after a fresh comparison: clears the form for the next pair. */
  onCompareAnother?: () => void;
  /** The results' own heading level, so they fit the page or dialog around them. */
  headingLevel?: 2 | 3;
};

/** Figures in blue, what one version lacks in green or red, wording in amber: the kind at a glance, and in words. */
const typeTones: Record<ChangeType, string> = {
  amount: 'bg-blue-50 text-blue-900 ring-blue-200',
  date: 'bg-blue-50 text-blue-900 ring-blue-200',
  number: 'bg-blue-50 text-blue-900 ring-blue-200',
  added: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  removed: 'bg-red-50 text-red-800 ring-red-200',
  reworded: 'bg-amber-50 text-amber-900 ring-amber-200',
};

function ChangeItem({ change, index }: { change: Change; index: number }) {
  return (
    <li className="flex gap-3 py-4 first:pt-0 last:pb-0">
      <span aria-hidden="true" className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-blue-50 text-xs font-semibold text-blue-900">
        {index + 1}
      </span>
      <div className="min-w-0 flex-1 space-y-2">
        <p className="text-sm leading-relaxed text-slate-800">
          <span className={cn('mr-2 inline-block rounded px-1.5 py-px text-xs font-semibold ring-1 ring-inset', typeTones[change.type])}>
            {changeTypeLabels[change.type]}
          </span>
          <span className="break-words">
            <PointText text={change.statement} />
          </span>
        </p>
        <ul aria-label="Where it is" className="flex flex-wrap gap-x-5 gap-y-1.5 text-xs text-slate-600">
          {versionSides.map((version) => (
            <li key={version} className="inline-flex items-center gap-1.5">
              <span aria-hidden="true">{versionLabels[version]}</span>
              <VersionPageMark version={version} source={version === 'earlier' ? change.before : change.after} />
            </li>
          ))}
        </ul>
      </div>
    </li>
  );
}

/** The comparison's result view (issue 17): summary, what changed with both versions' pages, and what was compared. */
export function ComparisonResults({ title, createdAt, result, statusLabel, analysisId, onCompareAnother, headingLevel = 3 }: ComparisonResultsProps) {
  const Sub = headingLevel === 2 ? 'h3' : 'h4';
  const { metadata, changes } = result;
  const showTitles = title !== null;

  return (
    <div className="space-y-6">
      <ResultHeader
        heading="Comparison Results" title={title} kindLabel={historyTypeLabel(comparisonEntry.key)} statusLabel={statusLabel}
        headingLevel={headingLevel} exportPdf={() => exportComparisonPdf({ title, createdAt, result })}
        analysisId={analysisId} summary={result.summary}
        another={onCompareAnother && { label: 'Compare Another', onClick: onCompareAnother }}
      />

      {metadata.warnings.length > 0 && (
        <div role="note" aria-label="About this comparison" className="flex gap-2 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <div className="space-y-1">
            {metadata.warnings.map((warning) => <p key={warning}>{warning}</p>)}
          </div>
        </div>
      )}

      <section aria-label={summarySection.label} className="rounded-lg border border-blue-100 bg-blue-50/60 p-5">
        <Sub className="font-semibold text-blue-950">{summarySection.label}</Sub>
        <p className="mt-2 break-words text-sm leading-relaxed text-slate-800">{result.summary ? <PointText text={result.summary} /> : summarySection.empty}</p>
      </section>

      <section aria-label={comparisonEntry.changesLabel} className="rounded-lg border border-slate-200 bg-white p-5">
        <Sub className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
          <GitCompareArrows className="size-5 text-blue-900" aria-hidden="true" />
          {comparisonEntry.changesLabel}
          {changes.length > 0 && (
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
              {changes.length} {changes.length === 1 ? 'change' : 'changes'}
            </span>
          )}
        </Sub>
        {changes.length === 0 ? (
          <p className="mt-3 flex items-start gap-2 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900">
            <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {comparisonEntry.empty}
          </p>
        ) : (
          <ol className="mt-4 divide-y divide-slate-100">
            {changes.map((change, index) => (
              <ChangeItem key={index} change={change} index={index} />
            ))}
          </ol>
        )}
      </section>

      <section aria-label="What was compared" className="rounded-lg border border-slate-200 bg-slate-50 p-5">
        <Sub className="text-sm font-semibold text-slate-900">What was compared</Sub>
        <div className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2">
          {versionSides.map((version) => {
            const compared = metadata[version];
            return (
              <div key={version} className="min-w-0 rounded-lg border border-slate-200 bg-white p-4">
                <p className="text-xs font-semibold uppercase tracking-wide text-blue-900">{versionLabels[version]}</p>
                {showTitles && compared.title.trim() !== '' && <p className="mt-1 break-words font-medium text-slate-900">{compared.title}</p>}
                <dl className="mt-3 grid grid-cols-2 gap-3">
                  {comparedDocumentFacts(compared).map(({ label, value }) => (
                    <Detail key={label} label={label}>
                      {value}
                    </Detail>
                  ))}
                </dl>
              </div>
            );
          })}
        </div>
        <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3">
          <Detail label="Processing time">{formatDuration(metadata.processingTime)}</Detail>
          <Detail label="Analyzer">
            {analyzerLabels[metadata.analyzer] ?? metadata.analyzer}
            {metadata.model ? <span className="block text-xs font-normal text-slate-600">{metadata.model}</span> : null}
          </Detail>
        </dl>
        {changes.length > 0 && (
          <p className="mt-4 text-xs text-slate-600">
            Page marks show where each change is in each version; a check means the quote was found on that page. Select a mark to read the quote.
          </p>
        )}
      </section>
    </div>
  );
}
