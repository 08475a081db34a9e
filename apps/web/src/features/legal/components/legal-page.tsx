import type { ReactNode } from 'react';
import { PageShell } from '../../../components/ui/page-shell.tsx';

/** The frame of the Privacy Policy and Terms of Service: a title, a short lead and plain sections. */
export function LegalPage({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  return (
    <PageShell>
      <article className="mx-auto max-w-3xl space-y-8 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10">
        <header className="space-y-2">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
          <p className="text-slate-600">{lead}</p>
        </header>
        {children}
      </article>
    </PageShell>
  );
}

export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3 text-sm leading-6 text-slate-700">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}
