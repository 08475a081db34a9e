import { useState } from 'react';
import { Pager } from '../../../components/ui/pager.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TableScroller } from '../../../components/ui/table-scroller.tsx';
import { cn } from '../../../lib/cn.ts';
import { longDate } from '../../../lib/format.ts';
import { CREDIT_HISTORY_PAGE_SIZE, useCreditHistory } from '../api/credit-history.ts';
import { SettingsSection } from './settings-section.tsx';

/** "+5", "−1": a change of the balance as a statement shows it. */
const signed = (change: number) => (change > 0 ? `+${change}` : change < 0 ? `\u2212${Math.abs(change)}` : '0');

/** The Credit history section of account settings: every change of the balance from the ledger, newest first. */
export function CreditHistory() {
  const [page, setPage] = useState(1);
  const history = useCreditHistory(page);
  const pages = Math.max(1, Math.ceil((history.data?.total ?? 0) / CREDIT_HISTORY_PAGE_SIZE));

  return (
    <SettingsSection title="Credit History" description="Where your credits came from and what they were spent on.">
      {!history.data ? (
        history.isError ? (
          <p role="alert" className="text-sm text-red-700">Failed to load your credit history. Please try again later.</p>
        ) : (
          <Spinner label="Loading your credit history" />
        )
      ) : history.data.items.length === 0 ? (
        <p className="text-sm text-slate-600">No credits have come or gone yet.</p>
      ) : (
        <div className="space-y-4">
          <TableScroller>
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Credit history, newest first</caption>
              <thead className="border-b border-slate-200 text-slate-600">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-medium">Date</th>
                  <th scope="col" className="py-2 pr-4 font-medium">Reason</th>
                  <th scope="col" className="py-2 pr-4 text-right font-medium">Change</th>
                  <th scope="col" className="py-2 text-right font-medium">Balance</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {history.data.items.map((entry) => (
                  <tr key={entry.id}>
                    <td className="whitespace-nowrap py-2 pr-4 text-slate-600">
                      <time dateTime={entry.createdAt} title={new Date(entry.createdAt).toLocaleString('en-US')}>
                        {longDate(entry.createdAt)}
                      </time>
                    </td>
                    <td className="py-2 pr-4 text-slate-900">{entry.label}</td>
                    <td className={cn('py-2 pr-4 text-right font-medium tabular-nums', entry.change < 0 ? 'text-red-700' : 'text-emerald-700')}>
                      {signed(entry.change)}
                    </td>
                    <td className="py-2 text-right tabular-nums text-slate-900">{entry.balanceAfter}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroller>
          {pages > 1 && <Pager label="Credit history pages" page={page} pages={pages} onPage={setPage} busy={history.isPlaceholderData} />}
        </div>
      )}
    </SettingsSection>
  );
}
