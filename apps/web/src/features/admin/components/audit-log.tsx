import { useState } from 'react';
import { ScrollText } from 'lucide-react';
import { Pager } from '../../../components/ui/pager.tsx';
import { TableScroller } from '../../../components/ui/table-scroller.tsx';
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
          <TableScroller>
            <table className="w-full text-left text-sm">
              <thead className="border-b border-slate-200 text-slate-600">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-medium">When</th>
                  <th scope="col" className="py-2 pr-4 font-medium">Who</th>
                  <th scope="col" className="py-2 pr-4 font-medium">What</th>
                  <th scope="col" className="py-2 pr-4 font-medium">Target</th>
                  <th scope="col" className="py-2 font-medium">Change</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 align-top">
                {log.data.items.map((entry) => (
                  <tr key={entry.id}>
                    <td className="whitespace-nowrap py-2 pr-4 text-slate-600">
                      <time dateTime={entry.createdAt} title={new Date(entry.createdAt).toLocaleString('en-US')}>
                        {timeAgo(entry.createdAt)}
                      </time>
                    </td>
                    <td className="py-2 pr-4 text-slate-900">{entry.actor}</td>
                    <td className="whitespace-nowrap py-2 pr-4 text-slate-900">{auditActionLabel(entry.action)}</td>
                    <td className="min-w-40 max-w-64 break-all py-2 pr-4 font-mono text-xs text-slate-600">
                      {entry.target}
                    </td>
                    <td className="min-w-48 py-2 font-mono text-xs text-slate-700">
                      {describeAuditChange(entry.before, entry.after).map((line) => (
                        <div key={line} className="break-all">
                          {line}
                        </div>
                      ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroller>
          <Pager label="Audit log pages" page={page} pages={pages} onPage={setPage} busy={log.isPlaceholderData} />
        </div>
      )}
    </AdminSection>
  );
}
