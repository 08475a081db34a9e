import { Link } from '@tanstack/react-router';
import { buttonClasses } from '../components/ui/button.tsx';
import { PageShell } from '../components/ui/page-shell.tsx';

/** Any unknown path (docs/product/screens.md "Page Not Found"). */
export function NotFoundPage() {
  return (
    <PageShell>
      <div className="py-16 text-center">
        <p className="text-sm font-semibold uppercase tracking-wide text-red-700">404</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">Page Not Found</h1>
        <p className="mt-4 text-slate-600">The page you are looking for does not exist or has moved.</p>
        <Link to="/" className={buttonClasses('primary', 'md', 'mt-8')}>
          Go to the home page
        </Link>
      </div>
    </PageShell>
  );
}
