import { NOT_ADMIN_MESSAGE } from '@civicwatch/core/contracts/index.ts';
import { useEffect } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { ShieldAlert } from 'lucide-react';
import { Card } from '../../../components/ui/card.tsx';
import { MainContent } from '../../../components/ui/main-content.tsx';
import { useToast } from '../../../components/ui/toaster.tsx';

/** Long enough to read the message before the page moves on. */
export const ACCESS_DENIED_REDIRECT_MS = 1500;

const reasons = {
  'signed-out': { description: 'You must be logged in to access this page.', to: '/login' },
  'not-admin': { description: NOT_ADMIN_MESSAGE, to: '/' },
} as const;

/**
 * Access Denied (docs/product/credits-and-tiers.md "What each tier may do"): signed out goes on to /login, a signed-in non-admin to /. The toast stays
 * after the page has moved on, so the reason is still there to read.
 */
export function AccessDenied({ reason }: { reason: keyof typeof reasons }) {
  const navigate = useNavigate();
  const toast = useToast();
  const { description, to } = reasons[reason];

  useEffect(() => {
    toast({ title: 'Access Denied', description, variant: 'destructive' });
    const timer = setTimeout(() => void navigate({ to, replace: true }), ACCESS_DENIED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [description, to, navigate, toast]);

  return (
    <MainContent className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <Card className="max-w-md p-10 text-center">
        <ShieldAlert className="mx-auto size-10 text-red-700" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">Access Denied</h1>
        <p className="mt-2 text-slate-600">{description}</p>
      </Card>
    </MainContent>
  );
}
