import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { SubscriptionView } from '@civicwatch/core/contracts/index.ts';
import { aDashboard, aUser, unauthorized } from '../../../test/builders.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { server } from '../../../test/server.ts';

function signedInAs(user = aUser()) {
  server.use(
    http.get('/api/user', () => HttpResponse.json(user)),
    http.get('/api/dashboard', () => HttpResponse.json(aDashboard({ user }))),
  );
}

function paymentsConfigured() {
  server.use(
    http.get('/api/config', () =>
      HttpResponse.json({ productName: 'CivicWatch', paymentsEnabled: true, stripePublishableKey: 'pk_test_123', verifiedEmailRequired: true, devPagesEnabled: false, analyzer: 'embedded' }),
    ),
  );
}

/** Records the cancel calls (and, without an answer given, any GET /api/subscription too). */
function recordSubscriptionCalls(cancelAnswer?: () => Response) {
  const calls: string[] = [];
  server.use(
    http.post('/api/cancel-subscription', () => {
      calls.push('POST /api/cancel-subscription');
      return cancelAnswer ? cancelAnswer() : HttpResponse.json(null);
    }),
  );
  if (!cancelAnswer) {
    server.use(
      http.get('/api/subscription', () => {
        calls.push('GET /api/subscription');
        return HttpResponse.json(null);
      }),
    );
  }
  return calls;
}

async function openEditor() {
  const rendered = renderApp('/');
  const card = await screen.findByRole('region', { name: 'Profile Settings' });
  await rendered.user.click(within(card).getByRole('button', { name: 'Edit Profile' }));
  return { ...rendered, card };
}

