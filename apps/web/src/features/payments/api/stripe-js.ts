import type { Stripe } from '@stripe/stripe-js';

/**
 * Stripe.js for a publishable key. The loader module, and with it the script from js.stripe.com, is
 * fetched only when a page that takes a card first asks for it (the script itself is fetched once).
 */
export async function loadStripeJs(publishableKey: string): Promise<Stripe | null> {
  const { loadStripe } = await import('@stripe/stripe-js');
  return loadStripe(publishableKey);
}

export type PublishableKeyMode = 'test' | 'live' | 'unknown';

/** Whether a publishable key takes test or live payments, told by its prefix and never by showing it. */
export function publishableKeyMode(key: string): PublishableKeyMode {
  if (key.startsWith('pk_test_')) return 'test';
  if (key.startsWith('pk_live_')) return 'live';
  return 'unknown';
}
