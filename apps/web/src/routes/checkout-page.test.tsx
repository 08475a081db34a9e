import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { aDashboard, aTier, aUser, unauthorized } from '../test/builders.ts';
import { fakeCard, fakeStripe, loadStripe, resetFakeStripe } from '../test/fake-stripe.ts';
import { renderApp } from '../test/render-app.tsx';
import { server } from '../test/server.ts';

vi.mock('@stripe/stripe-js', () => import('../test/fake-stripe.ts'));

const PUBLISHABLE_KEY = 'pk_test_51checkout';

function signedIn(user = aUser()) {
  let userCalls = 0;
  server.use(
    http.get('/api/user', () => {
      userCalls += 1;
      return HttpResponse.json(user);
    }),
    http.get('/api/dashboard', () => HttpResponse.json(aDashboard({ user }))),
  );
  return { userCalls: () => userCalls };
}

/** `mailServer`: the server sends e-mail (SMTP_URL), so checkout asks for a verified address. */
function payments(enabled: boolean, { mailServer = true } = {}) {
  server.use(
    http.get('/api/config', () =>
      HttpResponse.json({
        productName: 'CivicWatch',
        paymentsEnabled: enabled,
        stripePublishableKey: enabled ? PUBLISHABLE_KEY : null,
        verifiedEmailRequired: mailServer,
        devPagesEnabled: false,
        analyzer: 'embedded',
      }),
    ),
  );
}

/** Records each body sent to a POST path and answers with `answer`. */
function recordPosts(path: string, answer: () => Response | Promise<Response>) {
  const bodies: unknown[] = [];
  server.use(
    http.post(path, async ({ request }) => {
      bodies.push(await request.json().catch(() => undefined));
      return answer();
    }),
  );
  return bodies;
}

const intentAnswer = { clientSecret: 'pi_test_123_secret_abc', subscriptionId: 'sub_1', amount: 29, paid: false };

async function openCheckout(path = '/checkout') {
  const rendered = renderApp(path);
  expect(await screen.findByRole('heading', { name: 'Complete Your Subscription' })).toBeInTheDocument();
  return rendered;
}

async function fillBilling(user: ReturnType<typeof renderApp>['user']) {
  await user.type(screen.getByLabelText('Address'), '1 Main St');
  await user.type(screen.getByLabelText('City'), 'Springfield');
  await user.type(screen.getByLabelText('State'), 'IL');
  await user.type(screen.getByLabelText('ZIP Code'), '62701');
}

async function applyPromo(user: ReturnType<typeof renderApp>['user'], typed: string) {
  await user.type(screen.getByLabelText('Promo Code'), typed);
  await user.click(screen.getByRole('button', { name: 'Apply' }));
}

beforeEach(() => resetFakeStripe());
afterEach(() => vi.useRealTimers());

