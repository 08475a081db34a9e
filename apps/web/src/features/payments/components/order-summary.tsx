import { Check } from 'lucide-react';
import type { SubscriptionTierView } from '@civicwatch/core/contracts/index.ts';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { dollars } from '../../../lib/format.ts';
import type { Order } from '../utils/order.ts';

/** The plan being bought and what is due today (docs/product/screens.md "Checkout"). */
export function OrderSummary({ order, tier, promoCredits }: { order: Order; tier: SubscriptionTierView; promoCredits?: number | undefined }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Order Summary</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex items-baseline justify-between gap-4">
          <p className="font-semibold text-slate-900">{order.tierName} Plan</p>
          <p className="text-slate-900">
            <span className="text-2xl font-bold">{dollars(order.price)}</span>
            <span className="text-sm text-slate-500">/month</span>
          </p>
        </div>
        <p className="text-sm font-medium text-blue-900">{tier.credits} analysis credits every month</p>
        {tier.features.length > 0 && (
          <ul className="space-y-2 text-sm text-slate-700">
            {tier.features.map((feature) => (
              <li key={feature} className="flex gap-2">
                <Check className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
                <span>{feature}</span>
              </li>
            ))}
          </ul>
        )}
        {promoCredits !== undefined && promoCredits > 0 && (
          <p className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900">+{promoCredits} free credits after payment</p>
        )}
        <div className="flex items-baseline justify-between border-t border-slate-200 pt-4">
          <p className="font-semibold text-slate-900">Due today</p>
          <p className="text-xl font-bold text-slate-900" data-testid="amount-due">
            {dollars(order.amount)}
          </p>
        </div>
      </CardContent>
    </Card>
  );
}

/** For a discount code (docs/product/credits-and-tiers.md "Tiers"): the first month is discounted, rounded to whole dollars; renewals cost the full price. */
export function DiscountPricingSummary({ order, discountPercent }: { order: Order; discountPercent: number }) {
  const rows: Array<[string, string]> = [
    ['Original price', `${dollars(order.price)}/month`],
    [`Discount (${discountPercent}% off)`, `-${dollars(order.price - order.amount)}`],
    ['First month', dollars(order.amount)],
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Pricing Summary</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="space-y-2 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4">
              <dt className="text-slate-600">{label}</dt>
              <dd className="font-medium text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-4 border-t border-slate-200 pt-3 text-sm text-slate-600">
          Renews at the full price of {dollars(order.price)}/month after the first month.
        </p>
      </CardContent>
    </Card>
  );
}
