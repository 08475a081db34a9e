import { Navigate } from '@tanstack/react-router';
import type { UserView } from '@civicwatch/core/contracts/index.ts';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { PageShell } from '../components/ui/page-shell.tsx';
import { AnalyzeSection } from '../features/analyze/components/analyze-section.tsx';
import { useTierOf } from '../features/tiers/api/get-subscription-tiers.ts';
import { useSession } from '../lib/auth.ts';

/** The analyze area with the limits of the user's own tier: one component for / and /analyze (docs/product). */
export function AnalyzeArea({ user, headingLevel }: { user: UserView; headingLevel?: 1 | 2 }) {
  const tier = useTierOf(user.subscriptionTier);
  return <AnalyzeSection user={user} tier={tier} headingLevel={headingLevel} />;
}

/** /analyze: the same analyze area as the signed-in home (docs/product); signed-out visitors sign in first. */
export function AnalyzePage() {
  const session = useSession();
  if (session.status === 'signed-out') return <Navigate to="/login" replace />;
  return <PageShell>{session.status === 'loading' ? <PageSpinner /> : <AnalyzeArea user={session.user} headingLevel={1} />}</PageShell>;
}
