import { Link } from '@tanstack/react-router';
import { Construction } from 'lucide-react';
import { buttonClasses } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { PageShell } from '../components/ui/page-shell.tsx';

/** A screen of the route table that is not built yet, saying so plainly (spec §2 lists every route). */
export function ComingSoonPage({ title, description }: { title: string; description: string }) {
  return (
    <PageShell>
      <Card className="mx-auto max-w-xl p-10 text-center">
        <Construction className="mx-auto size-10 text-blue-900" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-3 text-slate-600">{description}</p>
        <p className="mt-1 text-sm font-medium text-slate-500">This page is coming soon.</p>
        <Link to="/" className={buttonClasses('primary', 'md', 'mt-8')}>
          Back to home
        </Link>
      </Card>
    </PageShell>
  );
}
