import { useState } from 'react';
import { ScrollText } from 'lucide-react';
import { Pager } from '../../../components/ui/pager.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { timeAgo } from '../../../lib/format.ts';
import { AUDIT_PAGE_SIZE, useAuditLog } from '../api/audit-log.ts';
import { auditActionLabel, describeAuditChange } from '../utils/audit-entry.ts';
import { AdminSection, SectionStatus } from './admin-section.tsx';

/** The audit log: every administrative action, newest first, a page at a time. */
export function AuditLog() {
  const [page, setPage] = useState(1);
  const log = useAuditLog(page);
  const pages = Math.max(1, Math.ceil((log.data?.total ?? 0) / AUDIT_PAGE_SIZE));

  return (
    <AdminSection id="admin-audit" title="Audit Log" description="Who changed what, and when." icon={ScrollText}>
      {!log.data ? (
        <SectionStatus isError={log.isError} what="audit log" />
      ) : log.data.items.length === 0 ? (
        <p className="text-sm text-slate-600">No administrative actions yet.</p>
      ) : (
        <div className="space-y-4">
          <DataTable
            rows={log.data.items}
            rowKey={(entry) => entry.id}
            align="top"
            columns={[
              {
                header: 'When',
                cell: (entry) => (
                  <time dateTime={entry.createdAt} title={new Date(entry.createdAt).toLocaleString('en-US')}>
                    {timeAgo(entry.createdAt)}
                  </time>
                ),
                className: 'whitespace-nowrap text-slate-600',
              },
              { header: 'Who', cell: (entry) => entry.actor, className: 'text-slate-900' },
              { header: 'What', cell: (entry) => auditActionLabel(entry.action), className: 'whitespace-nowrap text-slate-900' },
              { header: 'Target', cell: (entry) => entry.target, className: 'min-w-40 max-w-64 break-all font-mono text-xs text-slate-600' },
              {
                header: 'Change',
                cell: (entry) => describeAuditChange(entry.before, entry.after).map((line) => (
                  <div key={line} className="break-all">
                    {line}
                  </div>
                )),
                className: 'min-w-48 font-mono text-xs text-slate-700',
              },
            ]}
          />
          <Pager label="Audit log pages" page={page} pages={pages} onPage={setPage} busy={log.isPlaceholderData} />
        </div>
      )}
    </AdminSection>
  );
}
