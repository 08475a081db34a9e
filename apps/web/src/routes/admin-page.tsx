import { useEffect } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { useToast } from '../components/ui/toaster.tsx';
import { useSession } from '../lib/auth.ts';
import { ComingSoonPage } from './coming-soon-page.tsx';

/**
 * /admin. The gate mirrors the server's (DECISIONS): signed out goes to /login, a signed-in non-admin
 * to /, each with the spec's Access Denied toast, and no admin call is made for them.
 */
export function AdminPage() {
  const session = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const deniedTo =
    session.status === 'signed-out' ? '/login' : session.status === 'signed-in' && !session.user.isAdmin ? '/' : null;

  useEffect(() => {
    if (deniedTo === null) return;
    const description = deniedTo === '/login' ? 'You must be logged in to access this page.' : "You don't have admin permissions.";
    toast({ title: 'Access Denied', description, variant: 'destructive' });
    void navigate({ to: deniedTo, replace: true });
  }, [deniedTo, navigate, toast]);

  if (session.status !== 'signed-in' || !session.user.isAdmin) return <PageSpinner />;
  return (
    <ComingSoonPage
      title="Administration"
      description="Prompt editing, user management, promo codes, refunds and system statistics will be managed here."
    />
  );
}
