import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { aDashboard, aUser } from '../../../test/builders.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { server } from '../../../test/server.ts';

describe('/login sign-in', () => {
  it('shows the sign-in rules of docs/product/screens.md "Form checks" without calling the server', async () => {
    let called = false;
    server.use(http.post('/api/login', () => ((called = true), HttpResponse.json(aUser()))));
    const { user } = renderApp('/login');

    await user.type(await screen.findByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(called).toBe(false);
  });

  it('signs in and goes to the home, which greets the user', async () => {
    let body: unknown;
    server.use(
      http.post('/api/login', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(aUser({ firstName: 'Grace' }));
      }),
      http.get('/api/dashboard', () => HttpResponse.json(aDashboard({ user: aUser({ firstName: 'Grace' }) }))),
    );
    const { user, app } = renderApp('/login');

    await user.type(await screen.findByLabelText('Email'), 'Grace@Example.org');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(app.router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Welcome back, Grace!' })).toBeInTheDocument();
    expect(body).toEqual({ email: 'grace@example.org', password: 'correct horse' });
  });

  it("shows the server's message when the login is refused", async () => {
    server.use(http.post('/api/login', () => HttpResponse.json({ code: 'auth.invalid_credentials', message: 'Invalid credentials' }, { status: 401 })));
    const { user, app } = renderApp('/login');

    await user.type(await screen.findByLabelText('Email'), 'ada@example.org');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Login Failed')).toBeInTheDocument();
    expect(screen.getByText('Invalid credentials')).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/login');
  });

  it('says Network error. Please try again. when the server cannot be reached', async () => {
    server.use(http.post('/api/login', () => HttpResponse.error()));
    const { user } = renderApp('/login');

    await user.type(await screen.findByLabelText('Email'), 'ada@example.org');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Network error. Please try again.')).toBeInTheDocument();
  });
});
