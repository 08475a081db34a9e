import type { ReactNode } from 'react';
import { Check } from 'lucide-react';
import { plural, type SubscriptionTierView } from '@civicwatch/core/contracts/index.ts';
import { cn } from '../../../lib/cn.ts';
import { useSubscriptionTiers } from '../api/get-subscription-tiers.ts';

function PricingCard({ tier, action, headingLevel }: { tier: SubscriptionTierView; action: ReactNode; headingLevel: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const popular = tier.id === 'patriot';
  const paid = Number(tier.price) > 0;
  return (
    <article
      aria-label={`${tier.name} plan`}
      className={cn(
        'relative flex flex-col rounded-2xl border bg-white p-8 shadow-sm',
        popular ? 'border-blue-900 ring-2 ring-blue-900 lg:scale-[1.03]' : 'border-slate-200',
      )}
    >
      {popular && (
        <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-red-700 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-white">
          Most Popular
        </span>
      )}
      <Heading className="text-xl font-bold text-slate-900">{tier.name}</Heading>
      <p className="mt-4 flex items-baseline gap-1">
        <span className="text-4xl font-extrabold tracking-tight text-slate-900">${tier.price}</span>
        <span className="text-sm text-slate-500">{paid ? 'per month' : 'free forever'}</span>
      </p>
      <p className="mt-2 text-sm font-medium text-blue-900">
        {plural(tier.credits, 'analysis credit')} {paid ? 'every month' : 'to start'}
      </p>
      <p className="mt-1 text-sm text-slate-600">
        Up to {plural(tier.maxPages, 'PDF page')} or {plural(tier.maxCharacters, 'character')} per document
      </p>
      <ul className="mt-6 flex-1 space-y-3 text-sm text-slate-700">
        {tier.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <div className="mt-8">{action}</div>
    </article>
  );
}

/**
 * The three pricing cards, from GET /api/subscription-tiers or its built-in fallback. Each plan's name is a
 * heading one level under the heading above the grid: 3 under the landing page's h2, 2 under /subscribe's h1.
 */
export function PricingGrid({ action, headingLevel = 3 }: { action: (tier: SubscriptionTierView) => ReactNode; headingLevel?: 2 | 3 }) {
  const state = useSubscriptionTiers();
  if (state.status === 'loading') {
    return (
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-3" role="status" aria-busy="true" aria-label="Loading plans">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-96 animate-pulse rounded-2xl border border-slate-200 bg-white" />
        ))}
      </div>
    );
  }
  return (
    <div className="grid grid-cols-1 items-stretch gap-8 lg:grid-cols-3">
      {state.tiers.map((tier) => (
        <PricingCard key={tier.id} tier={tier} action={action(tier)} headingLevel={headingLevel} />
      ))}
    </div>
  );
}
