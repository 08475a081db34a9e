import { Link, useSearch } from '@tanstack/react-router';
import { CircleCheck, CircleX } from 'lucide-react';
import { INVALID_ACCOUNT_LINK_MESSAGE } from '@civicwatch/core/contracts/index.ts';
import { buttonClasses } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { PageShell } from '../components/ui/page-shell.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { useAccountLink, type AccountLinkKind } from '../features/account/api/account-link.ts';
import { serverMessage } from '../lib/api-client.ts';

const texts: Record<AccountLinkKind, { loading: string; success: string; failure: string; failed: string }> = {
  'verify-email': {
    loading: 'Verifying your e-mail address...',
    success: 'E-mail Address Verified',
    failure: 'Verification Failed',
    failed: 'Failed to verify your e-mail address. Please try again.',
  },
  'confirm-email': {
    loading: 'Confirming your new e-mail address...',
    success: 'E-mail Address Changed',
    failure: 'E-mail Change Failed',
    failed: 'Failed to change your e-mail address. Please try again.',
  },
};

type LinkState = { kind: 'loading' } | { kind: 'success'; message: string } | { kind: 'error'; message: string };

/**
 * The page an e-mailed account link opens (ADR 0008). Public: the token alone says whose address it is.
 * Loading, then the server's message as success, or why the link did not work.
 */
function AccountLinkPage({ kind }: { kind: AccountLinkKind }) {
  const search = useSearch({ strict: false });
  const token = typeof search.token === 'string' && search.token.trim() ? search.token.trim() : undefined;
  const link = useAccountLink(kind, token);
  const text = texts[kind];

  const state: LinkState = !token
    ? { kind: 'error', message: INVALID_ACCOUNT_LINK_MESSAGE }
    : link.isSuccess
      ? { kind: 'success', message: link.data.message }
      : link.isError
        ? { kind: 'error', message: serverMessage(link.error) ?? text.failed }
        : { kind: 'loading' };

  return (
    <PageShell>
      <Card className="mx-auto max-w-lg p-10 text-center">
        {state.kind === 'loading' && (
          <>
            <Spinner className="size-10" label="Processing your link" />
            <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">{text.loading}</h1>
          </>
        )}
        {state.kind === 'success' && (
          <>
            <CircleCheck className="mx-auto size-12 text-emerald-600" aria-hidden="true" />
            <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">{text.success}</h1>
            <p className="mt-3 text-slate-700">{state.message}</p>
          </>
        )}
        {state.kind === 'error' && (
          <>
            <CircleX className="mx-auto size-12 text-red-600" aria-hidden="true" />
            <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">{text.failure}</h1>
            <p role="alert" className="mt-3 text-slate-700">
              {state.message}
            </p>
          </>
        )}
        {state.kind !== 'loading' && (
          <div className="mt-8">
            <Link to="/" className={buttonClasses('primary')}>
              Go to CivicWatch
            </Link>
          </div>
        )}
      </Card>
    </PageShell>
  );
}

/** /verify-email?token=...: the link of the welcome e-mail and of "Resend verification e-mail". */
export function VerifyEmailPage() {
  return <AccountLinkPage kind="verify-email" />;
}

/** /confirm-email?token=...: the link e-mailed to the new address of an e-mail change. */
export function ConfirmEmailPage() {
  return <AccountLinkPage kind="confirm-email" />;
}
