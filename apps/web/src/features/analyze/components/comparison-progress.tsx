import type { ReactNode } from 'react';
import { CircleCheck, LoaderCircle } from 'lucide-react';
import { versionLabels, versionSides, type AnalysisProgressEvent, type VersionSide } from '@civicwatch/core/contracts/index.ts';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { cn } from '../../../lib/cn.ts';
import { describeProgress } from '../utils/progress-text.ts';

type Reading = { page: number; pages: number; ocr: boolean };
export type VersionReading = { state: 'waiting' } | ({ state: 'reading' } & Reading) | { state: 'read'; pages: number | null };

/** Stages that come once both versions have been read. */
const AFTER_READING = new Set<AnalysisProgressEvent['stage']>(['comparing', 'checking_citations', 'done']);

/**
 * How far the reading of each version has got, from the events heard so far: the earlier version is read first,
 * so it is read once the later one starts; both are read once the comparing starts. A stream that opened late has
 * missed pages, never the order.
 */
export function readingOf(events: readonly AnalysisProgressEvent[]): Record<VersionSide, VersionReading> {
  const reading: Record<VersionSide, VersionReading> = { earlier: { state: 'waiting' }, later: { state: 'waiting' } };
  const finish = (side: VersionSide) => {
    const current = reading[side];
    reading[side] = { state: 'read', pages: current.state === 'waiting' ? null : current.pages };
  };
  for (const event of events) {
    if ((event.stage === 'extracting' || event.stage === 'ocr') && event.version) {
      if (event.version === 'later') finish('earlier');
      reading[event.version] = { state: 'reading', page: event.page, pages: event.pages, ocr: event.stage === 'ocr' };
    } else if (AFTER_READING.has(event.stage)) {
      for (const side of versionSides) finish(side);
    }
  }
  return reading;
}

function statusText(reading: VersionReading): string {
  switch (reading.state) {
    case 'waiting':
      return 'Waiting';
    case 'reading':
      return `${reading.ocr ? 'Scanned page' : 'Page'} ${reading.page} of ${reading.pages}`;
    case 'read':
      return reading.pages === null ? 'Read' : `Read: ${reading.pages} ${reading.pages === 1 ? 'page' : 'pages'}`;
  }
}

const fractionOf = (reading: VersionReading) =>
  reading.state === 'read' ? 1 : reading.state === 'reading' && reading.pages > 0 ? Math.min(1, reading.page / reading.pages) : 0;

/**
 * A running comparison: what it is doing now, announced politely as it changes ("Earlier version: reading page 2 of
 * 5", "Comparing the versions"), and beside it how far each version's reading has got, which a glance tells.
 */
export function ComparisonProgress({ events, cancel }: { events: readonly AnalysisProgressEvent[]; cancel: ReactNode }) {
  const latest = events.at(-1) ?? null;
  const reading = readingOf(events);
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <p role="status" aria-live="polite" className="flex min-w-0 items-center gap-2 text-sm font-medium text-slate-800">
          <LoaderCircle className="size-4 shrink-0 animate-spin text-blue-900" aria-hidden="true" />
          <span data-testid="comparison-progress">{latest ? describeProgress(latest) : 'Uploading both versions'}</span>
        </p>
        {cancel}
      </div>
      <ul aria-label="Reading of each version" className="mt-3 space-y-2.5">
        {versionSides.map((side) => {
          const read = reading[side];
          return (
            <li key={side}>
              <div className="flex items-center justify-between gap-3 text-xs">
                <span className="font-medium text-slate-700">{versionLabels[side]}</span>
                <span className={cn('inline-flex items-center gap-1 tabular-nums', read.state === 'read' ? 'text-emerald-800' : 'text-slate-600')}>
                  {read.state === 'read' && <CircleCheck className="size-3.5" aria-hidden="true" />}
                  {statusText(read)}
                </span>
              </div>
              <ProgressBar
                label={`Reading of the ${versionLabels[side].toLowerCase()}`}
                fraction={fractionOf(read)}
                valueText={statusText(read)}
                tone={read.state === 'read' ? 'done' : 'working'}
                className="mt-1"
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
