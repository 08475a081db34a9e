import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { renderApp } from '../test/render-app.tsx';
import { server } from '../test/server.ts';

const REQUESTED = 'If an account uses this e-mail address, we have sent it a link to choose a new password. The link works for one hour.';

/** Records each body POSTed to `path` and answers with `answer`. */
function recordPosts(path: string, answer: () => Response) {
  const bodies: unknown[] = [];
  server.use(http.post(path, async ({ request }) => {
    bodies.push(await request.json());
    return answer();
  }));
  return bodies;
}

describe('Forgot password?', () => {
  it('is offered on the sign-in form and leads to /forgot-password', async () => {
    const { app, user } = renderApp('/login');
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/forgot-password'));
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument();
  });
});

describe('/forgot-password', () => {
  it('sends the address and shows the server\'s answer in place of the form', async () => {
    const sent = recordPosts('/api/password/forgot', () => HttpResponse.json({ message: REQUESTED }, { status: 202 }));
    const { user } = renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), ' Rosa@Example.org ');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    expect(await screen.findByRole('status')).toHaveTextContent(REQUESTED);
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    expect(sent).toEqual([{ email: 'rosa@example.org' }]);
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });

  it('checks the address with the sign-in rule before sending, and shows a refusal such as the rate limit', async () => {
    const sent = recordPosts('/api/password/forgot', () =>
      HttpResponse.json({ code: 'rate.limited', message: 'Too many attempts. Please wait a minute and try again.' }, { status: 429 }));
    const { user } = renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'rosa');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.type(screen.getByLabelText('Email'), '@example.org');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Too many attempts. Please wait a minute and try again.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('rosa@example.org');
  });
});

describe('/reset-password', () => {
  it('sets the new password with the link\'s token, then offers to sign in', async () => {
    const sent = recordPosts('/api/password/reset', () => new HttpResponse(null, { status: 204 }));
    const { user } = renderApp('/reset-password?token=abc_DEF-123');
    await user.type(await screen.findByLabelText('New Password'), 'freedom22');
    await user.type(screen.getByLabelText('Confirm New Password'), 'freedom22');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been changed');
    expect(sent).toEqual([{ token: 'abc_DEF-123', password: 'freedom22' }]);
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  });

  it('checks the password rules and the confirmation before sending', async () => {
    const sent = recordPosts('/api/password/reset', () => new HttpResponse(null, { status: 204 }));
    const { user } = renderApp('/reset-password?token=abc');
    await user.type(await screen.findByLabelText('New Password'), 'freedom22');
    await user.type(screen.getByLabelText('Confirm New Password'), 'freedom23');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('says why a used or expired link does not work and offers a new one', async () => {
    const message = 'This password reset link has already been used. Please ask for a new one with "Forgot password?" on the sign-in page.';
    recordPosts('/api/password/reset', () => HttpResponse.json({ code: 'token.used', message }, { status: 410 }));
    const { user } = renderApp('/reset-password?token=abc');
    await user.type(await screen.findByLabelText('New Password'), 'freedom22');
    await user.type(screen.getByLabelText('Confirm New Password'), 'freedom22');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get a New Link' })).toHaveAttribute('href', '/forgot-password');
  });

  it.each(['/reset-password', '/reset-password?token=%20'])('says the link is not valid at %s, without a form', async (path) => {
    renderApp(path);
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is not valid. Please check that you copied all of it.');
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get a New Link' })).toHaveAttribute('href', '/forgot-password');
  });
});
