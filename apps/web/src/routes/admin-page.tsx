import { useEffect, useState } from 'react';
import { MainContent } from '../components/ui/main-content.tsx';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { AccessDenied } from '../features/admin/components/access-denied.tsx';
import { AdminHeader } from '../features/admin/components/admin-header.tsx';
import { AuditLog } from '../features/admin/components/audit-log.tsx';
import { OutboxSection } from '../features/admin/components/outbox-section.tsx';
import { PromoCodesSection } from '../features/admin/components/promo-codes-section.tsx';
import { PromptEditor } from '../features/admin/components/prompt-editor.tsx';
import { SystemStats } from '../features/admin/components/system-stats.tsx';
import { TierEditor } from '../features/admin/components/tier-editor.tsx';
import { UserOverview } from '../features/admin/components/user-overview.tsx';
import { useSession } from '../lib/auth.ts';

/**
 * /admin. The gate mirrors the server's (docs/product/administration.md "Who is an administrator"): only an administrator sees the panel,
 * and only then are admin calls made. A visitor who arrives signed out or without the role is turned away.
 * Once the panel has shown, losing the session (Logout, or a 401/403 that the shared cache answers by
 * going to /login) is not a denial: the page is already on its way elsewhere.
 */
export function AdminPage() {
  const session = useSession();
  const isAdmin = session.status === 'signed-in' && session.user.isAdmin;
  const [admitted, setAdmitted] = useState(false);
  useEffect(() => {
    if (isAdmin) setAdmitted(true);
  }, [isAdmin]);

  if (isAdmin) {
    return (
      <div className="min-h-screen bg-slate-50">
        <AdminHeader />
        <MainContent className="mx-auto max-w-7xl space-y-8 px-4 py-10 sm:px-6 lg:px-8">
          <div>
            <h1 className="text-3xl font-bold tracking-tight text-slate-900">Admin Panel</h1>
            <p className="mt-2 text-slate-600">Prompts, users, promo codes, plans, the record of every change and the e-mail outbox.</p>
          </div>
          <SystemStats />
          <PromptEditor />
          <UserOverview />
          <PromoCodesSection />
          <TierEditor />
          <AuditLog />
          <OutboxSection />
        </MainContent>
      </div>
    );
  }
  if (session.status === 'loading' || admitted) return <PageSpinner />;
  return <AccessDenied reason={session.status === 'signed-out' ? 'signed-out' : 'not-admin'} />;
}
