import { useState } from 'react';
import { CircleCheck, FileDown, RotateCcw } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { ShareAnalysisDialog } from './share-analysis-dialog.tsx';

interface ResultHeaderProps {
  /** "Analysis Results" or "Comparison Results". */
  heading: string;
  /** The document's title, when it has one, and what kind of result this is. */
  title: string | null;
  kindLabel: string;
  statusLabel: string;
  headingLevel: 2 | 3;
  /** Builds and saves the report; the button says "Exporting..." until it settles. */
  exportPdf: () => Promise<unknown>;
  /** Shown with a Share button once the result is stored. */
  analysisId?: string;
  summary: string;
  /** The button that starts over ("Analyze Another", "Compare Another"), where the page offers one. */
  another?: { label: string; onClick: () => void };
}

/** The top of a result (docs/product/screens.md "Analyze page"): its heading and status, then Export PDF, Share and start over. */
export function ResultHeader({ heading, title, kindLabel, statusLabel, headingLevel, exportPdf, analysisId, summary, another }: ResultHeaderProps) {
  const [exporting, setExporting] = useState(false);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  async function onExport() {
    setExporting(true);
    try {
      await exportPdf();
    } finally {
      setExporting(false);
    }
  }

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 space-y-1">
          <Heading className="text-xl font-bold tracking-tight text-slate-900">{heading}</Heading>
          <p className="break-words text-sm text-slate-600">
            {title ? `${title} · ` : ''}
            {kindLabel}
          </p>
        </div>
        <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-3 py-1 text-sm font-medium text-emerald-800">
          <CircleCheck className="size-4" aria-hidden="true" />
          {statusLabel}
        </span>
      </div>

      <div className="flex flex-wrap gap-2">
        <Button variant="primary" onClick={() => void onExport()} disabled={exporting}>
          <FileDown className="size-4" aria-hidden="true" />
          {exporting ? 'Exporting...' : 'Export PDF'}
        </Button>
        {analysisId && <ShareAnalysisDialog analysisId={analysisId} summary={summary} />}
        {another && (
          <Button variant="outline" onClick={another.onClick}>
            <RotateCcw className="size-4" aria-hidden="true" />
            {another.label}
          </Button>
        )}
      </div>
    </>
  );
}
