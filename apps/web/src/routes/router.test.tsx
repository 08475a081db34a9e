import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { renderApp } from '../test/render-app.tsx';
import { server } from '../test/server.ts';

describe('route table', () => {
  it('shows Page Not Found for an unknown path', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });

  it('matches paths case-insensitively and with a trailing slash', async () => {
    renderApp('/LOGIN/');
    expect(await screen.findByRole('heading', { name: 'Sign in to CivicWatch' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Page Not Found' })).not.toBeInTheDocument();
  });

  it('names each page in the document title', async () => {
    renderApp('/privacy');
    expect(await screen.findByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Privacy Policy · CivicWatch'));
  });

  it('redirects /signup-old to /signup', async () => {
    const { app } = renderApp('/signup-old');
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/signup');
  });

  it.each(['/dashboard', '/home'])('redirects %s to /', async (path) => {
    const { app } = renderApp(path);
    expect(await screen.findByRole('link', { name: /Get Started - Free/ })).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/');
  });

  it('hides the developer pages unless the server enables them', async () => {
    renderApp('/test-payment');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });

  it('shows a developer page when the server enables them', async () => {
    server.use(
      http.get('/api/config', () =>
        HttpResponse.json({ productName: 'CivicWatch', paymentsEnabled: false, stripePublishableKey: null, verifiedEmailRequired: false, devPagesEnabled: true, analyzer: 'embedded' }),
      ),
    );
    renderApp('/Debug-Stripe');
    expect(await screen.findByRole('heading', { name: 'Payment Debugging' })).toBeInTheDocument();
  });

  it('keeps a signed-out visitor out of /admin with the Access Denied toast', async () => {
    const { app } = renderApp('/admin');
    expect(await screen.findByText('You must be logged in to access this page.')).toBeInTheDocument();
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'));
  });
});
