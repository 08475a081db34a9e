import { ShieldCheck } from 'lucide-react';
import { Link } from '@tanstack/react-router';

/** The product mark; a link home. */
export function Brand({ inverted = false }: { inverted?: boolean }) {
  return (
    <Link
      to="/"
      className="inline-flex shrink-0 items-center gap-2 whitespace-nowrap rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
    >
      <span className={inverted ? 'rounded-lg bg-white/10 p-1.5' : 'rounded-lg bg-blue-900 p-1.5'}>
        <ShieldCheck className="size-5 text-white" aria-hidden="true" />
      </span>
      <span className={inverted ? 'text-lg font-bold tracking-tight text-white' : 'text-lg font-bold tracking-tight text-slate-900'}>
        CivicWatch
      </span>
    </Link>
  );
}
