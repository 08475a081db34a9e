import { ChartColumn } from 'lucide-react';
import { useAdminStats } from '../api/stats.ts';
import { AdminSection, SectionStatus } from './admin-section.tsx';

/** System stats (spec §2 "/admin"): total, free and paid users, with analyses and credits spent. */
export function SystemStats() {
  const stats = useAdminStats();
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
      {stats.data ? (
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
          {items.map(([label, value]) => (
            <div key={label} className="rounded-lg border border-slate-200 p-4">
              <dt className="text-sm font-medium text-slate-600">{label}</dt>
              <dd className="mt-1 text-2xl font-bold tracking-tight text-slate-900">{value.toLocaleString('en-US')}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <SectionStatus isError={stats.isError} what="system stats" />
      )}
    </AdminSection>
  );
}
