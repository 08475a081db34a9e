import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { AccountExport, CreditHistoryEntry, UserView } from '@civicwatch/core/contracts/index.ts';
import { aDashboard, aUser, anAnalysis, unauthorized } from '../test/builders.ts';
import { renderApp } from '../test/render-app.tsx';
import { server } from '../test/server.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Signed in as `user`; the history and billing calls answer as for a new account unless a test says otherwise. */
function signedInAs(user: UserView = aUser()) {
  server.use(
    http.get('/api/user', () => HttpResponse.json(user)),
    http.get('/api/dashboard', () => HttpResponse.json(aDashboard({ user }))),
    http.get('/api/credits/history', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
    http.get('/api/billing', () => HttpResponse.json({ portalAvailable: false })),
  );
}

function paymentsConfigured() {
  server.use(
    http.get('/api/config', () =>
      HttpResponse.json({ productName: 'CivicWatch', paymentsEnabled: true, stripePublishableKey: 'pk_test_123', verifiedEmailRequired: true, devPagesEnabled: false, analyzer: 'embedded' }),
    ),
  );
}

const anEntry = (n: number, overrides: Partial<CreditHistoryEntry> = {}): CreditHistoryEntry => ({
  id: `entry-${n}`, createdAt: '2026-03-15T12:00:00.000Z', change: -1, reason: 'analysis_debit', label: 'Analysis', balanceAfter: n, ...overrides,
});

const section = (name: string) => screen.findByRole('region', { name });

describe('/account', () => {
  it('sends a signed-out visitor to sign in', async () => {
    renderApp('/account');
    expect(await screen.findByRole('button', { name: /sign in/i })).toBeInTheDocument();
  });

  it('has the sections of account settings, and the Profile Settings card leads to it', async () => {
    signedInAs();
    const { user } = renderApp('/');
    const card = await screen.findByRole('region', { name: 'Profile Settings' });
    await user.click(within(card).getByRole('link', { name: 'Account Settings' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Account Settings' })).toBeInTheDocument();
    for (const name of ['Password', 'E-mail Address', 'E-mail Preferences', 'Credit History', 'Billing', 'Your Data', 'Delete Account']) {
      expect(await section(name)).toBeInTheDocument();
    }
  });
});

describe('E-mail Preferences', () => {
  it('shows the stored choices and saves all three', async () => {
    signedInAs(aUser({ emailPreferences: { productUpdates: false, analysisNotices: true, receipts: true } }));
    const saved: unknown[] = [];
    server.use(http.put('/api/account/email-preferences', async ({ request }) => {
      const body = await request.json();
      saved.push(body);
      return HttpResponse.json(aUser({ emailPreferences: body as UserView['emailPreferences'] }));
    }));
    const { user } = renderApp('/account');
    const preferences = await section('E-mail Preferences');
    expect(within(preferences).getByRole('checkbox', { name: /Product news/ })).not.toBeChecked();
    expect(within(preferences).getByRole('checkbox', { name: /Analysis notices/ })).toBeChecked();

    await user.click(within(preferences).getByRole('checkbox', { name: /Payment receipts/ }));
    await user.click(within(preferences).getByRole('button', { name: 'Save Preferences' }));
    expect(await within(preferences).findByRole('status')).toHaveTextContent('Your e-mail preferences have been saved.');
    expect(saved).toEqual([{ productUpdates: false, analysisNotices: true, receipts: false }]);
  });

  it('says so when saving fails', async () => {
    signedInAs();
    server.use(http.put('/api/account/email-preferences', () => new HttpResponse(null, { status: 500 })));
    const { user } = renderApp('/account');
    const preferences = await section('E-mail Preferences');
    await user.click(within(preferences).getByRole('button', { name: 'Save Preferences' }));
    expect(await within(preferences).findByRole('alert')).toHaveTextContent('Failed to save your e-mail preferences. Please try again.');
  });
});

describe('Credit History', () => {
  it('lists the entries newest first with their change and balance, a page at a time', async () => {
    signedInAs();
    const pages: string[] = [];
    server.use(http.get('/api/credits/history', ({ request }) => {
      const page = new URL(request.url).searchParams.get('page') ?? '1';
      pages.push(page);
      const entries = page === '1'
        ? [anEntry(5, { change: 5, reason: 'payment', label: 'Plan payment' }), ...Array.from({ length: 9 }, (_, i) => anEntry(i))]
        : [anEntry(1, { id: 'welcome', change: 1, reason: 'signup_grant', label: 'Welcome credits' })];
      return HttpResponse.json(entries, { headers: { 'X-Total-Count': '11' } });
    }));
    const { user } = renderApp('/account');
    const history = await section('Credit History');
    const firstRow = (await within(history).findAllByRole('row'))[1]!;
    expect(within(firstRow).getByText('Plan payment')).toBeInTheDocument();
    expect(within(firstRow).getByText('+5')).toBeInTheDocument();
    expect(within(firstRow).getByText('March 15, 2026')).toBeInTheDocument();
    expect(within(history).getAllByText('\u22121')).toHaveLength(9);
    expect(within(history).getByText('Page 1 of 2')).toBeInTheDocument();

    await user.click(within(history).getByRole('button', { name: 'Next' }));
    expect(await within(history).findByText('Welcome credits')).toBeInTheDocument();
    expect(pages).toEqual(['1', '2']);
  });
});

describe('Billing', () => {
  it('says that payments are not configured, asking the server nothing about billing', async () => {
    signedInAs();
    const asked = vi.fn();
    server.use(http.get('/api/billing', () => {
      asked();
      return HttpResponse.json({ portalAvailable: true });
    }));
    renderApp('/account');
    expect(await within(await section('Billing')).findByText('Payments are not configured on this server.')).toBeInTheDocument();
    expect(asked).not.toHaveBeenCalled();
  });

  it('says there is nothing yet before a first payment', async () => {
    signedInAs();
    paymentsConfigured();
    renderApp('/account');
    expect(await within(await section('Billing')).findByText(/no invoices or saved card yet/)).toBeInTheDocument();
  });

  it('opens the Stripe portal of an account that has paid', async () => {
    signedInAs(aUser({ subscriptionTier: 'patriot', tier: 'patriot' }));
    paymentsConfigured();
    server.use(
      http.get('/api/billing', () => HttpResponse.json({ portalAvailable: true })),
      http.post('/api/billing/portal', () => HttpResponse.json({ url: 'https://billing.stripe.com/p/session/test_abc' })),
    );
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { user } = renderApp('/account');
    const billing = await section('Billing');
    await user.click(await within(billing).findByRole('button', { name: 'Manage Billing' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.stripe.com/p/session/test_abc'));
  });
});

describe('Your Data', () => {
  it('downloads the export as the JSON file the server names', async () => {
    signedInAs();
    const file: AccountExport = {
      exportedAt: '2026-03-15T12:00:00.000Z', profile: aUser(), analyses: [anAnalysis()], creditHistory: [anEntry(1)], payments: [], promoRedemptions: [],
    };
    server.use(http.get('/api/account/export', () => HttpResponse.json(file, {
      headers: { 'Content-Disposition': 'attachment; filename="civicwatch-export-2026-03-15.json"' },
    })));
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:civicwatch-export';
    });
    URL.revokeObjectURL = vi.fn();
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('civicwatch-export-2026-03-15.json');
      expect(this.href).toBe('blob:civicwatch-export');
    });

    const { user } = renderApp('/account');
    const data = await section('Your Data');
    await user.click(within(data).getByRole('button', { name: 'Download My Data' }));
    expect(await within(data).findByRole('status')).toHaveTextContent('Your data was saved as civicwatch-export-2026-03-15.json.');
    expect(clicked).toHaveBeenCalledOnce();
    expect(JSON.parse(await blobs[0]!.text())).toEqual(file);
  });
});

describe('Delete Account', () => {
  it('shows a wrong password on its field and deletes nothing', async () => {
    signedInAs();
    server.use(http.delete('/api/account', () =>
      HttpResponse.json({ code: 'auth.wrong_password', message: 'The password you entered is incorrect.' }, { status: 400 })));
    const { user } = renderApp('/account');
    const danger = await section('Delete Account');
    await user.type(within(danger).getByLabelText('Password'), 'tyranny1');
    await user.click(within(danger).getByRole('button', { name: 'Delete My Account' }));
    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    expect(await within(danger).findByText('The password you entered is incorrect.')).toBeInTheDocument();
    expect(within(danger).getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeInTheDocument();
  });

  it('asks for the password first, and asks nothing of the server without it', async () => {
    signedInAs();
    const deletions = vi.fn();
    server.use(http.delete('/api/account', () => {
      deletions();
      return new HttpResponse(null, { status: 204 });
    }));
    const { user } = renderApp('/account');
    const danger = await section('Delete Account');
    await user.click(within(danger).getByRole('button', { name: 'Delete My Account' }));
    expect(await within(danger).findByText('Please enter your current password')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(deletions).not.toHaveBeenCalled();
  });

  it('keeps the account when the confirmation is declined', async () => {
    signedInAs();
    const deletions = vi.fn();
    server.use(http.delete('/api/account', () => {
      deletions();
      return new HttpResponse(null, { status: 204 });
    }));
    const { user } = renderApp('/account');
    const danger = await section('Delete Account');
    await user.type(within(danger).getByLabelText('Password'), 'liberty1');
    await user.click(within(danger).getByRole('button', { name: 'Delete My Account' }));
    await user.click(await screen.findByRole('button', { name: 'Keep My Account' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(deletions).not.toHaveBeenCalled();
  });

  it('deletes the account after the password and a confirmation, signs out and goes to the landing page', async () => {
    signedInAs();
    const bodies: unknown[] = [];
    server.use(http.delete('/api/account', async ({ request }) => {
      bodies.push(await request.json());
      // The server signs the browser out with the account.
      server.use(http.get('/api/user', () => HttpResponse.json(unauthorized, { status: 401 })));
      return new HttpResponse(null, { status: 204 });
    }));
    const { user, app } = renderApp('/account');
    const danger = await section('Delete Account');
    await user.type(within(danger).getByLabelText('Password'), 'liberty1');
    await user.click(within(danger).getByRole('button', { name: 'Delete My Account' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));

    expect(await screen.findByText('Account deleted')).toBeInTheDocument();
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/'));
    expect(bodies).toEqual([{ password: 'liberty1' }]);
    expect(screen.queryByRole('heading', { name: 'Account Settings' })).not.toBeInTheDocument();
  });
});
