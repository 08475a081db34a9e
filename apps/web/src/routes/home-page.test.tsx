import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { aDashboard, aUser } from '../test/builders.ts';
import { renderApp } from '../test/render-app.tsx';
import { server } from '../test/server.ts';

function signedInAs(user = aUser(), dashboard = aDashboard({ user })) {
  server.use(
    http.get('/api/user', () => HttpResponse.json(user)),
    http.get('/api/dashboard', () => HttpResponse.json(dashboard)),
  );
}

describe('signed-in home at /', () => {
  it('greets the user by first name and shows the credits remaining', async () => {
    signedInAs(aUser({ firstName: 'Frederick', credits: 4 }));
    renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Welcome back, Frederick!' })).toBeInTheDocument();
    expect(screen.getByText('4 credits remaining')).toBeInTheDocument();
    const sections = screen.getByRole('navigation', { name: 'Sections' });
    expect(within(sections).getByRole('link', { name: 'Analyze' })).toHaveAttribute('href', '#analyze');
    expect(within(sections).getByRole('link', { name: 'Watchdog' })).toHaveAttribute('href', '#watchdog');
    expect(within(sections).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '#profile');
    expect(within(sections).queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Redeem Code' })).toHaveAttribute('href', '/redeem-promo');
  });

  it('greets by e-mail when there is no first name, and shows Admin to administrators', async () => {
    signedInAs(aUser({ firstName: null, email: 'clerk@example.org', isAdmin: true, role: 'admin' }));
    renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Welcome back, clerk@example.org!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });

  it('fills the dashboard from GET /api/dashboard', async () => {
    const user = aUser({ credits: 7, subscriptionTier: 'patriot', tier: 'patriot' });
    signedInAs(
      user,
      aDashboard({
        user,
        stats: { totalAnalyses: 12, thisMonthAnalyses: 3 },
        analyses: [
          {
            id: '0b9e8f52-5a36-4a53-8f3b-7f0f4b3c2d11',
            createdAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
            analysisType: 'constitutional',
            document: { title: 'Zoning Ordinance 12', type: 'pdf' },
            result: { summary: 'Rezones the riverfront for housing.' },
            shareUrl: null,
          },
        ],
      }),
    );
    renderApp('/');

    const dashboard = await screen.findByRole('region', { name: 'Your Dashboard' });
    expect(await within(dashboard).findByText('Credits Remaining')).toBeInTheDocument();
    const value = (label: string) => within(dashboard).getByText(label).parentElement!.nextElementSibling!.textContent;
    expect(value('Credits Remaining')).toBe('7');
    expect(value('Total Analyses')).toBe('12');
    expect(value('This Month')).toBe('3');
    expect(value('Current Plan')).toBe('Patriot');
    expect(within(dashboard).getByText('Zoning Ordinance 12')).toBeInTheDocument();
    expect(within(dashboard).getByText('2 days ago')).toBeInTheDocument();
    expect(within(dashboard).getByText('Completed')).toBeInTheDocument();
  });

  it('shows the empty state when there are no analyses', async () => {
    signedInAs();
    renderApp('/');
    expect(await screen.findByText('No analyses yet. Upload your first document to get started!')).toBeInTheDocument();
  });

  it('signs out: POST /api/logout, then the landing page', async () => {
    signedInAs();
    let loggedOut = false;
    server.use(
      http.post('/api/logout', () => {
        loggedOut = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderApp('/');

    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));

    expect(await screen.findByRole('link', { name: /Get Started - Free/ })).toBeInTheDocument();
    expect(screen.queryByText(/Welcome back/)).not.toBeInTheDocument();
    expect(loggedOut).toBe(true);
  });

  it('announces the logout when the dashboard answers 401, then goes to /login', async () => {
    server.use(http.get('/api/user', () => HttpResponse.json(aUser())));
    const { app } = renderApp('/');

    expect(await screen.findByText('You are logged out. Logging in again...')).toBeInTheDocument();
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'));
  });
});
