import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { aDashboard, aUser, unauthorized } from '../test/builders.ts';
import { fakeStripe, loadStripe, resetFakeStripe } from '../test/fake-stripe.ts';
import { renderApp } from '../test/render-app.tsx';
import { server } from '../test/server.ts';

vi.mock('@stripe/stripe-js', () => import('../test/fake-stripe.ts'));

const LIVE_KEY = 'pk_live_51SecretLookingKey';
const TEST_KEY = 'pk_test_51AnotherKey';

function devServer(key: string | null) {
  const user = aUser();
  server.use(
    http.get('/api/config', () =>
      HttpResponse.json({ productName: 'CivicWatch', paymentsEnabled: key !== null, stripePublishableKey: key, verifiedEmailRequired: key !== null, devPagesEnabled: true, analyzer: 'embedded' }),
    ),
    http.get('/api/user', () => HttpResponse.json(user)),
    http.get('/api/dashboard', () => HttpResponse.json(aDashboard({ user }))),
  );
}

function recordPosts(path: string, answer: () => Response) {
  const bodies: unknown[] = [];
  server.use(
    http.post(path, async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

beforeEach(() => resetFakeStripe());

describe('developer pages', () => {
  it('/test-payment pays the fixed $29 for Patriot with the card', async () => {
    devServer(TEST_KEY);
    const intents = recordPosts('/api/create-payment-intent', () =>
      HttpResponse.json({ clientSecret: 'pi_test_123_secret', subscriptionId: 'sub_1', amount: 29, paid: false }),
    );
    const reports = recordPosts('/api/payment-success', () => HttpResponse.json({ credits: 6, tier: 'patriot', creditsGranted: 5 }));
    const { user } = renderApp('/test-payment');
    expect(await screen.findByRole('heading', { name: 'Test Payment' })).toBeInTheDocument();
    await screen.findByLabelText('Card number');

    await user.click(screen.getByRole('button', { name: 'Pay $29' }));

    expect(await screen.findByText(/Payment pi_test_123 succeeded: 5 credits granted, balance 6/)).toBeInTheDocument();
    expect(intents).toEqual([{ amount: 29, tier: 'patriot' }]);
    expect(fakeStripe.confirmCardPayment).toHaveBeenCalledWith('pi_test_123_secret', expect.objectContaining({ payment_method: expect.anything() }));
    expect(reports).toEqual([{ payment_intent_id: 'pi_test_123', tier: 'patriot' }]);
  });

  it('/test-payment goes to /login on a 401', async () => {
    devServer(TEST_KEY);
    recordPosts('/api/create-payment-intent', () => HttpResponse.json(unauthorized, { status: 401 }));
    const { user, app } = renderApp('/test-payment');
    await screen.findByLabelText('Card number');

    await user.click(screen.getByRole('button', { name: 'Pay $29' }));

    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'));
  });

  it('/simple-payment subscribes to the chosen tier through create-subscription', async () => {
    devServer(TEST_KEY);
    const subscriptions = recordPosts('/api/create-subscription', () =>
      HttpResponse.json({ clientSecret: 'pi_test_999_secret', subscriptionId: 'sub_2', amount: 99, paid: false }),
    );
    recordPosts('/api/payment-success', () => HttpResponse.json({ credits: 51, tier: 'defender', creditsGranted: 50 }));
    const { user } = renderApp('/simple-payment');
    await screen.findByLabelText('Card number');

    await user.selectOptions(screen.getByLabelText('Plan'), 'defender');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    expect(await screen.findByText(/succeeded: 50 credits granted, balance 51/)).toBeInTheDocument();
    expect(subscriptions).toEqual([{ tier: 'defender' }]);
    expect(fakeStripe.confirmCardPayment).toHaveBeenCalledWith('pi_test_999_secret', expect.anything());
  });

  it("/debug-stripe says whether Stripe.js loaded and the key's mode, never the key", async () => {
    devServer(LIVE_KEY);
    renderApp('/debug-stripe');

    expect(await screen.findByText('Loaded')).toBeInTheDocument();
    expect(screen.getByText('Set (live mode)')).toBeInTheDocument();
    expect(loadStripe).toHaveBeenCalledWith(LIVE_KEY);
    expect(document.body.textContent).not.toContain(LIVE_KEY);
  });

  it('/debug-stripe tells when Stripe.js failed to load', async () => {
    devServer(TEST_KEY);
    loadStripe.mockRejectedValue(new Error('Failed to load Stripe.js'));
    renderApp('/debug-stripe');

    expect(await screen.findByText('Failed to load: Failed to load Stripe.js')).toBeInTheDocument();
    expect(screen.getByText('Set (test mode)')).toBeInTheDocument();
  });

  it('loads no Stripe.js on pages that take no card', async () => {
    devServer(TEST_KEY);
    renderApp('/subscribe');
    expect(await screen.findByRole('heading', { name: 'Upgrade Your Watchdog Powers' })).toBeInTheDocument();
    expect(loadStripe).not.toHaveBeenCalled();
  });
});
