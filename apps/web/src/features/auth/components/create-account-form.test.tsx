import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { aDashboard, aUser } from '../../../test/builders.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { server } from '../../../test/server.ts';

type Fields = { username: string; email: string; password: string; confirmPassword: string };

async function fillIn(user: ReturnType<typeof renderApp>['user'], fields: Fields) {
  await user.type(await screen.findByLabelText('Username'), fields.username);
  await user.type(screen.getByLabelText('Email'), fields.email);
  await user.type(screen.getByLabelText('Password'), fields.password);
  await user.type(screen.getByLabelText('Confirm Password'), fields.confirmPassword);
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
}

describe('/signup', () => {
  it('checks every sign-up rule of docs/product/screens.md "Form checks" before calling the server', async () => {
    let called = false;
    server.use(http.post('/api/register', () => ((called = true), HttpResponse.json(aUser(), { status: 201 }))));
    const { user } = renderApp('/signup');
    expect(await screen.findByText('Create a new account to start analyzing government documents.')).toBeInTheDocument();

    await fillIn(user, { username: 'ab', email: 'nope', password: '123', confirmPassword: '456' });

    expect(await screen.findByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByText("Passwords don't match")).toBeInTheDocument();
    expect(called).toBe(false);
  });

  it('refuses a username with a control character, or of more than 50 characters, with the API\'s messages', async () => {
    let called = false;
    server.use(http.post('/api/register', () => ((called = true), HttpResponse.json(aUser(), { status: 201 }))));
    const { user } = renderApp('/signup');
    await fillIn(user, { username: 'Rosa\u2067evil', email: 'rosa@example.org', password: 'liberty1', confirmPassword: 'liberty1' });
    expect(await screen.findByText('Username must be one line, without control characters')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'R'.repeat(51));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Username must be at most 50 characters')).toBeInTheDocument();
    expect(called).toBe(false);
  });

  it('registers with the username as firstName, toasts and goes to the signed-in home, which says "Welcome"', async () => {
    let body: unknown;
    server.use(
      http.post('/api/register', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(aUser({ firstName: 'paine', email: 'tom@example.org', firstVisit: true }), { status: 201 });
      }),
      http.get('/api/dashboard', () => HttpResponse.json(aDashboard())),
    );
    const { user, app } = renderApp('/signup');

    await fillIn(user, { username: 'paine', email: 'tom@example.org', password: 'common-sense', confirmPassword: 'common-sense' });

    expect(await screen.findByText('Registration Successful')).toBeInTheDocument();
    expect(screen.getByText('Account created successfully. Logging you in...')).toBeInTheDocument();
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Welcome, paine!' })).toBeInTheDocument();
    expect(body).toEqual({ firstName: 'paine', email: 'tom@example.org', password: 'common-sense' });
  });

  it("shows the server's message when registration is refused", async () => {
    server.use(http.post('/api/register', () => HttpResponse.json({ code: 'accounts.email_taken', message: 'Email already registered' }, { status: 409 })));
    const { user, app } = renderApp('/signup');

    await fillIn(user, { username: 'paine', email: 'tom@example.org', password: 'common-sense', confirmPassword: 'common-sense' });

    expect(await screen.findByText('Registration Failed')).toBeInTheDocument();
    expect(screen.getByText('Email already registered')).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/signup');
  });

  it('says Registration failed. when the error body is unreadable', async () => {
    server.use(http.post('/api/register', () => new HttpResponse('<html>Bad Gateway</html>', { status: 502 })));
    const { user } = renderApp('/signup');

    await fillIn(user, { username: 'paine', email: 'tom@example.org', password: 'common-sense', confirmPassword: 'common-sense' });

    expect(await screen.findByText('Registration failed.')).toBeInTheDocument();
  });
});

describe('/login create-account mode', () => {
  it('registers inline, toasts, and returns to an empty sign-in form', async () => {
    server.use(http.post('/api/register', () => HttpResponse.json(aUser(), { status: 201 })));
    const { user, app } = renderApp('/login');

    await user.click(await screen.findByRole('button', { name: 'Create one here' }));
    await fillIn(user, { username: 'ab', email: 'ada@example.org', password: 'secret1', confirmPassword: 'secret1' });

    expect(await screen.findByText('Account created successfully. You can now log in.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sign in to CivicWatch' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.queryByLabelText('Username')).not.toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/login');
  });

  it("checks only that the passwords match (Passwords don't match)", async () => {
    let called = false;
    server.use(http.post('/api/register', () => ((called = true), HttpResponse.json(aUser(), { status: 201 }))));
    const { user } = renderApp('/login');

    await user.click(await screen.findByRole('button', { name: 'Create one here' }));
    await fillIn(user, { username: 'ab', email: 'x', password: 'secret1', confirmPassword: 'secret2' });

    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(screen.queryByText('Username must be at least 3 characters')).not.toBeInTheDocument();
    expect(called).toBe(false);
  });

  it('resets the forms when toggling between modes', async () => {
    const { user } = renderApp('/login');

    await user.type(await screen.findByLabelText('Email'), 'typed@example.org');
    await user.click(screen.getByRole('button', { name: 'Create one here' }));
    expect(screen.getByLabelText('Email')).toHaveValue('');
    await user.type(screen.getByLabelText('Username'), 'someone');
    await user.click(screen.getByRole('button', { name: 'Sign in instead' }));
    await user.click(screen.getByRole('button', { name: 'Create one here' }));
    expect(screen.getByLabelText('Username')).toHaveValue('');
  });
});
