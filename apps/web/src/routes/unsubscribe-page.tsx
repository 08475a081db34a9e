import { Link, useSearch } from '@tanstack/react-router';
import { CircleCheck, CircleX } from 'lucide-react';
import { INVALID_UNSUBSCRIBE_LINK_MESSAGE, UNSUBSCRIBE_FAILED_MESSAGE } from '@civicwatch/core/contracts/index.ts';
import { buttonClasses } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { PageShell } from '../components/ui/page-shell.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { useUnsubscribe } from '../features/unsubscribe/api/unsubscribe.ts';
import { serverMessage } from '../lib/api-client.ts';

type UnsubscribeState = { kind: 'loading' } | { kind: 'success'; message: string } | { kind: 'error'; message: string };

/**
 * /unsubscribe?token=... (docs/product/screens.md "Unsubscribe", docs/product/screens.md "Common behaviour", docs/product/screens.md "Form checks", docs/product/screens.md "Messages"): the link at the foot of every CivicWatch e-mail. Public; the
 * token alone says whose optional e-mail to stop. Loading, then Unsubscribed Successfully with the server's
 * message, or Unsubscribe Failed with why.
 */
export function UnsubscribePage() {
  const search = useSearch({ strict: false });
  const token = typeof search.token === 'string' && search.token.trim() ? search.token.trim() : undefined;
  const unsubscribe = useUnsubscribe(token);

  const state: UnsubscribeState = !token
    ? { kind: 'error', message: INVALID_UNSUBSCRIBE_LINK_MESSAGE }
    : unsubscribe.isSuccess
      ? { kind: 'success', message: unsubscribe.data.message }
      : unsubscribe.isError
        ? { kind: 'error', message: serverMessage(unsubscribe.error) ?? UNSUBSCRIBE_FAILED_MESSAGE }
        : { kind: 'loading' };

  return (
    <PageShell>
      <Card className="mx-auto max-w-lg p-10 text-center">
        {state.kind === 'loading' && (
          <>
            <Spinner className="size-10" label="Processing your request" />
            <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">Unsubscribing...</h1>
            <p className="mt-3 text-slate-600">Please wait while we update your e-mail preferences.</p>
          </>
        )}
        {state.kind === 'success' && (
          <>
            <CircleCheck className="mx-auto size-12 text-emerald-600" aria-hidden="true" />
            <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">Unsubscribed Successfully</h1>
            <p className="mt-3 text-slate-700">{state.message}</p>
          </>
        )}
        {state.kind === 'error' && (
          <>
            <CircleX className="mx-auto size-12 text-red-600" aria-hidden="true" />
            <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">Unsubscribe Failed</h1>
            <p role="alert" className="mt-3 text-slate-700">
              {state.message}
            </p>
          </>
        )}
        {state.kind !== 'loading' && (
          <>
            <p className="mt-6 text-sm text-slate-600">
              You will still receive essential account notifications, such as password resets, and payment receipts
              unless you turn them off. You can change your e-mail preferences at any time in your{' '}
              <Link to="/account" className="font-medium text-blue-900 hover:underline">
                account settings
              </Link>
              .
            </p>
            <div className="mt-8">
              <Link to="/home" className={buttonClasses('primary')}>
                Return to Home
              </Link>
            </div>
          </>
        )}
      </Card>
    </PageShell>
  );
}
