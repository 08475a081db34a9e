import { Link } from '@tanstack/react-router';
import { FileStack, Headset, Scale, type LucideIcon } from 'lucide-react';
import type { SubscriptionTierView } from '@civicwatch/core/contracts/index.ts';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { PageShell } from '../components/ui/page-shell.tsx';
import { PricingGrid } from '../features/tiers/components/pricing-section.tsx';
import { useSession, type SessionState } from '../lib/auth.ts';
import { tierDisplayName } from '../lib/format.ts';

const benefits: Array<{ title: string; text: string; icon: LucideIcon }> = [
  { title: 'Advanced Analysis', icon: Scale, text: 'State-level constitutional analysis and custom oversight prompts for the documents you care about.' },
  { title: 'More Documents', icon: FileStack, text: 'More analysis credits every month and room for longer documents.' },
  { title: 'Priority Support', icon: Headset, text: 'Priority processing for your documents and e-mail support when you need it.' },
];

/**
 * A plan's button (docs/product/screens.md "Plans"): the current plan is disabled and reads Current Plan;
 * Citizen's Get Started goes to /signup (home when signed in); paid plans go to /checkout with tier and price.
 */
function PlanAction({ tier, session }: { tier: SubscriptionTierView; session: SessionState }) {
  const signedIn = session.status === 'signed-in';
  if (signedIn && session.user.subscriptionTier === tier.id) {
    return (
      <Button size="lg" variant="outline" className="w-full" disabled>
        Current Plan
      </Button>
    );
  }
  if (tier.id === 'citizen') {
    return (
      <Link to={signedIn ? '/' : '/signup'} className={buttonClasses('outline', 'lg', 'w-full')}>
        Get Started
      </Link>
    );
  }
  return (
    <Link
      to="/checkout"
      search={{ tier: tier.id, price: Number(tier.price) }}
      className={buttonClasses(tier.id === 'patriot' ? 'primary' : 'outline', 'lg', 'w-full')}
    >
      {signedIn ? `Upgrade to ${tier.name}` : `Sign up for ${tier.name}`}
    </Link>
  );
}

/** /subscribe: plan selection (docs/product/screens.md "Plans"), public; every upgrade button of the app leads here. */
export function SubscribePage() {
  const session = useSession();
  return (
    <PageShell>
      <div className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Upgrade Your Watchdog Powers</h1>
        <p className="mt-4 text-lg text-slate-600">
          State-level constitutional analysis, custom oversight and larger documents, for citizens who keep watch.
        </p>
        {session.status === 'signed-in' && (
          <p className="mt-6 inline-flex flex-wrap justify-center gap-x-4 rounded-full bg-blue-50 px-4 py-2 text-sm text-blue-950" data-testid="current-plan">
            <span>
              Current plan: <strong>{tierDisplayName(session.user.subscriptionTier)}</strong>
            </span>
            <span>
              Credits: <strong>{session.user.credits}</strong>
            </span>
          </p>
        )}
      </div>

      <div className="mt-14">
        <PricingGrid headingLevel={2} action={(tier) => <PlanAction tier={tier} session={session} />} />
      </div>

      <div className="mt-16 grid grid-cols-1 gap-6 md:grid-cols-3">
        {benefits.map(({ title, text, icon: Icon }) => (
          <Card key={title} className="p-6">
            <Icon className="size-6 text-blue-900" aria-hidden="true" />
            <h2 className="mt-3 font-semibold text-slate-900">{title}</h2>
            <p className="mt-2 text-sm text-slate-600">{text}</p>
          </Card>
        ))}
      </div>
      <p className="mt-10 text-center text-sm text-slate-500">Subscriptions renew monthly and can be cancelled at any time.</p>
    </PageShell>
  );
}
