import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { Brand } from './brand.tsx';
import { buttonClasses } from './button.tsx';
import { MainContent } from './main-content.tsx';

/** Chrome of the single-purpose pages: the mark, a way back home, and the page's content. */
export function PageShell({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <nav aria-label="Main" className="mx-auto flex h-16 max-w-5xl items-center justify-between px-4 sm:px-6">
          <Brand />
          <Link to="/" className={buttonClasses('ghost', 'sm')}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back to home
          </Link>
        </nav>
      </header>
      <MainContent className="mx-auto max-w-5xl px-4 py-10 sm:px-6">{children}</MainContent>
    </div>
  );
}
