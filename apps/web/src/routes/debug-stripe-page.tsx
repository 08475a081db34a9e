import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card } from '../components/ui/card.tsx';
import { PageShell } from '../components/ui/page-shell.tsx';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { publicConfigQuery } from '../lib/public-config.ts';
import { loadStripeJs, publishableKeyMode } from '../features/payments/api/stripe-js.ts';

type LoadState = { status: 'idle' | 'loading' | 'loaded' } | { status: 'failed'; message: string };

const modeLabels = { test: 'test mode', live: 'live mode', unknown: 'mode not recognised' } as const;

/** Loads Stripe.js for a key and tells how that went. */
function useStripeJsLoad(key: string | null): LoadState {
  const [state, setState] = useState<LoadState>({ status: 'idle' });
  useEffect(() => {
    if (!key) return;
    let current = true;
    setState({ status: 'loading' });
    loadStripeJs(key).then(
      (stripe) => current && setState(stripe ? { status: 'loaded' } : { status: 'failed', message: 'Stripe.js answered nothing' }),
      (error: unknown) => current && setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      current = false;
    };
  }, [key]);
  return state;
}

/**
 * /debug-stripe (developer page): whether payments are on, the publishable key's mode (never the key),
 * and whether the payment library, Stripe.js, loaded.
 */
export function DebugStripePage() {
  const config = useQuery(publicConfigQuery);
  const key = config.data?.stripePublishableKey ?? null;
  const load = useStripeJsLoad(key);

  const library =
    !key ? 'Not loaded: no publishable key'
    : load.status === 'loaded' ? 'Loaded'
    : load.status === 'failed' ? `Failed to load: ${load.message}`
    : 'Loading...';
  const rows: Array<[string, string]> = [
    ['Payments enabled', config.data?.paymentsEnabled ? 'Yes' : 'No'],
    ['Publishable key', key ? `Set (${modeLabels[publishableKeyMode(key)]})` : 'Not set'],
    ['Stripe.js', library],
  ];

  return (
    <PageShell>
      <Card className="mx-auto max-w-lg p-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Payment Debugging</h1>
        {config.isPending ? (
          <PageSpinner />
        ) : (
          <dl className="mt-6 divide-y divide-slate-200 text-sm">
            {rows.map(([label, value]) => (
              <div key={label} className="flex justify-between gap-4 py-3">
                <dt className="font-medium text-slate-600">{label}</dt>
                <dd className="text-right text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
        )}
      </Card>
    </PageShell>
  );
}
