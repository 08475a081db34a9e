import { useState } from 'react';
import { Mail } from 'lucide-react';
import type { OutboxMessageView } from '@civicwatch/core/contracts/index.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
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

/** Sent (when), or pending or failed (when delivery gave up) with the attempts so far and the last error the mail server gave. */
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
      {message.status !== 'sent' && message.attempts > 0 && (
        <div className="text-xs text-slate-600">
          {attemptsText(message.attempts)}
          {message.givenUpAt && <>, gave up <When iso={message.givenUpAt} /></>}
        </div>
      )}
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

  const bodyId = (message: OutboxMessageView) => `outbox-body-${message.id}`;
  return (
    <DataTable
      rows={messages}
      rowKey={(message) => message.id}
      align="top"
      columns={[
        { header: 'To', cell: (message) => message.to, className: 'min-w-48 break-all text-slate-900' },
        { header: 'Subject', cell: (message) => message.subject, className: 'text-slate-900' },
        { header: 'Kind', cell: (message) => kindLabels[message.kind], className: 'whitespace-nowrap text-slate-700' },
        { header: 'Created', cell: (message) => <When iso={message.createdAt} />, className: 'whitespace-nowrap text-slate-600' },
        { header: 'Status', cell: (message) => <DeliveryStatus message={message} />, className: 'max-w-64' },
        {
          header: 'Message',
          hiddenHeader: true,
          cell: (message) => {
            const expanded = open.has(message.id);
            return (
              <Button
                variant="outline"
                size="sm"
                className="-my-1.5"
                aria-expanded={expanded}
                aria-controls={expanded ? bodyId(message) : undefined}
                aria-label={`${expanded ? 'Hide' : 'Show'} the message to ${message.to}: ${message.subject}`}
                onClick={() => toggle(message.id)}
              >
                {expanded ? 'Hide' : 'Show'}
              </Button>
            );
          },
        },
      ]}
      detail={(message) =>
        open.has(message.id) ? (
          <pre id={bodyId(message)} className="whitespace-pre-wrap break-words rounded-md border border-slate-200 bg-slate-50 p-3 font-mono text-xs text-slate-800">
            {message.text}
          </pre>
        ) : null}
    />
  );
}

/**
 * The e-mail outbox (docs/product/self-hosting.md "Embedded defaults"): every message the server wrote, newest first. Without
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
