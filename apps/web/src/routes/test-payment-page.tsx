import { useQuery } from '@tanstack/react-query';
import { Card } from '../components/ui/card.tsx';
import { PageShell } from '../components/ui/page-shell.tsx';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { publicConfigQuery } from '../lib/public-config.ts';
import { createPaymentIntent } from '../features/payments/api/create-payment-intent.ts';
import { PaymentsNotConfigured } from '../features/payments/components/checkout-payment-form.tsx';
import { DevPaymentForm } from '../features/payments/components/dev-payment-form.tsx';
import { StripeElements } from '../features/payments/components/stripe-elements.tsx';

/** docs/product/screens.md "Developer pages": the fixed test payment. */
const TEST_AMOUNT = 29;

/** /test-payment (developer page): pays $29 for Patriot through create-payment-intent and the card input. */
export function TestPaymentPage() {
  const config = useQuery(publicConfigQuery);
  const key = config.data?.paymentsEnabled ? config.data.stripePublishableKey : null;
  return (
    <PageShell>
      <Card className="mx-auto max-w-lg space-y-6 p-8">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Test Payment</h1>
          <p className="mt-2 text-sm text-slate-600">A fixed payment of ${TEST_AMOUNT} for the Patriot plan. Use a Stripe test card.</p>
        </div>
        {config.isPending ? (
          <PageSpinner />
        ) : key ? (
          <StripeElements publishableKey={key}>
            <DevPaymentForm tier="patriot" label={`Pay $${TEST_AMOUNT}`} start={() => createPaymentIntent({ amount: TEST_AMOUNT, tier: 'patriot' })} />
          </StripeElements>
        ) : (
          <PaymentsNotConfigured />
        )}
      </Card>
    </PageShell>
  );
}
