import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { ACCESS_DENIED_REDIRECT_MS } from '../features/admin/components/access-denied.tsx';
import { forbidden, serveAdminApi } from '../test/admin-api.ts';
import { aDashboard, aUser, unauthorized } from '../test/builders.ts';
import { renderApp } from '../test/render-app.tsx';
import { server } from '../test/server.ts';

/** Counts every call under /api/admin, whichever handler answers it. */
function countAdminCalls() {
  const seen: string[] = [];
  const listener = ({ request }: { request: Request }) => {
    const path = new URL(request.url).pathname;
    if (path.startsWith('/api/admin')) seen.push(path);
  };
  server.events.on('request:start', listener);
  return { seen, stop: () => server.events.removeListener('request:start', listener) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('/admin access', () => {
  it('tells a signed-out visitor Access Denied, waits so it can be read, then goes to /login', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const adminCalls = countAdminCalls();
    const { app } = renderApp('/admin');

    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(within(screen.getByRole('heading', { name: 'Access Denied' }).parentElement!).getByText('You must be logged in to access this page.')).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/admin');

    await act(() => vi.advanceTimersByTimeAsync(ACCESS_DENIED_REDIRECT_MS));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'));
    // The toast stays on the next page, so the reason can still be read there.
    expect(screen.getByText('You must be logged in to access this page.')).toBeInTheDocument();
    expect(adminCalls.seen).toEqual([]);
    adminCalls.stop();
  });

  it('tells a signed-in non-admin Access Denied, makes no admin call, then goes to /', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const citizen = aUser();
    server.use(
      http.get('/api/user', () => HttpResponse.json(citizen)),
      http.get('/api/dashboard', () => HttpResponse.json(aDashboard({ user: citizen }))),
    );
    const adminCalls = countAdminCalls();
    const { app } = renderApp('/admin');

    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getAllByText("You don't have admin permissions.").length).toBeGreaterThan(0);
    expect(app.router.state.location.pathname).toBe('/admin');

    await act(() => vi.advanceTimersByTimeAsync(ACCESS_DENIED_REDIRECT_MS));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada!' })).toBeInTheDocument();
    expect(adminCalls.seen).toEqual([]);
    adminCalls.stop();
  });

  it('shows an administrator the panel with Back to App and Logout', async () => {
    const api = serveAdminApi();
    let loggedOut = false;
    server.use(http.post('/api/logout', () => { loggedOut = true; return new HttpResponse(null, { status: 204 }); }));
    const { app, user } = renderApp('/admin');

    expect(await screen.findByRole('heading', { name: 'Admin Panel' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to App' })).toHaveAttribute('href', '/');
    for (const section of ['System Stats', 'AI Analysis Prompts', 'Users', 'Promo Codes', 'Subscription Tiers', 'Audit Log']) {
      expect(screen.getByRole('region', { name: section })).toBeInTheDocument();
    }
    await waitFor(() => expect(api.callsTo('GET', '/api/admin/stats')).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/'));
    expect(loggedOut).toBe(true);
    // Leaving by Logout is not a denial.
    expect(screen.queryByText('Access Denied')).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Get Started - Free/ })).toBeInTheDocument();
  });

  it('goes to /login and forgets the admin data when an admin call answers 403', async () => {
    serveAdminApi();
    server.use(http.get('/api/admin/stats', () => HttpResponse.json(forbidden, { status: 403 })));
    const { app } = renderApp('/admin');

    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'));
    expect(app.queryClient.getQueryCache().findAll({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/admin') })).toEqual([]);
  });

  it('goes to /login and signs the user out locally when an admin call answers 401', async () => {
    serveAdminApi();
    server.use(http.get('/api/admin/settings', () => HttpResponse.json(unauthorized, { status: 401 })));
    const { app } = renderApp('/admin');

    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'));
    expect(app.queryClient.getQueryData(['/api/user'])).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Access Denied' })).not.toBeInTheDocument();
  });
});
