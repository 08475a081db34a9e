import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { Button } from './button.tsx';

/** Previous / Page n of m / Next under a paged list; `busy` holds both buttons while a page loads. */
export function Pager({ label, page, pages, onPage, busy = false, className }: {
  /** The navigation landmark's name, e.g. "Audit log pages". */
  label: string;
  page: number;
  pages: number;
  onPage: (page: number) => void;
  busy?: boolean;
  className?: string;
}) {
  return (
    <nav aria-label={label} className={cn('flex items-center justify-between gap-3', className)}>
      <Button variant="outline" size="sm" onClick={() => onPage(Math.max(1, page - 1))} disabled={page <= 1 || busy}>
        <ChevronLeft className="size-4" aria-hidden="true" />
        Previous
      </Button>
      <p className="text-sm text-slate-600" aria-live="polite">
        Page {page} of {pages}
      </p>
      <Button variant="outline" size="sm" onClick={() => onPage(Math.min(pages, page + 1))} disabled={page >= pages || busy}>
        Next
        <ChevronRight className="size-4" aria-hidden="true" />
      </Button>
    </nav>
  );
}
