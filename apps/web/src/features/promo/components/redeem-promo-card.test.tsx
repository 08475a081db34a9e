import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, delay, http } from 'msw';
import { aDashboard, aUser } from '../../../test/builders.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { server } from '../../../test/server.ts';

/** Signed in with `credits`; answers how often the user and dashboard were fetched. */
function signedInWith(credits: number) {
  const fetched = { user: 0, dashboard: 0 };
  let current = credits;
  server.use(
    http.get('/api/user', () => {
      fetched.user += 1;
      return HttpResponse.json(aUser({ credits: current }));
    }),
    http.get('/api/dashboard', () => {
      fetched.dashboard += 1;
      return HttpResponse.json(aDashboard({ user: aUser({ credits: current }) }));
    }),
  );
  return { fetched, setCredits: (n: number) => { current = n; } };
}

async function openPage() {
  const rendered = renderApp('/redeem-promo');
  const input = await screen.findByLabelText('Promo Code');
  return { ...rendered, input };
}

describe('/redeem-promo', () => {
  it('offers Login to Continue and Create Account when signed out', async () => {
    renderApp('/redeem-promo');
    expect(await screen.findByRole('link', { name: 'Login to Continue' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/signup');
    expect(screen.queryByLabelText('Promo Code')).not.toBeInTheDocument();
  });

  it('shows the current credits, a back link to / and the help list when signed in', async () => {
    signedInWith(3);
    await openPage();
    expect(screen.getByTestId('current-credits')).toHaveTextContent('3');
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/');
    expect(screen.getByText('Each code can be redeemed once per account.')).toBeInTheDocument();
    expect(screen.getByText('Credits are added to your account immediately.')).toBeInTheDocument();
    expect(screen.getByText(/Enter the code exactly/)).toBeInTheDocument();
    expect(screen.getByText(/Some codes expire/)).toBeInTheDocument();
  });

  it('toasts Missing Code for an empty code and calls nothing', async () => {
    signedInWith(1);
    let called = false;
    server.use(http.post('/api/redeem-promo', () => { called = true; return HttpResponse.json({ credits: 1, balance: 2 }); }));
    const { user } = await openPage();
    await user.type(screen.getByLabelText('Promo Code'), '   ');
    await user.click(screen.getByRole('button', { name: 'Redeem Code' }));
    expect(await screen.findByText('Missing Code')).toBeInTheDocument();
    expect(screen.getByText('Please enter a promo code')).toBeInTheDocument();
    expect(called).toBe(false);
  });

  it('upper-cases the code as typed, submits on Enter, shows Redeeming... and refreshes the credits', async () => {
    const session = signedInWith(1);
    let body: unknown;
    server.use(http.post('/api/redeem-promo', async ({ request }) => {
      body = await request.json();
      await delay(50);
      session.setCredits(11);
      return HttpResponse.json({ credits: 10, balance: 11 });
    }));
    const { user, input } = await openPage();
    await user.type(input, 'welcome10');
    expect(input).toHaveValue('WELCOME10');
    const userFetchesBefore = session.fetched.user;
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('button', { name: 'Redeeming...' })).toBeDisabled();
    expect(await screen.findByText('Promo Code Redeemed!')).toBeInTheDocument();
    expect(screen.getByText('You received 10 free credits!')).toBeInTheDocument();
    expect(body).toEqual({ code: 'WELCOME10' });
    await waitFor(() => expect(screen.getByTestId('current-credits')).toHaveTextContent('11'));
    expect(session.fetched.user).toBeGreaterThan(userFetchesBefore);
    expect(input).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Redeem Code' })).toBeEnabled();
  });

  it('toasts Invalid Promo Code with the server message', async () => {
    signedInWith(1);
    server.use(http.post('/api/redeem-promo', () =>
      HttpResponse.json({ code: 'promo.already_redeemed', message: 'You have already redeemed this promo code' }, { status: 409 })));
    const { user, input } = await openPage();
    await user.type(input, 'TWICE{Enter}');
    expect(await screen.findByText('Invalid Promo Code')).toBeInTheDocument();
    expect(screen.getByText('You have already redeemed this promo code')).toBeInTheDocument();
  });

  it('falls back to the spec text when the server gives no message', async () => {
    signedInWith(1);
    server.use(http.post('/api/redeem-promo', () => new HttpResponse('Bad Gateway', { status: 502 })));
    const { user, input } = await openPage();
    await user.type(input, 'ANY');
    await user.click(screen.getByRole('button', { name: 'Redeem Code' }));
    expect(await screen.findByText('Invalid Promo Code')).toBeInTheDocument();
    expect(screen.getByText('This promo code is not valid or has expired.')).toBeInTheDocument();
  });
});
