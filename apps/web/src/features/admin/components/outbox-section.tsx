import { Fragment, useState } from 'react';
import { Mail } from 'lucide-react';
import type { OutboxMessageView } from '@civicwatch/core/contracts/index.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { TableScroller } from '../../../components/ui/table-scroller.tsx';
import { cn } from '../../../lib/cn.ts';
import { timeAgo } from '../../../lib/format.ts';
import { OUTBOX_PAGE_SIZE, useOutbox } from '../api/outbox.ts';
import { AdminSection, SectionStatus } from './admin-section.tsx';

const kindLabels: Record<OutboxMessageView['kind'], string> = {
  welcome: 'Welcome',
  payment_receipt: 'Payment receipt',
  analysis_complete: 'Analysis ready',
  email_verification: 'E-mail verification',
  password_reset: 'Password reset',
  password_changed: 'Password changed',
  email_change_confirmation: 'New e-mail confirmation',
  email_change_notice: 'E-mail change notice',
};

const statusBadges: Record<OutboxMessageView['status'], { label: string; className: string }> = {
  sent: { label: 'Sent', className: 'bg-green-50 text-green-800' },
  pending: { label: 'Pending', className: 'bg-amber-50 text-amber-800' },
  failed: { label: 'Failed', className: 'bg-red-50 text-red-800' },
};

const attemptsText = (attempts: number) => `${attempts} attempt${attempts === 1 ? '' : 's'}`;

function When({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={new Date(iso).toLocaleString('en-US')}>
      {timeAgo(iso)}
    </time>
  );
}

/** Sent (when), or pending or failed with the attempts so far and the last error the mail server gave. */
function DeliveryStatus({ message }: { message: OutboxMessageView }) {
  const badge = statusBadges[message.status];
  return (
    <div className="space-y-1">
      <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', badge.className)}>{badge.label}</span>
      {message.status === 'sent' && message.sentAt && (
        <div className="text-xs text-slate-600">
          <When iso={message.sentAt} />
        </div>
      )}
      {message.status !== 'sent' && message.attempts > 0 && <div className="text-xs text-slate-600">{attemptsText(message.attempts)}</div>}
      {message.status !== 'sent' && message.lastError && (
        <div className="break-all font-mono text-xs text-red-800" title="Last error">
          {message.lastError}
        </div>
      )}
    </div>
  );
}

function OutboxTable({ messages }: { messages: OutboxMessageView[] }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <TableScroller>
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">To</th>
            <th scope="col" className="py-2 pr-4 font-medium">Subject</th>
            <th scope="col" className="py-2 pr-4 font-medium">Kind</th>
            <th scope="col" className="py-2 pr-4 font-medium">Created</th>
            <th scope="col" className="py-2 pr-4 font-medium">Status</th>
            <th scope="col" className="py-2 font-medium"><span className="sr-only">Message</span></th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 align-top">
          {messages.map((message) => {
            const expanded = open.has(message.id);
            const bodyId = `outbox-body-${message.id}`;
            return (
              <Fragment key={message.id}>
                <tr>
                  <td className="min-w-48 break-all py-2 pr-4 text-slate-900">{message.to}</td>
                  <td className="py-2 pr-4 text-slate-900">{message.subject}</td>
                  <td className="whitespace-nowrap py-2 pr-4 text-slate-700">{kindLabels[message.kind]}</td>
                  <td className="whitespace-nowrap py-2 pr-4 text-slate-600">
                    <When iso={message.createdAt} />
                  </td>
                  <td className="max-w-64 py-2 pr-4">
                    <DeliveryStatus message={message} />
                  </td>
                  <td className="py-2 text-right">
                    <Button
                      variant="outline"
                      size="sm"
                      className="-my-1.5"
                      aria-expanded={expanded}
                      aria-controls={expanded ? bodyId : undefined}
                      aria-label={`${expanded ? 'Hide' : 'Show'} the message to ${message.to}: ${message.subject}`}
                      onClick={() => toggle(message.id)}
                    >
                      {expanded ? 'Hide' : 'Show'}
                    </Button>
                  </td>
                </tr>
                {expanded && (
                  <tr id={bodyId}>
                    <td colSpan={6} className="pb-4 pt-1">
                      <pre className="whitespace-pre-wrap break-words rounded-md border border-slate-200 bg-slate-50 p-3 font-mono text-xs text-slate-800">
                        {message.text}
                      </pre>
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </TableScroller>
  );
}

/**
 * The e-mail outbox (DECISIONS "Embedded defaults"): every message the server wrote, newest first. Without
 * SMTP_URL they stay here for administrators to read; with it, this is where a refused message shows why.
 */
export function OutboxSection() {
  const [page, setPage] = useState(1);
  const outbox = useOutbox(page);
  const pages = Math.max(1, Math.ceil((outbox.data?.total ?? 0) / OUTBOX_PAGE_SIZE));

  return (
    <AdminSection
      id="admin-outbox"
      title="E-mail Outbox"
      description="Every e-mail the server wrote, newest first. Without a mail server (SMTP_URL) they wait here, unsent."
      icon={Mail}
    >
      {!outbox.data ? (
        <SectionStatus isError={outbox.isError} what="outbox" />
      ) : outbox.data.items.length === 0 ? (
        <p className="text-sm text-slate-600">No e-mail yet.</p>
      ) : (
        <div className="space-y-4">
          <OutboxTable messages={outbox.data.items} />
          <Pager label="Outbox pages" page={page} pages={pages} onPage={setPage} busy={outbox.isPlaceholderData} />
        </div>
      )}
    </AdminSection>
  );
}
