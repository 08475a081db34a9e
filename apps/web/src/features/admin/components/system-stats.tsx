import { ChartColumn } from 'lucide-react';
import type { AdminTrendsView } from '@civicwatch/core/contracts/index.ts';
// Plain SVG of a few hundred bytes, imported as is: /admin is a chunk of its own (routes/lazy-page.ts), so no
// other page loads it.
import { TrendChart, type TrendPoint } from '../../../components/charts/trend-chart.tsx';
import { useAdminStats, useAdminTrends } from '../api/stats.ts';
import { AdminSection, SectionStatus } from './admin-section.tsx';

const count = (value: number) => value.toLocaleString('en-US');

/** System stats (docs/product/administration.md "Admin panel"): total, free and paid users, with analyses and credits spent, and the last 30 days' trends. */
export function SystemStats() {
  const stats = useAdminStats();
  const trends = useAdminTrends();
  const items: Array<[string, number]> = stats.data
    ? [
        ['Total Users', stats.data.totalUsers],
        ['Free Users', stats.data.freeUsers],
        ['Paid Users', stats.data.paidUsers],
        ['Administrators', stats.data.admins],
        ['Total Analyses', stats.data.totalAnalyses],
        ['Credits Spent', stats.data.creditsSpent],
      ]
    : [];

  return (
    <AdminSection id="admin-stats" title="System Stats" description="Accounts and usage across CivicWatch." icon={ChartColumn}>
      <div className="space-y-6">
        {stats.data ? (
          <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
            {items.map(([label, value]) => (
              <div key={label} className="rounded-lg border border-slate-200 p-4">
                <dt className="text-sm font-medium text-slate-600">{label}</dt>
                <dd className="mt-1 text-2xl font-bold tracking-tight text-slate-900">{count(value)}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <SectionStatus isError={stats.isError} what="system stats" />
        )}
        {trends.data ? <Trends trends={trends.data} /> : <SectionStatus isError={trends.isError} what="trends" />}
      </div>
    </AdminSection>
  );
}

function Trends({ trends }: { trends: AdminTrendsView }) {
  const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: trends.currency });
  const series = (value: (day: AdminTrendsView['days'][number]) => number): TrendPoint[] => trends.days.map((day) => ({ day: day.day, value: value(day) }));
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">
        Days in UTC, today&apos;s so far. Revenue is what was paid on a day less what has since been refunded of it.
      </p>
      <div className="grid items-start gap-4 md:grid-cols-3">
        <TrendChart title="Analyses" points={series((day) => day.analyses)} format={count} />
        <TrendChart title="Sign-ups" points={series((day) => day.signUps)} format={count} />
        <TrendChart title="Revenue" points={series((day) => day.revenueCents)} format={(cents) => money.format(cents / 100)} />
      </div>
    </div>
  );
}
