import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card } from '../components/ui/card.tsx';
import { SelectField } from '../components/ui/form-field.tsx';
import { PageShell } from '../components/ui/page-shell.tsx';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { publicConfigQuery } from '../lib/public-config.ts';
import { createSubscription } from '../features/payments/api/create-payment-intent.ts';
import { PaymentsNotConfigured } from '../features/payments/components/checkout-payment-form.tsx';
import { DevPaymentForm } from '../features/payments/components/dev-payment-form.tsx';
import { StripeElements } from '../features/payments/components/stripe-elements.tsx';
import type { PaidTierId } from '../features/payments/utils/order.ts';

const tierOptions = [
  { value: 'patriot', label: 'Patriot' },
  { value: 'defender', label: 'Defender' },
];

/** /simple-payment (developer page): a tier at full price through POST /api/create-subscription and the card input. */
export function SimplePaymentPage() {
  const config = useQuery(publicConfigQuery);
  const [tier, setTier] = useState<PaidTierId>('patriot');
  const key = config.data?.paymentsEnabled ? config.data.stripePublishableKey : null;
  return (
    <PageShell>
      <Card className="mx-auto max-w-lg space-y-6 p-8">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Simple Payment</h1>
          <p className="mt-2 text-sm text-slate-600">Subscribes to a plan at its full price. Use a Stripe test card.</p>
        </div>
        {config.isPending ? (
          <PageSpinner />
        ) : key ? (
          <StripeElements publishableKey={key}>
            <div className="space-y-4">
              <SelectField label="Plan" options={tierOptions} value={tier} onChange={(event) => setTier(event.target.value as PaidTierId)} />
              <DevPaymentForm tier={tier} label="Subscribe" start={() => createSubscription(tier)} />
            </div>
          </StripeElements>
        ) : (
          <PaymentsNotConfigured />
        )}
      </Card>
    </PageShell>
  );
}
