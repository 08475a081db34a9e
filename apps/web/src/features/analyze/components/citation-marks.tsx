import * as Popover from '@radix-ui/react-popover';
import { BadgeCheck, FileText } from 'lucide-react';
import type { Citation } from '@civicwatch/core/contracts/index.ts';
import { cn } from '../../../lib/cn.ts';

/** Named by what it shows, "Page 2", and then what a glance at its colour tells: verified or not (WCAG 2.5.3). */
function CitationMark({ citation }: { citation: Citation }) {
  const status = citation.verified ? 'verified quote' : 'unverified quote';
  return (
    <Popover.Root>
      <Popover.Trigger
        title={`Page ${citation.page}, ${status}`}
        className={cn(
          'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600',
          citation.verified
            ? 'border-emerald-200 bg-emerald-50 text-emerald-800 hover:bg-emerald-100'
            : 'border-slate-200 bg-slate-50 text-slate-600 hover:bg-slate-100',
        )}
      >
        {citation.verified ? <BadgeCheck className="size-3.5" aria-hidden="true" /> : <FileText className="size-3.5" aria-hidden="true" />}
        Page {citation.page}
        <span className="sr-only">, {status}</span>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="start"
          sideOffset={6}
          collisionPadding={12}
          className="z-[60] w-80 max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-lg focus:outline-none"
        >
          <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">Page {citation.page}</p>
          <blockquote className="mt-2 border-l-4 border-blue-900 pl-3 italic text-slate-800">“{citation.quote}”</blockquote>
          <p className={cn('mt-3 flex items-start gap-1.5 text-xs', citation.verified ? 'text-emerald-800' : 'text-slate-600')}>
            {citation.verified ? (
              <>
                <BadgeCheck className="mt-px size-3.5 shrink-0" aria-hidden="true" />
                Verified: this quote appears on page {citation.page} of the document.
              </>
            ) : (
              // Either reason leaves a point unverified: a quote missing from its page, or a figure missing from the document.
              <>
                Not verified: this quote could not be found on page {citation.page}, or the point gives a figure the document does not contain. Check it
                against the original.
              </>
            )}
          </p>
          <Popover.Arrow className="fill-white" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** The pages a point rests on, beside the point; each opens its quote. */
export function CitationMarks({ citations }: { citations: readonly Citation[] }) {
  if (citations.length === 0) return null;
  return (
    <span className="ml-1 inline-flex flex-wrap items-center gap-1 align-middle">
      <span className="sr-only">Sources:</span>
      {citations.map((citation, i) => (
        <CitationMark key={`${citation.page}-${i}`} citation={citation} />
      ))}
    </span>
  );
}
