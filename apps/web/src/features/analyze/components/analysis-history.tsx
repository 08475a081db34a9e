import { useEffect, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { Link } from '@tanstack/react-router';
import { CircleCheck, FileText, Search, Trash2 } from 'lucide-react';
import { historyTypeLabel, type AnalysisListItem } from '@civicwatch/core/contracts/index.ts';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { useToast } from '../../../components/ui/toaster.tsx';
import { serverMessage } from '../../../lib/api-client.ts';
import { timeAgo } from '../../../lib/format.ts';
import { useDeleteAnalysis } from '../api/delete-analysis.ts';
import { useAnalyses } from '../api/list-analyses.ts';
import { AnalysisResultsDialog } from './analysis-results-dialog.tsx';
import { useSettledValue } from '../../../lib/use-settled-value.ts';

export const HISTORY_PAGE_SIZE = 10;
const SEARCH_DELAY_MS = 300;


function DeleteAnalysisButton({ analysis }: { analysis: AnalysisListItem }) {
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const remove = useDeleteAnalysis({
    onDeleted: () => {
      setOpen(false);
      toast({ title: 'Analysis Deleted', description: `"${analysis.document.title}" was removed from your history.`, variant: 'success' });
    },
    onFailed: (error) => toast({ title: 'Delete Failed', description: serverMessage(error) ?? 'Failed to delete analysis. Please try again.', variant: 'destructive' }),
  });

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
      <Dialog.Trigger className={buttonClasses('danger', 'sm')}>
        <Trash2 className="size-4" aria-hidden="true" />
        Delete
        <span className="sr-only">: {analysis.document.title}</span>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <Dialog.Content
          role="alertdialog"
          className="fixed left-1/2 top-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl focus:outline-none"
        >
          <Dialog.Title className="text-lg font-semibold text-slate-900">Delete this analysis?</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-slate-600">
            &ldquo;{analysis.document.title}&rdquo; and its results will be removed from your history. This cannot be undone.
          </Dialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Dialog.Close className={buttonClasses('outline', 'md')} disabled={remove.isPending}>
              Cancel
            </Dialog.Close>
            <Button variant="secondary" onClick={() => remove.mutate(analysis.id)} disabled={remove.isPending}>
              {remove.isPending ? 'Deleting...' : 'Delete Analysis'}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Watchdog History: every past analysis, paged, searchable by title, to reopen or delete. */
export function AnalysisHistory() {
  const [search, setSearch] = useState('');
  const q = useSettledValue(search.trim(), SEARCH_DELAY_MS);
  // The page belongs to the search it was turned for: a new search starts at its first page.
  const [paging, setPaging] = useState({ q, page: 1 });
  const page = paging.q === q ? paging.page : 1;
  const setPage = (next: (current: number) => number) => setPaging({ q, page: next(page) });
  const analyses = useAnalyses({ page, pageSize: HISTORY_PAGE_SIZE, ...(q ? { q } : {}) });

  const data = analyses.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  // Deleting the last entry of the last page leaves that page empty: step back.
  useEffect(() => {
    if (data && data.items.length === 0 && page > 1 && page > pages) setPaging({ q, page: pages });
  }, [data, page, pages, q]);

  return (
    <section aria-labelledby="history-heading" className="space-y-6">
      <div>
        <h1 id="history-heading" className="text-3xl font-bold tracking-tight text-slate-900">
          Watchdog History
        </h1>
        <p className="mt-2 text-slate-600">Every document you have analyzed, newest first.</p>
      </div>
      <Card>
        <CardHeader className="flex flex-wrap items-end justify-between gap-4 space-y-0">
          <div className="space-y-1.5">
            <CardTitle>Past Analyses</CardTitle>
            <CardDescription>{data ? `${data.total} ${data.total === 1 ? 'analysis' : 'analyses'}${q ? ` matching "${q}"` : ''}` : ' '}</CardDescription>
          </div>
          <div className="relative w-full sm:w-72">
            <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
            <input
              type="search"
              aria-label="Search by title"
              placeholder="Search by title"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              className="block w-full rounded-md border border-slate-300 bg-white py-2 pl-9 pr-3 text-sm shadow-sm placeholder:text-slate-400 focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600"
            />
          </div>
        </CardHeader>
        <CardContent>
          {analyses.isPending ? (
            <div aria-busy="true" aria-label="Loading your history" className="space-y-3">
              {[0, 1, 2].map((i) => (
                <div key={i} className="h-16 animate-pulse rounded-lg bg-slate-100" />
              ))}
            </div>
          ) : analyses.isError ? (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
              Your history could not be loaded. Please reload the page to try again.
            </p>
          ) : data && data.items.length === 0 ? (
            <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-sm text-slate-600">
              <FileText className="mx-auto mb-3 size-8 text-slate-400" aria-hidden="true" />
              {q ? (
                <>No analyses match &ldquo;{q}&rdquo;.</>
              ) : (
                <>
                  No analyses yet. Upload your first document to get started!
                  <div className="mt-4">
                    <Link to="/analyze" className={buttonClasses('primary', 'sm')}>
                      Analyze a document
                    </Link>
                  </div>
                </>
              )}
            </div>
          ) : (
            <>
              <ul aria-label="Past analyses" className={analyses.isPlaceholderData ? 'divide-y divide-slate-200 opacity-60' : 'divide-y divide-slate-200'}>
                {data?.items.map((analysis) => (
                  <li key={analysis.id} className="flex flex-wrap items-center justify-between gap-3 py-4">
                    <div className="min-w-0 flex-[1_1_16rem]">
                      <p className="truncate font-medium text-slate-900">{analysis.document.title}</p>
                      <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-500">
                        <span>{historyTypeLabel(analysis.analysisType)}</span>
                        <span aria-hidden="true">·</span>
                        <time dateTime={analysis.createdAt}>{timeAgo(analysis.createdAt)}</time>
                        <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800">
                          <CircleCheck className="size-3.5" aria-hidden="true" />
                          Completed
                        </span>
                      </p>
                      {analysis.result.summary && <p className="mt-1 line-clamp-2 break-words text-sm text-slate-600">{analysis.result.summary}</p>}
                    </div>
                    <div className="flex gap-2">
                      <AnalysisResultsDialog analysis={analysis} />
                      <DeleteAnalysisButton analysis={analysis} />
                    </div>
                  </li>
                ))}
              </ul>
              {pages > 1 && (
                <Pager label="History pages" page={page} pages={pages} onPage={(next) => setPage(() => next)} busy={analyses.isFetching} className="mt-4 border-t border-slate-200 pt-4" />
              )}
            </>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
