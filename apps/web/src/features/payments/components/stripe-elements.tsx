import { createContext, useContext, useId, useMemo, useState, type ReactNode } from 'react';
import { CardElement, Elements, useStripe } from '@stripe/react-stripe-js';
import type { StripeCardElementOptions } from '@stripe/stripe-js';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { loadStripeJs } from '../api/stripe-js.ts';

const LoadFailedContext = createContext(false);

/** Stripe Elements for a publishable key; Stripe.js starts loading when this mounts, not before. */
export function StripeElements({ publishableKey, children }: { publishableKey: string; children: ReactNode }) {
  const [failed, setFailed] = useState(false);
  const stripe = useMemo(
    () =>
      loadStripeJs(publishableKey).catch(() => {
        setFailed(true);
        return null;
      }),
    [publishableKey],
  );
  return (
    <LoadFailedContext.Provider value={failed}>
      <Elements stripe={stripe}>{children}</Elements>
    </LoadFailedContext.Provider>
  );
}

// The postal code is part of the billing form, so the card field does not ask for it again.
const cardOptions: StripeCardElementOptions = {
  hidePostalCode: true,
  style: {
    base: { fontSize: '16px', color: '#0f172a', '::placeholder': { color: '#94a3b8' } },
    invalid: { color: '#b91c1c' },
  },
};

/** The card input (Stripe's CardElement), with its live validation message under it. */
export function CardField() {
  const labelId = useId();
  const stripe = useStripe();
  const failed = useContext(LoadFailedContext);
  const [error, setError] = useState<string | undefined>();

  return (
    <div className="space-y-1.5">
      <span id={labelId} className="block text-sm font-medium text-slate-800">
        Card Information
      </span>
      <div role="group" aria-labelledby={labelId} className="rounded-md border border-slate-300 bg-white px-3 py-3 shadow-sm">
        <CardElement options={cardOptions} onChange={(event) => setError(event.error?.message)} />
        {!stripe && !failed && <Spinner label="Loading the card form" className="size-4" />}
      </div>
      {failed && (
        <p role="alert" className="text-sm text-red-700">
          The secure card form could not be loaded. Check your connection and reload the page.
        </p>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