describe('/checkout', () => {
  it('sends a signed-out visitor to /login', async () => {
    const { app } = renderApp('/checkout?tier=patriot&price=29');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'));
  });

  it('asks an account whose e-mail is not verified to verify it first, with a resend button, and loads no card form', async () => {
    signedIn(aUser({ email: 'rosa@example.org', emailVerified: false }));
    payments(true);
    const resent = recordPosts('/api/email/verification', () =>
      HttpResponse.json({ message: 'We have sent a new verification link to rosa@example.org. It works for 24 hours.' }, { status: 202 }));
    const { user } = await openCheckout();

    expect(screen.getByText('Please verify your e-mail address before subscribing.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Subscribe for/ })).not.toBeInTheDocument();
    expect(loadStripe).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Resend verification e-mail' }));
    expect(await screen.findByText('We have sent a new verification link to rosa@example.org. It works for 24 hours.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verification e-mail sent' })).toBeDisabled();
    expect(resent).toHaveLength(1);
  });

  it('takes the card of an unverified account where the server sends no e-mail: no link could reach it', async () => {
    signedIn(aUser({ email: 'rosa@example.org', emailVerified: false }));
    payments(true, { mailServer: false });
    await openCheckout();

    expect(await screen.findByLabelText('Card number')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe for $29' })).toBeEnabled();
    expect(screen.queryByText('Please verify your e-mail address before subscribing.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend verification e-mail' })).not.toBeInTheDocument();
  });

  it('shows a spinner until its data is in, then defaults to Patriot at $29', async () => {
    signedIn();
    payments(true);
    let releaseTiers!: () => void;
    const tiersGate = new Promise<void>((resolve) => (releaseTiers = resolve));
    server.use(
      http.get('/api/subscription-tiers', async () => {
        await tiersGate;
        return HttpResponse.json([]);
      }),
    );
    renderApp('/checkout');
    expect(await screen.findByText('Loading')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Complete Your Subscription' })).not.toBeInTheDocument();
    releaseTiers();
    expect(await screen.findByRole('heading', { name: 'Complete Your Subscription' })).toBeInTheDocument();

    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
    expect(screen.getByText('Patriot Plan')).toBeInTheDocument();
    expect(screen.getByTestId('amount-due')).toHaveTextContent('$29');
    expect(screen.getByRole('link', { name: 'Back to Plans' })).toHaveAttribute('href', '/subscribe');
    for (const note of ['Your payment is secure and encrypted.', 'Cancel anytime.', 'No hidden fees.', '30-day money-back guarantee.']) {
      expect(screen.getByText(note)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Full Name')).toHaveValue('Ada Lovelace');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.org');
    const country = screen.getByLabelText('Country');
    expect(country).toHaveValue('US');
    expect(within(country).getAllByRole('option').map((o) => o.getAttribute('value'))).toEqual(['US', 'CA', 'GB', 'AU']);
    // Stripe's CardElement, mounted by Stripe.js loaded for this server's key.
    expect(await screen.findByLabelText('Card number')).toBeInTheDocument();
    expect(loadStripe).toHaveBeenCalledWith(PUBLISHABLE_KEY);
    expect(fakeStripe.elements).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Subscribe for $29' })).toBeEnabled();
  });

  it('prices Defender at $99 by default, at the query price otherwise, and at the server price when the tiers call answers', async () => {
    signedIn();
    payments(true);
    const first = await openCheckout('/checkout?tier=Defender');
    expect(screen.getByText('Defender Plan')).toBeInTheDocument();
    expect(screen.getByTestId('amount-due')).toHaveTextContent('$99');
    first.app.router.history.push('/checkout?tier=defender&price=79');
    await waitFor(() => expect(screen.getByTestId('amount-due')).toHaveTextContent('$79'));
  });

  it("charges the server's own price for the tier when the tiers call answers", async () => {
    signedIn();
    payments(true);
    server.use(
      http.get('/api/subscription-tiers', () =>
        HttpResponse.json([aTier({ id: 'patriot', name: 'Patriot', price: '35', credits: 5 }), aTier({ id: 'defender', name: 'Defender', price: '99', credits: 50 })]),
      ),
    );
    await openCheckout('/checkout?tier=patriot&price=29');
    expect(screen.getByTestId('amount-due')).toHaveTextContent('$35');
  });

  it('says plainly that payments are not configured, and loads no card form', async () => {
    signedIn();
    payments(false);
    const intents = recordPosts('/api/create-payment-intent', () => HttpResponse.json(intentAnswer));
    await openCheckout();

    expect(screen.getByText('Payments are not configured on this server.')).toBeInTheDocument();
    expect(screen.queryByText('Card Information')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Address')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Subscribe/ })).not.toBeInTheDocument();
    expect(loadStripe).not.toHaveBeenCalled();
    expect(fakeStripe.elements).not.toHaveBeenCalled();
    expect(intents).toEqual([]);
  });

  describe('promo code', () => {
    it('upper-cases the code, applies a credits code and locks the box', async () => {
      signedIn();
      payments(true);
      const validations = recordPosts('/api/validate-promo', () => HttpResponse.json({ type: 'credits', credits: 3, discountPercent: 0 }));
      const { user } = await openCheckout();

      await user.type(screen.getByLabelText('Promo Code'), 'welcome3');
      expect(screen.getByLabelText('Promo Code')).toHaveValue('WELCOME3');
      await user.click(screen.getByRole('button', { name: 'Apply' }));

      expect(await screen.findByText('Promo Code Applied!')).toBeInTheDocument();
      expect(screen.getByText("You'll receive 3 free credits after payment.")).toBeInTheDocument();
      expect(validations).toEqual([{ code: 'WELCOME3' }]);
      expect(screen.getByLabelText('Promo Code')).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Applied' })).toBeDisabled();
      expect(screen.getByText('+3 free credits after payment')).toBeInTheDocument();
      // A credits code does not change the price.
      expect(screen.getByTestId('amount-due')).toHaveTextContent('$29');
      expect(screen.queryByText('Pricing Summary')).not.toBeInTheDocument();
    });

    it('shows the pricing summary of a discount code: rounded first month, renewal at full price', async () => {
      signedIn();
      payments(true);
      recordPosts('/api/validate-promo', () => HttpResponse.json({ type: 'discount', credits: 0, discountPercent: 25 }));
      const { user } = await openCheckout();

      await applyPromo(user, 'QUARTER');

      expect(await screen.findByText("You'll get 25% off your first month subscription.")).toBeInTheDocument();
      const summary = screen.getByText('Pricing Summary').closest('div')!.parentElement!;
      // 29 × 0.75 = 21.75, rounded to whole dollars.
      expect(within(summary).getByText('$29/month')).toBeInTheDocument();
      expect(within(summary).getByText('Discount (25% off)')).toBeInTheDocument();
      expect(within(summary).getByText('-$7')).toBeInTheDocument();
      expect(within(summary).getByText('$22')).toBeInTheDocument();
      expect(within(summary).getByText('Renews at the full price of $29/month after the first month.')).toBeInTheDocument();
      expect(screen.getByTestId('amount-due')).toHaveTextContent('$22');
      expect(screen.getByRole('button', { name: 'Subscribe for $22' })).toBeInTheDocument();
    });

    it("shows the server's message for an invalid code and leaves the box usable", async () => {
      signedIn();
      payments(true);
      recordPosts('/api/validate-promo', () =>
        HttpResponse.json({ code: 'promo.not_found', message: 'This promo code is not valid or has expired.' }, { status: 404 }),
      );
      const { user } = await openCheckout();

      await applyPromo(user, 'NOPE');

      expect(await screen.findByText('Invalid Promo Code')).toBeInTheDocument();
      expect(screen.getByText('This promo code is not valid or has expired.')).toBeInTheDocument();
      expect(screen.getByLabelText('Promo Code')).toBeEnabled();
      expect(screen.getByRole('button', { name: 'Apply' })).toBeEnabled();
    });

    it('says Failed to validate promo code when the call itself fails', async () => {
      signedIn();
      payments(true);
      recordPosts('/api/validate-promo', () => HttpResponse.error());
      const { user } = await openCheckout();

      await applyPromo(user, 'ANY');

      expect(await screen.findByText('Failed to validate promo code')).toBeInTheDocument();
      expect(screen.getByText('Error')).toBeInTheDocument();
    });

    it('does not apply a code that is blank after trimming', async () => {
      signedIn();
      payments(true);
      const { user } = await openCheckout();
      await user.type(screen.getByLabelText('Promo Code'), '   ');
      expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
    });
  });

  it('requires every billing field but the phone, and sends nothing until they are filled', async () => {
    signedIn();
    payments(true);
    const intents = recordPosts('/api/create-payment-intent', () => HttpResponse.json(intentAnswer));
    const { user } = await openCheckout();
    await screen.findByLabelText('Card number');

    await user.clear(screen.getByLabelText('Full Name'));
    await user.clear(screen.getByLabelText('Email'));
    await user.click(screen.getByRole('button', { name: 'Subscribe for $29' }));

    for (const message of ['Name is required', 'Email is required', 'Address is required', 'City is required', 'State is required', 'ZIP code is required']) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Phone (optional)')).not.toHaveAttribute('aria-invalid');
    expect(intents).toEqual([]);
    expect(fakeStripe.confirmCardPayment).not.toHaveBeenCalled();
  });

  it('pays: sets up the payment, confirms the card with the billing details, reports it, and after 1.5 s shows the confirmation', async () => {
    const session = signedIn();
    payments(true);
    let releaseIntent!: () => void;
    const intentGate = new Promise<void>((resolve) => (releaseIntent = resolve));
    const intents = recordPosts('/api/create-payment-intent', async () => {
      await intentGate;
      return HttpResponse.json(intentAnswer);
    });
    const reports = recordPosts('/api/payment-success', () => HttpResponse.json({ credits: 6, tier: 'patriot', creditsGranted: 5 }));
    const { user, app } = await openCheckout('/checkout?tier=patriot&price=29');
    await screen.findByLabelText('Card number');
    await user.type(screen.getByLabelText('Phone (optional)'), '555-0100');
    await fillBilling(user);
    const userCallsBefore = session.userCalls();

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Subscribe for $29' }));

    const processing = await screen.findByRole('button', { name: 'Processing...' });
    expect(processing).toBeDisabled();
    releaseIntent();

    expect(await screen.findByText('Payment Successful')).toBeInTheDocument();
    expect(screen.getByText('Welcome to the Patriot tier! You now have 6 credits.')).toBeInTheDocument();
    expect(intents).toEqual([{ amount: 29, tier: 'patriot' }]);
    expect(fakeStripe.confirmCardPayment).toHaveBeenCalledWith('pi_test_123_secret_abc', {
      payment_method: {
        card: fakeCard,
        billing_details: {
          name: 'Ada Lovelace',
          email: 'ada@example.org',
          phone: '555-0100',
          address: { line1: '1 Main St', city: 'Springfield', state: 'IL', postal_code: '62701', country: 'US' },
        },
      },
    });
    expect(reports).toEqual([{ payment_intent_id: 'pi_test_123', tier: 'patriot' }]);
    await waitFor(() => expect(session.userCalls()).toBeGreaterThan(userCallsBefore));

    // The toast has time to be read before the confirmation page.
    expect(app.router.state.location.pathname).toBe('/checkout');
    await act(() => vi.advanceTimersByTimeAsync(1100));
    expect(app.router.state.location.pathname).toBe('/checkout');
    await act(() => vi.advanceTimersByTimeAsync(500));
    // A short wait: the fake clock keeps pace with real time, so a long one would hide a late redirect.
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/payment-success'), { timeout: 200 });
    expect(app.router.state.location.search).toEqual({ tier: 'patriot', upgraded: true });
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
  });

  it('sends the discounted amount with the code, and the code again when reporting the payment', async () => {
    signedIn();
    payments(true);
    recordPosts('/api/validate-promo', () => HttpResponse.json({ type: 'discount', credits: 0, discountPercent: 20 }));
    const intents = recordPosts('/api/create-payment-intent', () => HttpResponse.json({ ...intentAnswer, amount: 23 }));
    const reports = recordPosts('/api/payment-success', () => HttpResponse.json({ credits: 6, tier: 'patriot', creditsGranted: 5 }));
    const { user } = await openCheckout();
    await screen.findByLabelText('Card number');
    await applyPromo(user, 'save20');
    await screen.findByRole('button', { name: 'Applied' });
    await fillBilling(user);

    await user.click(screen.getByRole('button', { name: 'Subscribe for $23' }));

    expect(await screen.findByText('Payment Successful')).toBeInTheDocument();
    expect(intents).toEqual([{ amount: 23, tier: 'patriot', promoCode: 'SAVE20', originalAmount: 29 }]);
    expect(reports).toEqual([{ payment_intent_id: 'pi_test_123', tier: 'patriot', promoCode: 'SAVE20' }]);
  });

  it('when the confirmation call fails, says Payment Processed and after 1 s shows the confirmation without upgraded', async () => {
    signedIn();
    payments(true);
    recordPosts('/api/create-payment-intent', () => HttpResponse.json(intentAnswer));
    recordPosts('/api/payment-success', () => HttpResponse.json({ code: 'payments.provider_error', message: 'Stripe is down' }, { status: 502 }));
    const { user, app } = await openCheckout('/checkout?tier=defender&price=99');
    await screen.findByLabelText('Card number');
    await fillBilling(user);

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Subscribe for $99' }));

    expect(await screen.findByText('Payment Processed')).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/checkout');
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(app.router.state.location.pathname).toBe('/checkout');
    await act(() => vi.advanceTimersByTimeAsync(500));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/payment-success'), { timeout: 200 });
    expect(app.router.state.location.search).toEqual({ tier: 'defender' });
  });

  it("shows the card provider's message when the card is refused, and lets the user try again", async () => {
    signedIn();
    payments(true);
    recordPosts('/api/create-payment-intent', () => HttpResponse.json(intentAnswer));
    const reports = recordPosts('/api/payment-success', () => HttpResponse.json({ credits: 6, tier: 'patriot', creditsGranted: 5 }));
    fakeStripe.confirmCardPayment.mockResolvedValue({ error: { type: 'card_error', message: 'Your card was declined.' } });
    const { user, app } = await openCheckout();
    await screen.findByLabelText('Card number');
    await fillBilling(user);

    await user.click(screen.getByRole('button', { name: 'Subscribe for $29' }));

    expect(await screen.findByText('Payment Failed')).toBeInTheDocument();
    expect(screen.getByText('Your card was declined.')).toBeInTheDocument();
    expect(reports).toEqual([]);
    expect(await screen.findByRole('button', { name: 'Subscribe for $29' })).toBeEnabled();
    expect(app.router.state.location.pathname).toBe('/checkout');
  });

  it('says Payment Setup Failed when the payment cannot be set up', async () => {
    signedIn();
    payments(true);
    recordPosts('/api/create-payment-intent', () => HttpResponse.json({ code: 'internal', message: 'boom' }, { status: 500 }));
    const { user } = await openCheckout();
    await screen.findByLabelText('Card number');
    await fillBilling(user);

    await user.click(screen.getByRole('button', { name: 'Subscribe for $29' }));

    expect(await screen.findByText('Payment Setup Failed')).toBeInTheDocument();
    expect(screen.getByText('Please try logging in again.')).toBeInTheDocument();
    expect(fakeStripe.confirmCardPayment).not.toHaveBeenCalled();
  });

  it('on a 401 asks the user to log in again and goes to /login', async () => {
    signedIn();
    payments(true);
    recordPosts('/api/create-payment-intent', () => HttpResponse.json(unauthorized, { status: 401 }));
    const { user, app } = await openCheckout();
    await screen.findByLabelText('Card number');
    await fillBilling(user);

    await user.click(screen.getByRole('button', { name: 'Subscribe for $29' }));

    expect(await screen.findByText('Please try logging in again.')).toBeInTheDocument();
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'));
  });

  it("shows the server's message when it answers that payments are not configured", async () => {
    signedIn();
    payments(true);
    recordPosts('/api/create-payment-intent', () =>
      HttpResponse.json({ code: 'payments.not_configured', message: 'Payments are not configured on this server.' }, { status: 503 }),
    );
    const { user } = await openCheckout();
    await screen.findByLabelText('Card number');
    await fillBilling(user);

    await user.click(screen.getByRole('button', { name: 'Subscribe for $29' }));

    expect(await screen.findByText('Payment Setup Failed')).toBeInTheDocument();
    expect(screen.getByText('Payments are not configured on this server.')).toBeInTheDocument();
  });

  it('with a 100% code asks for no card and goes straight to the confirmation', async () => {
    signedIn();
    payments(true);
    recordPosts('/api/validate-promo', () => HttpResponse.json({ type: 'discount', credits: 0, discountPercent: 100 }));
    const intents = recordPosts('/api/create-payment-intent', () => HttpResponse.json({ subscriptionId: 'sub_free', amount: 0, paid: true, credits: 6 }));
    const reports = recordPosts('/api/payment-success', () => HttpResponse.json({ credits: 6, tier: 'patriot', creditsGranted: 5 }));
    const { user, app } = await openCheckout();
    await applyPromo(user, 'FREEMONTH');
    await screen.findByRole('button', { name: 'Applied' });

    expect(screen.getByTestId('amount-due')).toHaveTextContent('$0');
    expect(screen.queryByText('Card Information')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Address')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start Subscription' }));

    await waitFor(() => expect(app.router.state.location.pathname).toBe('/payment-success'));
    expect(app.router.state.location.search).toEqual({ tier: 'patriot', upgraded: true });
    expect(screen.getByText('Welcome to the Patriot tier! You now have 6 credits.')).toBeInTheDocument();
    expect(intents).toEqual([{ amount: 0, tier: 'patriot', promoCode: 'FREEMONTH', originalAmount: 29 }]);
    expect(fakeStripe.confirmCardPayment).not.toHaveBeenCalled();
    expect(reports).toEqual([]);
  });
});
