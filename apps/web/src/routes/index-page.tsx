import { useSession } from '../lib/auth.ts';
import { HomePage } from './home-page.tsx';
import { LandingPage } from './landing-page.tsx';

/** "/": the landing page when signed out or while loading, the home for a signed-in user (spec §2). */
export function IndexPage() {
  const session = useSession();
  return session.status === 'signed-in' ? <HomePage user={session.user} /> : <LandingPage />;
}
