import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate } from '@tanstack/react-router';
import type { UserView } from '@civicwatch/core/contracts/index.ts';
import { PageShell } from '../components/ui/page-shell.tsx';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { BillingSection } from '../features/account/components/billing-section.tsx';
import { ChangeEmailForm } from '../features/account/components/change-email-form.tsx';
import { ChangePasswordForm } from '../features/account/components/change-password-form.tsx';
import { CreditHistory } from '../features/account/components/credit-history.tsx';
import { DataExport } from '../features/account/components/data-export.tsx';
import { DeleteAccountForm } from '../features/account/components/delete-account-form.tsx';
import { EmailPreferencesForm } from '../features/account/components/email-preferences-form.tsx';
import { publicConfigQuery } from '../lib/public-config.ts';
import { useSession } from '../lib/auth.ts';

function AccountSettings({ user, onDeleted }: { user: UserView; onDeleted: () => void }) {
  const config = useQuery(publicConfigQuery);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Account Settings</h1>
        <p className="mt-2 text-slate-600">Your sign-in details, the e-mail you receive, your credits and billing, and your data.</p>
      </div>
      <ChangePasswordForm />
      <ChangeEmailForm />
      <EmailPreferencesForm user={user} />
      <CreditHistory />
      <BillingSection paymentsEnabled={config.data?.paymentsEnabled ?? false} />
      <DataExport />
      <DeleteAccountForm onDeleted={onDeleted} />
    </div>
  );
}

/**
 * /account: account settings, reached from the Profile Settings card and the /unsubscribe page. Signed-out
 * visitors sign in first; a deleted account leaves signed out, for the landing page rather than the sign-in.
 */
export function AccountPage() {
  const session = useSession();
  const [deleted, setDeleted] = useState(false);
  if (deleted) return <Navigate to="/" replace />;
  if (session.status === 'signed-out') return <Navigate to="/login" replace />;
  return (
    <PageShell>
      {session.status === 'loading' ? <PageSpinner /> : <AccountSettings user={session.user} onDeleted={() => setDeleted(true)} />}
    </PageShell>
  );
}
