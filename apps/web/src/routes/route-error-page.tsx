import { ErrorComponent, type ErrorComponentProps } from '@tanstack/react-router';
import { Button } from '../components/ui/button.tsx';
import { PageShell } from '../components/ui/page-shell.tsx';
import { PageLoadError } from './lazy-page.ts';

/**
 * What a route shows when it fails. A page whose code did not arrive says so and offers a reload (which
 * fetches the current release) instead of leaving the page blank; any other failure keeps the router's own
 * error display.
 */
export function RouteErrorPage({ error }: ErrorComponentProps) {
  if (!(error instanceof PageLoadError)) return <ErrorComponent error={error} />;
  return (
    <PageShell>
      <div role="alert" className="py-16 text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">This page could not be loaded</h1>
        <p className="mt-4 text-slate-600">
          CivicWatch may have been updated since you opened it, or the connection was lost. Reload to get the current version.
        </p>
        <Button size="lg" className="mt-8" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
      </div>
    </PageShell>
  );
}
