import * as Dialog from '@radix-ui/react-dialog';
import { Eye, X } from 'lucide-react';
import { historyTypeLabel, readStoredResult, type AnalysisListItem } from '@civicwatch/core/contracts/index.ts';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { timeAgo } from '../../../lib/format.ts';
import { useAnalysis } from '../api/get-analysis.ts';
import { readComparisonResult } from '../utils/comparison-result.ts';
import { AnalysisResults } from './analysis-results.tsx';
import { ComparisonResults } from './comparison-results.tsx';

function Failed({ children }: { children: string }) {
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      {children}
    </p>
  );
}

const Unreadable = () => <Failed>The results of this analysis could not be read.</Failed>;

/** The whole analysis, fetched as the dialog opens: the list it was opened from has only its summary's start. */
function DialogBody({ listed }: { listed: AnalysisListItem }) {
  const query = useAnalysis(listed.id);
  if (query.isPending) {
    return (
      <div className="flex items-center gap-3 py-8 text-sm text-slate-600">
        <Spinner label="Loading the results" />
        <span aria-hidden="true">Loading the results...</span>
      </div>
    );
  }
  if (query.isError) return <Failed>The results of this analysis could not be loaded. Please close this window and try again.</Failed>;
  const analysis = query.data;
  const statusLabel = `Completed ${timeAgo(analysis.createdAt)}`;
  if (analysis.analysisType === 'comparison') {
    const comparison = readComparisonResult(analysis.result);
    if (!comparison) return <Unreadable />;
    return <ComparisonResults title={analysis.document.title} analysisId={analysis.id} createdAt={analysis.createdAt} result={comparison} statusLabel={statusLabel} />;
  }
  const result = readStoredResult(analysis.result);
  if (!result) return <Unreadable />;
  return (
    <AnalysisResults
      title={analysis.document.title}
      analysisId={analysis.id}
      analysisType={analysis.analysisType}
      createdAt={analysis.createdAt}
      result={result}
      statusLabel={statusLabel}
    />
  );
}

/** View Results (docs/product/screens.md "Dashboard"): a past analysis, in full, in a dialog over the page. */
export function AnalysisResultsDialog({ analysis, triggerClassName }: { analysis: AnalysisListItem; triggerClassName?: string }) {
  return (
    <Dialog.Root>
      <Dialog.Trigger className={cn(buttonClasses('ghost', 'sm'), 'text-blue-900', triggerClassName)}>
        <Eye className="size-4" aria-hidden="true" />
        View Results
        <span className="sr-only">: {analysis.document.title}</span>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-sm" />
        <Dialog.Content
          className={cn(
            'fixed inset-x-2 bottom-2 top-4 z-50 flex flex-col rounded-xl bg-white shadow-xl focus:outline-none',
            'sm:inset-x-auto sm:left-1/2 sm:top-1/2 sm:bottom-auto sm:max-h-[90vh] sm:w-[min(64rem,calc(100vw-2rem))] sm:-translate-x-1/2 sm:-translate-y-1/2',
          )}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 p-5">
            <div className="min-w-0">
              <Dialog.Title className="break-words text-lg font-semibold text-slate-900">{analysis.document.title}</Dialog.Title>
              <Dialog.Description className="text-sm text-slate-600">
                {historyTypeLabel(analysis.analysisType)} · {new Date(analysis.createdAt).toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short' })}
              </Dialog.Description>
            </div>
            <Dialog.Close aria-label="Close" className={buttonClasses('ghost', 'sm')}>
              <X className="size-4" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <div className="overflow-y-auto p-5">
            <DialogBody listed={analysis} />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