describe('Profile Settings card', () => {
  it('shows the read-only profile with Upgrade Plan for a citizen', async () => {
    signedInAs(aUser({ state: 'NY' }));
    renderApp('/');
    const card = await screen.findByRole('region', { name: 'Profile Settings' });
    expect(within(card).getByText('ada@example.org')).toBeInTheDocument();
    expect(within(card).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(card).getByText('United States')).toBeInTheDocument();
    expect(within(card).getByText('New York')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Upgrade Plan' })).toHaveAttribute('href', '/subscribe');
  });

  it('offers Manage Subscription to paid users; without payments configured, Cancel Subscription only says to contact support', async () => {
    signedInAs(aUser({ subscriptionTier: 'defender', tier: 'defender' }));
    const calls = recordSubscriptionCalls();
    const { user } = renderApp('/');
    const card = await screen.findByRole('region', { name: 'Profile Settings' });

    await user.click(within(card).getByRole('button', { name: 'Manage Subscription' }));
    expect(within(card).getByText('Defender')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Cancel Subscription' }));

    expect(await screen.findByText('Contact support to cancel your subscription.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  describe('with payments configured', () => {
    const periodEnd = '2026-07-01T12:00:00.000Z';
    const active: NonNullable<SubscriptionView> = { tier: 'patriot', status: 'active', cancelAtPeriodEnd: false, currentPeriodEnd: periodEnd };

    async function openManage(subscription: SubscriptionView) {
      signedInAs(aUser({ subscriptionTier: 'patriot', tier: 'patriot' }));
      paymentsConfigured();
      server.use(http.get('/api/subscription', () => HttpResponse.json(subscription)));
      const rendered = renderApp('/');
      const card = await screen.findByRole('region', { name: 'Profile Settings' });
      await rendered.user.click(within(card).getByRole('button', { name: 'Manage Subscription' }));
      return { ...rendered, card };
    }

    it('shows the status and renewal date, asks for confirmation, and cancels at the end of the period', async () => {
      const calls = recordSubscriptionCalls(() => HttpResponse.json({ ...active, cancelAtPeriodEnd: true }));
      const { user, card } = await openManage(active);

      expect(await within(card).findByText('Active')).toBeInTheDocument();
      expect(within(card).getByText('Renews on')).toBeInTheDocument();
      expect(within(card).getByText('July 1, 2026')).toBeInTheDocument();

      // Keeping it closes the confirmation without a call.
      await user.click(within(card).getByRole('button', { name: 'Cancel Subscription' }));
      let dialog = await screen.findByRole('alertdialog', { name: 'Cancel your subscription?' });
      expect(within(dialog).getByText(/stays active until July 1, 2026/)).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Keep Subscription' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      expect(calls).toEqual([]);

      await user.click(within(card).getByRole('button', { name: 'Cancel Subscription' }));
      dialog = await screen.findByRole('alertdialog');
      await user.click(within(dialog).getByRole('button', { name: 'Confirm Cancellation' }));

      expect(await screen.findByText('Subscription Cancelled')).toBeInTheDocument();
      expect(screen.getByText('Your Patriot plan stays active until July 1, 2026.')).toBeInTheDocument();
      expect(calls).toEqual(['POST /api/cancel-subscription']);
      expect(within(card).getByText('Cancels on')).toBeInTheDocument();
      expect(within(card).getByText('Your plan ends on July 1, 2026 and will not renew.')).toBeInTheDocument();
      expect(within(card).queryByRole('button', { name: 'Cancel Subscription' })).not.toBeInTheDocument();
    });

    it('falls back to contacting support when the server answers that payments are not configured', async () => {
      recordSubscriptionCalls(() =>
        HttpResponse.json({ code: 'payments.not_configured', message: 'Payments are not configured on this server.' }, { status: 503 }),
      );
      const { user, card } = await openManage(active);

      await user.click(await within(card).findByRole('button', { name: 'Cancel Subscription' }));
      await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm Cancellation' }));

      expect(await screen.findByText('Contact support to cancel your subscription.')).toBeInTheDocument();
    });

    it('says to contact support, without a call, for a plan that has no subscription to cancel', async () => {
      const calls = recordSubscriptionCalls(() => HttpResponse.json(active));
      const { user, card } = await openManage(null);

      await user.click(await within(card).findByRole('button', { name: 'Cancel Subscription' }));

      expect(await screen.findByText('Contact support to cancel your subscription.')).toBeInTheDocument();
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(calls).toEqual([]);
    });
  });

  it('saves the profile, toasts and returns to the updated view', async () => {
    signedInAs();
    let body: unknown;
    server.use(
      http.patch('/api/profile', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(aUser({ firstName: 'Augusta', country: 'GB', state: 'Kent' }));
      }),
    );
    const { user, card } = await openEditor();

    const firstName = within(card).getByLabelText('First Name');
    await user.clear(firstName);
    await user.type(firstName, 'Augusta');
    await user.selectOptions(within(card).getByLabelText('Country'), 'GB');
    // Outside the United States the state is free text.
    await user.type(within(card).getByLabelText('State / Province'), 'Kent');
    expect(within(card).getByLabelText('Subscription Level')).toHaveValue('Citizen');
    await user.click(within(card).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(screen.getByText('Your profile has been updated successfully.')).toBeInTheDocument();
    expect(body).toEqual({ firstName: 'Augusta', lastName: 'Lovelace', country: 'GB', state: 'Kent' });
    expect(await within(card).findByText('Augusta Lovelace')).toBeInTheDocument();
    expect(within(card).getByText('United Kingdom')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
  });

  it('refuses, before calling the server, a name with a control character or of more than 50 characters, with the API\'s messages', async () => {
    signedInAs();
    let called = false;
    server.use(http.patch('/api/profile', () => ((called = true), HttpResponse.json(aUser()))));
    const { user, card } = await openEditor();

    const firstName = within(card).getByLabelText('First Name');
    await user.clear(firstName);
    await user.type(firstName, 'Ada\u202egnp.exe');
    const lastName = within(card).getByLabelText('Last Name');
    await user.clear(lastName);
    await user.type(lastName, 'L'.repeat(51));
    await user.click(within(card).getByRole('button', { name: 'Save Changes' }));

    expect(await within(card).findByText('First name must be one line, without control characters')).toBeInTheDocument();
    expect(within(card).getByText('Last name must be at most 50 characters')).toBeInTheDocument();
    expect(called).toBe(false);
  });

  it('offers the 50 state codes when the country is the United States', async () => {
    signedInAs();
    const { card } = await openEditor();
    const state = within(card).getByLabelText('State');
    expect(within(state).getAllByRole('option').filter((o) => o.getAttribute('value'))).toHaveLength(50);
    expect(state).toHaveValue('IL');
    expect(within(within(card).getByLabelText('Country')).getAllByRole('option')).toHaveLength(26);
  });

  it('on a 401 says the user is logged out and goes to /login', async () => {
    signedInAs();
    server.use(http.patch('/api/profile', () => HttpResponse.json(unauthorized, { status: 401 })));
    const { user, card, app } = await openEditor();

    await user.click(within(card).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Unauthorized')).toBeInTheDocument();
    expect(screen.getByText('You are logged out. Logging in again...')).toBeInTheDocument();
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'));
  });

  it('on any other failure says Failed to update profile. Please try again.', async () => {
    signedInAs();
    server.use(http.patch('/api/profile', () => HttpResponse.json({ code: 'internal', message: 'boom' }, { status: 500 })));
    const { user, card } = await openEditor();

    await user.click(within(card).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Failed to update profile. Please try again.')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Save Changes' })).toBeInTheDocument();
  });

  it('Cancel returns to the view without saving', async () => {
    signedInAs();
    const { user, card } = await openEditor();
    await user.click(within(card).getByRole('button', { name: 'Cancel' }));
    expect(within(card).getByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
  });
});
