import { Navigate } from '@tanstack/react-router';
import { PageShell } from '../components/ui/page-shell.tsx';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { AnalysisHistory } from '../features/analyze/components/analysis-history.tsx';
import { useSession } from '../lib/auth.ts';

/** /history: the signed-in user's past analyses; signed-out visitors sign in first. */
export function HistoryPage() {
  const session = useSession();
  if (session.status === 'signed-out') return <Navigate to="/login" replace />;
  return <PageShell>{session.status === 'loading' ? <PageSpinner /> : <AnalysisHistory />}</PageShell>;
}
