import { Link, useSearch } from '@tanstack/react-router';
import { Check, CircleCheck, Coins } from 'lucide-react';
import { normalizeTierId, type TierId } from '@civicwatch/core/contracts/index.ts';
import { buttonClasses } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { PageShell } from '../components/ui/page-shell.tsx';
import { useTierOf } from '../features/tiers/api/get-subscription-tiers.ts';
import { tierDisplayName } from '../lib/format.ts';

/** docs/product/credits-and-tiers.md "Tiers", used until the tier data answers: Patriot 5, Defender 50, anything else 5. */
const defaultCredits = (tier: TierId) => (tier === 'defender' ? 50 : 5);

const getStarted = [
  'Upload a government document or paste its text.',
  'Choose a Summary, a Constitutional Check or a Custom Watchdog analysis.',
  'Export, share and keep track of your reports.',
];

/**
 * /payment-success?tier=...&upgraded=... (docs/product/screens.md "Payment success"). `upgraded` is absent when the card was charged but
 * the confirmation call failed: the plan and credits then follow from Stripe's webhook.
 */
export function PaymentSuccessPage() {
  const search = useSearch({ strict: false });
  const known = normalizeTierId(search.tier);
  // An unknown tier reads as the default plan, Patriot (docs/product/screens.md "Payment success").
  const tierId: TierId = known && known !== 'citizen' ? known : 'patriot';
  const tier = useTierOf(tierId);
  const credits = tier?.credits ?? defaultCredits(tierId);
  const name = tier?.name ?? tierDisplayName(tierId);
  const included = [`${credits} analysis credits every month`, 'Advanced constitutional analysis', 'Priority document processing', 'Email support'];

  return (
    <PageShell>
      <Card className="mx-auto max-w-2xl p-8 sm:p-10">
        <div className="text-center">
          <CircleCheck className="mx-auto size-14 text-emerald-600" aria-hidden="true" />
          <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">Payment Successful!</h1>
          <p className="mt-3 text-lg text-slate-700">Welcome to the {name} tier!</p>
          {!search.upgraded && (
            <p className="mt-2 text-sm text-slate-600">Your payment went through. Your plan and credits will appear on your dashboard shortly.</p>
          )}
        </div>

        <div className="mt-8 flex items-center justify-center gap-3 rounded-lg bg-blue-50 p-4 text-blue-950">
          <Coins className="size-6 shrink-0" aria-hidden="true" />
          <p>
            <strong className="text-2xl" data-testid="credits-granted">
              {credits}
            </strong>{' '}
            analysis credits {search.upgraded ? 'have been added to your account' : 'are on their way to your account'}
          </p>
        </div>

        <div className="mt-8 grid grid-cols-1 gap-8 sm:grid-cols-2">
          <section aria-labelledby="included-heading">
            <h2 id="included-heading" className="font-semibold text-slate-900">
              What's included
            </h2>
            <ul className="mt-3 space-y-2 text-sm text-slate-700">
              {included.map((item) => (
                <li key={item} className="flex gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
                  {item}
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="get-started-heading">
            <h2 id="get-started-heading" className="font-semibold text-slate-900">
              Get started
            </h2>
            <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm text-slate-700">
              {getStarted.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </section>
        </div>

        <div className="mt-10 text-center">
          <Link to="/" className={buttonClasses('primary', 'lg')}>
            Go to Dashboard
          </Link>
          <p className="mt-6 text-sm text-slate-500">
            Questions about your subscription? Contact our support team and we will be glad to help.
          </p>
        </div>
      </Card>
    </PageShell>
  );
}
