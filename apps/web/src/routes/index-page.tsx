import { Suspense } from 'react';
import { useSession } from '../lib/auth.ts';
import { LandingPage } from './landing-page.tsx';
import { lazyPage } from './lazy-page.ts';

/** The signed-in home's own chunk: a signed-out visitor of / never downloads it. */
const HomePage = lazyPage(() => import('./home-page.tsx'), 'HomePage');

/** "/": the landing page when signed out or while loading, the home for a signed-in user (docs/product/screens.md "Routes"). */
export function IndexPage() {
  const session = useSession();
  if (session.status !== 'signed-in') return <LandingPage />;
  // The home's code is still loading: the landing page stays, as it does while the session loads.
  return (
    <Suspense fallback={<LandingPage />}>
      <HomePage user={session.user} />
    </Suspense>
  );
}
