import * as Popover from '@radix-ui/react-popover';
import type { ReactNode } from 'react';
import { BadgeCheck, FileText } from 'lucide-react';
import { versionLabels, type Citation, type VersionSide } from '@civicwatch/core/contracts/index.ts';
import { cn } from '../../../lib/cn.ts';

/** What a mark shows: a quote and the page it was checked against (a citation's, or a fact's). */
export type QuotedSource = Pick<Citation, 'page' | 'quote' | 'verified'>;

type PageSources = { page: number; sources: QuotedSource[] };
/** A comparison's marks say which version the page belongs to; an analysis has one document. */
type MarkProps = PageSources & { version?: VersionSide | undefined };

/** "the document", "the earlier version". */
const documentOf = (version: VersionSide | undefined) => (version ? `the ${versionLabels[version].toLowerCase()}` : 'the document');

/** The sources by page, in page order: a point resting on six sentences of page 1 shows one mark for page 1. */
const byPage = (sources: readonly QuotedSource[]): PageSources[] => {
  const pages = new Map<number, QuotedSource[]>();
  for (const source of sources) {
    const onPage = pages.get(source.page);
    if (onPage) onPage.push(source);
    else pages.set(source.page, [source]);
  }
  return [...pages].sort(([a], [b]) => a - b).map(([page, quotes]) => ({ page, sources: quotes }));
};

/** "verified quote", "3 verified quotes", "1 of 3 quotes verified". */
const statusOf = (sources: readonly QuotedSource[]): string => {
  const verified = sources.filter((s) => s.verified).length;
  if (sources.length === 1) return verified ? 'verified quote' : 'unverified quote';
  if (verified === sources.length) return `${verified} verified quotes`;
  if (verified === 0) return `${sources.length} unverified quotes`;
  return `${verified} of ${sources.length} quotes verified`;
};

function Verdict({ page, sources, version }: MarkProps) {
  const verified = sources.filter((s) => s.verified).length;
  const one = sources.length === 1;
  if (verified === sources.length) {
    return (
      <p className="mt-3 flex items-start gap-1.5 text-xs text-emerald-800">
        <BadgeCheck className="mt-px size-3.5 shrink-0" aria-hidden="true" />
        Verified: {one ? 'this quote appears' : 'these quotes appear'} on page {page} of {documentOf(version)}.
      </p>
    );
  }
  if (verified === 0) {
    return (
      <p className="mt-3 text-xs text-slate-600">
        {/* Either reason leaves a point unverified: a quote missing from its page, or a figure missing from the document. */}
        Not verified: {one ? 'this quote' : 'these quotes'} could not be found on page {page}, or the point gives a figure {documentOf(version)} does not
        contain. Check {one ? 'it' : 'them'} against the original.
      </p>
    );
  }
  return (
    <p className="mt-3 text-xs text-slate-600">
      Only the quotes marked verified were found on page {page}. Check the others against the original.
    </p>
  );
}

/** What a page's mark opens to: the quotes of one page, and whether each was found there. */
function PageQuotes({ page, sources, version }: MarkProps) {
  // Marks one by one only when the page's quotes disagree; otherwise the verdict below says it for all.
  const mixed = !sources.every((s) => s.verified) && sources.some((s) => s.verified);
  return (
    <>
      <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">
        {version ? `${versionLabels[version]} · ` : ''}Page {page}
      </p>
      <ul className="mt-2 space-y-2">
        {sources.map((source, i) => (
          <li key={i}>
            <blockquote className="border-l-4 border-blue-900 pl-3 italic text-slate-800">“{source.quote}”</blockquote>
            {mixed && (
              <p className={cn('mt-1 pl-4 text-xs', source.verified ? 'text-emerald-800' : 'text-slate-600')}>
                {source.verified ? 'Verified' : 'Not verified'}
              </p>
            )}
          </li>
        ))}
      </ul>
      <Verdict page={page} sources={sources} version={version} />
    </>
  );
}

/**
 * A control of its own look (a page mark, a page strip's cell) that opens the quotes of the pages it stands for,
 * page by page, each with its verdict. `title` names it as it shows, then what a glance at its colour tells.
 */
export function QuotesPopover({
  sources,
  version,
  title,
  className,
  children,
}: {
  sources: readonly QuotedSource[];
  version?: VersionSide | undefined;
  title: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <Popover.Root>
      <Popover.Trigger title={title} className={cn('focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600', className)}>
        {children}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="start"
          sideOffset={6}
          collisionPadding={12}
          // Its quotes may scroll: a keyboard reader reaches them with Tab and scrolls with the arrow keys (WCAG 2.1.1).
          tabIndex={0}
          aria-label={title}
          className="z-[60] max-h-[min(24rem,70vh)] w-80 max-w-[calc(100vw-2rem)] overflow-y-auto rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-lg focus:outline-none focus-visible:outline-2 focus-visible:outline-blue-600"
        >
          {byPage(sources).map((group, i) => (
            <div key={group.page} className={cn(i > 0 && 'mt-4 border-t border-slate-200 pt-3')}>
              <PageQuotes {...group} version={version} />
            </div>
          ))}
          <Popover.Arrow className="fill-white" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/**
 * Named by what it shows, "Page 2", and then what a glance at its colour tells: verified or not (WCAG 2.5.3); a
 * comparison's mark first names its version, which the label beside it shows.
 */
function PageMark({ page, sources, version }: MarkProps) {
  const status = statusOf(sources);
  const allVerified = sources.every((s) => s.verified);
  return (
    <QuotesPopover
      sources={sources}
      version={version}
      title={`${version ? `${versionLabels[version]}, page` : 'Page'} ${page}, ${status}`}
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium transition-colors',
        allVerified
          ? 'border-emerald-200 bg-emerald-50 text-emerald-800 hover:bg-emerald-100'
          : 'border-slate-200 bg-slate-50 text-slate-600 hover:bg-slate-100',
      )}
    >
      {allVerified ? <BadgeCheck className="size-3.5" aria-hidden="true" /> : <FileText className="size-3.5" aria-hidden="true" />}
      {/* The space outside the hidden words: a name is computed from its parts, each trimmed. */}
      {version && (
        <>
          <span className="sr-only">{versionLabels[version]},</span>{' '}
        </>
      )}
      Page {page}
      <span className="sr-only">, {status}</span>
    </QuotesPopover>
  );
}

/** The pages a point rests on, beside the point: one mark per page, which opens the quotes found there. */
export function CitationMarks({ citations }: { citations: readonly QuotedSource[] }) {
  if (citations.length === 0) return null;
  return (
    <span className="ml-1 inline-flex flex-wrap items-center gap-1 align-middle">
      <span className="sr-only">Sources:</span>
      {byPage(citations).map((group) => (
        <PageMark key={group.page} {...group} />
      ))}
    </span>
  );
}

/** Where one version says what a change rests on: its page's mark, or a dash when that version does not have it. */
export function VersionPageMark({ version, source }: { version: VersionSide; source: QuotedSource | undefined }) {
  if (!source) {
    return (
      <span className="text-slate-500">
        <span aria-hidden="true">—</span>
        <span className="sr-only">not in the {versionLabels[version].toLowerCase()}</span>
      </span>
    );
  }
  return <PageMark page={source.page} sources={[source]} version={version} />;
}
