import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useSearch } from '@tanstack/react-router';
import { ArrowLeft, BadgeCheck, CalendarX, Lock, ReceiptText } from 'lucide-react';
import { normalizeTierId } from '@civicwatch/core/contracts/index.ts';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { PageShell } from '../components/ui/page-shell.tsx';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { publicConfigQuery } from '../lib/public-config.ts';
import { VerifyEmailNotice } from '../features/account/components/verify-email-notice.tsx';
import { CheckoutPaymentForm, PaymentsNotConfigured } from '../features/payments/components/checkout-payment-form.tsx';
import { DiscountPricingSummary, OrderSummary } from '../features/payments/components/order-summary.tsx';
import { StripeElements } from '../features/payments/components/stripe-elements.tsx';
import { priceOrder, type PaidTierId } from '../features/payments/utils/order.ts';
import type { AppliedPromo } from '../features/promo/api/validate-promo.ts';
import { CheckoutPromoBox } from '../features/promo/components/checkout-promo-box.tsx';
import { FALLBACK_TIERS, subscriptionTiersQuery } from '../features/tiers/api/get-subscription-tiers.ts';
import { useSession } from '../lib/auth.ts';

/** docs/product/credits-and-tiers.md "Tiers": the price defaults to 29 for Patriot and 99 otherwise. */
const defaultPrice = (tier: PaidTierId) => (tier === 'patriot' ? 29 : 99);

const footerNotes = [
  { icon: Lock, text: 'Your payment is secure and encrypted.' },
  { icon: CalendarX, text: 'Cancel anytime.' },
  { icon: ReceiptText, text: 'No hidden fees.' },
  { icon: BadgeCheck, text: '30-day money-back guarantee.' },
];

/**
 * /checkout?tier={tier}&price={price} (docs/product/screens.md "Checkout"): needs a session. The tier defaults to Patriot; the price
 * shown and charged is the server's own for the tier when the tiers call answers (the server refuses any
 * other), otherwise the query's price or its default. Stripe.js loads only here and on the developer pages;
 * where the server sends e-mail, only for an account whose address is verified (the server refuses the
 * others, ADR 0008; without a mail server no link could arrive, so it asks for none).
 */
export function CheckoutPage() {
  const session = useSession();
  const search = useSearch({ strict: false });
  const config = useQuery(publicConfigQuery);
  const tiers = useQuery(subscriptionTiersQuery);
  const [promo, setPromo] = useState<AppliedPromo | null>(null);

  if (session.status === 'signed-out') return <Navigate to="/login" replace />;
  const requested = search.tier === undefined ? 'patriot' : (normalizeTierId(search.tier) ?? 'patriot');
  // The free plan has nothing to pay for: choose a plan again.
  if (requested === 'citizen') return <Navigate to="/subscribe" replace />;
  if (session.status === 'loading' || config.isPending || tiers.isPending) {
    return (
      <PageShell>
        <PageSpinner />
      </PageShell>
    );
  }

  const serverTier = tiers.data?.find((tier) => tier.id === requested);
  const tier = serverTier ?? FALLBACK_TIERS.find((fallback) => fallback.id === requested) ?? FALLBACK_TIERS[1]!;
  const price = serverTier ? Number(serverTier.price) : (search.price ?? defaultPrice(requested));
  const order = priceOrder(requested, tier.name, price, promo);
  const publishableKey = config.data?.paymentsEnabled ? config.data.stripePublishableKey : null;

  return (
    <PageShell>
      <Link to="/subscribe" className="inline-flex items-center gap-1 text-sm font-medium text-blue-900 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to Plans
      </Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">Complete Your Subscription</h1>
      <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-2">
        <div className="space-y-6">
          <OrderSummary order={order} tier={tier} promoCredits={promo?.type === 'credits' ? promo.credits : undefined} />
          {publishableKey && <CheckoutPromoBox applied={promo} onApplied={setPromo} />}
          {promo?.type === 'discount' && <DiscountPricingSummary order={order} discountPercent={promo.discountPercent} />}
        </div>
        <Card>
          <CardHeader>
            <CardTitle>Payment</CardTitle>
          </CardHeader>
          <CardContent>
            {!publishableKey ? (
              <PaymentsNotConfigured />
            ) : config.data?.verifiedEmailRequired && !session.user.emailVerified ? (
              <VerifyEmailNotice email={session.user.email} title="Please verify your e-mail address before subscribing." />
            ) : (
              <StripeElements publishableKey={publishableKey}>
                <CheckoutPaymentForm order={order} user={session.user} />
              </StripeElements>
            )}
          </CardContent>
        </Card>
      </div>
      <ul className="mt-8 grid grid-cols-1 gap-3 text-sm text-slate-600 sm:grid-cols-2 lg:grid-cols-4">
        {footerNotes.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-center gap-2">
            <Icon className="size-4 shrink-0 text-emerald-700" aria-hidden="true" />
            {text}
          </li>
        ))}
      </ul>
    </PageShell>
  );
}
