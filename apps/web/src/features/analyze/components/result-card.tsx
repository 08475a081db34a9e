import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';

/** One card of the results: a region named by its heading, the heading with its icon, then what the card holds. */
export function ResultCard({
  label,
  icon: Icon,
  Heading,
  warning = false,
  children,
}: {
  label: string;
  icon: LucideIcon;
  Heading: 'h3' | 'h4';
  /** Risks are drawn in red. */
  warning?: boolean;
  children: ReactNode;
}) {
  return (
    <section aria-label={label} className="rounded-lg border border-slate-200 bg-white p-5">
      <Heading className="flex items-center gap-2 font-semibold text-slate-900">
        <Icon className={cn('size-5', warning ? 'text-red-700' : 'text-blue-900')} aria-hidden="true" />
        {label}
      </Heading>
      {children}
    </section>
  );
}
