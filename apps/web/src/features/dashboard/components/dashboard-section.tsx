import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Award, Calendar, ChartColumn, CircleCheck, Coins, FileText, type LucideIcon } from 'lucide-react';
import { RECENT_ANALYSES, historyTypeLabel, type AnalysisListItem } from '@civicwatch/core/contracts/index.ts';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { timeAgo, tierDisplayName } from '../../../lib/format.ts';
import { useDashboard } from '../api/get-dashboard.ts';

function StatCard({ label, value, icon: Icon }: { label: string; value: string; icon: LucideIcon }) {
  return (
    <Card className="p-5">
      <div className="flex items-center justify-between">
        <p className="text-sm font-medium text-slate-600">{label}</p>
        <Icon className="size-5 text-blue-900" aria-hidden="true" />
      </div>
      <p className="mt-2 text-3xl font-bold tracking-tight text-slate-900">{value}</p>
    </Card>
  );
}

/** Opens one analysis's full results; supplied by the page, which composes the features. */
export type RenderViewResults = (analysis: AnalysisListItem) => ReactNode;

function RecentAnalyses({ analyses, renderViewResults }: { analyses: AnalysisListItem[]; renderViewResults?: RenderViewResults | undefined }) {
  const recent = [...analyses].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, RECENT_ANALYSES);
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-4 space-y-0">
        <CardTitle level={3}>Recent Analyses</CardTitle>
        {recent.length > 0 && (
          <Link to="/history" className={buttonClasses('ghost', 'sm', 'text-blue-900')}>
            View all history
          </Link>
        )}
      </CardHeader>
      <CardContent>
        {recent.length === 0 ? (
          <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-sm text-slate-600">
            <FileText className="mx-auto mb-3 size-8 text-slate-400" aria-hidden="true" />
            No analyses yet. Upload your first document to get started!
          </div>
        ) : (
          <ul className="divide-y divide-slate-200">
            {recent.map((analysis) => (
              <li key={analysis.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0 flex-[1_1_16rem]">
                  <p className="truncate font-medium text-slate-900">{analysis.document.title}</p>
                  <p className="text-sm text-slate-500">
                    {historyTypeLabel(analysis.analysisType)} · <time dateTime={analysis.createdAt}>{timeAgo(analysis.createdAt)}</time>
                  </p>
                  {analysis.result.summary && <p className="mt-1 line-clamp-2 break-words text-sm text-slate-600">{analysis.result.summary}</p>}
                </div>
                <div className="flex items-center gap-2">
                  <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-medium text-emerald-800">
                    <CircleCheck className="size-3.5" aria-hidden="true" />
                    Completed
                  </span>
                  {renderViewResults?.(analysis)}
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** "Your Dashboard" of the signed-in home (docs/product/screens.md "Dashboard"). */
export function DashboardSection({ renderViewResults }: { renderViewResults?: RenderViewResults } = {}) {
  const dashboard = useDashboard();

  return (
    <section id="watchdog" aria-labelledby="watchdog-heading" className="scroll-mt-20 space-y-6">
      <h2 id="watchdog-heading" className="text-2xl font-bold tracking-tight text-slate-900">
        Your Dashboard
      </h2>
      {dashboard.isPending ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy="true" aria-label="Loading your dashboard">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} data-testid="stat-placeholder" className="h-28 animate-pulse rounded-xl border border-slate-200 bg-white" />
          ))}
        </div>
      ) : dashboard.isError ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          Your dashboard could not be loaded. Please reload the page to try again.
        </p>
      ) : (
        <>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <StatCard label="Credits Remaining" value={String(dashboard.data.user.credits)} icon={Coins} />
            <StatCard label="Total Analyses" value={String(dashboard.data.stats.totalAnalyses)} icon={ChartColumn} />
            <StatCard label="This Month" value={String(dashboard.data.stats.thisMonthAnalyses)} icon={Calendar} />
            <StatCard label="Current Plan" value={tierDisplayName(dashboard.data.user.subscriptionTier)} icon={Award} />
          </div>
          <RecentAnalyses analyses={dashboard.data.analyses} renderViewResults={renderViewResults} />
        </>
      )}
    </section>
  );
}
