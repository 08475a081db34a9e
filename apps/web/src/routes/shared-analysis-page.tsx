import type { ReactNode } from 'react';
import { Link, useParams } from '@tanstack/react-router';
import { CircleX, Eye } from 'lucide-react';
import { SHARE_NOT_FOUND_MESSAGE, readStoredResult, type SharedAnalysis } from '@civicwatch/core/contracts/index.ts';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { PageShell } from '../components/ui/page-shell.tsx';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { AnalysisResults } from '../features/analyze/components/analysis-results.tsx';
import { ComparisonResults } from '../features/analyze/components/comparison-results.tsx';
import { isNoLongerShared, useSharedAnalysis } from '../features/analyze/api/get-shared-analysis.ts';
import { readComparisonResult } from '../features/analyze/utils/comparison-result.ts';
import { longDate, timeAgo } from '../lib/format.ts';

function Problem({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="mx-auto max-w-lg p-10 text-center">
      <CircleX className="mx-auto size-12 text-red-600" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      {children}
    </Card>
  );
}

function Unreadable() {
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      The results of this analysis could not be read.
    </p>
  );
}

/** The shared results as their owner saw them, without a title (ADR 0010): an analysis's, or a comparison's. */
function SharedResults({ shared }: { shared: SharedAnalysis }) {
  const statusLabel = `Completed ${timeAgo(shared.createdAt)}`;
  if (shared.analysisType === 'comparison') {
    const comparison = readComparisonResult(shared.result);
    if (!comparison) return <Unreadable />;
    return <ComparisonResults title={null} createdAt={shared.createdAt} result={comparison} statusLabel={statusLabel} headingLevel={2} />;
  }
  const result = readStoredResult(shared.result);
  if (!result) return <Unreadable />;
  return <AnalysisResults title={null} analysisType={shared.analysisType} createdAt={shared.createdAt} result={result} statusLabel={statusLabel} headingLevel={2} />;
}

/**
 * /shared/{token} (ADR 0010): an analysis someone shared, read-only, for anyone, signed in or not. No owner
 * actions (only Export PDF), nothing of the owner, and not for search engines.
 */
export function SharedAnalysisPage() {
  const { token } = useParams({ from: '/shared/$token' });
  const shared = useSharedAnalysis(token);

  return (
    <PageShell>
      {/* React places it in the document's head. */}
      <meta name="robots" content="noindex" />
      {shared.isPending && <PageSpinner />}
      {shared.isError && isNoLongerShared(shared.error) && (
        <Problem title={SHARE_NOT_FOUND_MESSAGE}>
          <p className="mt-3 text-slate-700">
            Its owner may have stopped sharing it or deleted it, or the link may be incomplete. Ask them for a new link.
          </p>
          <Link to="/" className={buttonClasses('primary', 'md', 'mt-8')}>
            Go to the home page
          </Link>
        </Problem>
      )}
      {shared.isError && !isNoLongerShared(shared.error) && (
        <Problem title="The analysis could not be loaded">
          <p role="alert" className="mt-3 text-slate-700">
            Something went wrong on our side. Please try again in a moment.
          </p>
          <Button className="mt-8" onClick={() => void shared.refetch()}>
            Try Again
          </Button>
        </Problem>
      )}
      {shared.data && (
        <div className="space-y-6">
          <div className="space-y-2">
            <p className="flex items-center gap-2 text-sm font-medium text-blue-900">
              <Eye className="size-4" aria-hidden="true" />
              Shared on {longDate(shared.data.sharedAt)} · read-only
            </p>
            <h1 className="text-3xl font-bold tracking-tight text-slate-900">
              {shared.data.analysisType === 'comparison' ? 'A shared comparison' : 'A shared analysis'}
            </h1>
            <p className="text-slate-600">
              Someone shared these results from CivicWatch, where citizens have their government&apos;s documents
              read and checked against the Constitution.{' '}
              <Link to="/signup" className="font-medium text-blue-900 hover:underline">
                Sign up free
              </Link>{' '}
              to analyze your own.
            </p>
          </div>
          <Card className="p-6">
            <SharedResults shared={shared.data} />
          </Card>
        </div>
      )}
    </PageShell>
  );
}
