import { Navigate } from '@tanstack/react-router';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { PageShell } from '../components/ui/page-shell.tsx';
import { AnalyzeSection } from '../features/analyze/components/analyze-section.tsx';
import { useSession } from '../lib/auth.ts';

/** /analyze: the same analyze area as the signed-in home (DECISIONS); signed-out visitors sign in first. */
export function AnalyzePage() {
  const session = useSession();
  if (session.status === 'signed-out') return <Navigate to="/login" replace />;
  return <PageShell>{session.status === 'loading' ? <PageSpinner /> : <AnalyzeSection />}</PageShell>;
}
