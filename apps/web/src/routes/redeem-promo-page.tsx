import { Link } from '@tanstack/react-router';
import { ArrowLeft, Gift } from 'lucide-react';
import { buttonClasses } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { PageShell } from '../components/ui/page-shell.tsx';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { RedeemPromoCard } from '../features/promo/components/redeem-promo-card.tsx';
import { useSession } from '../lib/auth.ts';

/** /redeem-promo: redeeming needs a session; signed-out visitors are offered both ways in (docs/product/screens.md "Redeem a promo code"). */
export function RedeemPromoPage() {
  const session = useSession();
  return (
    <PageShell>
      {session.status === 'loading' && <PageSpinner />}
      {session.status === 'signed-out' && (
        <Card className="mx-auto max-w-lg p-10 text-center">
          <Gift className="mx-auto size-10 text-blue-900" aria-hidden="true" />
          <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">Redeem Promo Code</h1>
          <p className="mt-3 text-slate-600">Sign in to redeem a promo code and add free credits to your account.</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link to="/login" className={buttonClasses('primary')}>
              Login to Continue
            </Link>
            <Link to="/signup" className={buttonClasses('outline')}>
              Create Account
            </Link>
          </div>
        </Card>
      )}
      {session.status === 'signed-in' && (
        <div className="space-y-4">
          <Link to="/" className="inline-flex items-center gap-1 text-sm font-medium text-blue-900 hover:underline">
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back to Dashboard
          </Link>
          <RedeemPromoCard user={session.user} />
        </div>
      )}
    </PageShell>
  );
}
