import { Navigate } from '@tanstack/react-router';
import { PageShell } from '../components/ui/page-shell.tsx';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { CompareSection } from '../features/analyze/components/compare-section.tsx';
import { useTierOf } from '../features/tiers/api/get-subscription-tiers.ts';
import { useSession } from '../lib/auth.ts';
import type { UserView } from '@civicwatch/core/contracts/index.ts';

function CompareArea({ user }: { user: UserView }) {
  const tier = useTierOf(user.subscriptionTier);
  return <CompareSection user={user} tier={tier} />;
}

/** /compare: two versions of a document, and what changed between them (issue 17); signed-out visitors sign in first. */
export function ComparePage() {
  const session = useSession();
  if (session.status === 'signed-out') return <Navigate to="/login" replace />;
  return <PageShell>{session.status === 'loading' ? <PageSpinner /> : <CompareArea user={session.user} />}</PageShell>;
}
