import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, delay, http } from 'msw';
import { aDashboard, aUser } from '../test/builders.ts';
import { renderApp } from '../test/render-app.tsx';
import { server } from '../test/server.ts';

/** Answers POST `path` with `answer`, recording the tokens sent. */
function answerLink(path: string, answer: () => Response | Promise<Response>) {
  const tokens: unknown[] = [];
  server.use(http.post(path, async ({ request }) => {
    tokens.push(((await request.json()) as { token?: unknown }).token);
    return answer();
  }));
  return tokens;
}

describe('/verify-email', () => {
  it('verifies with the link\'s token once: loading, then the server\'s message', async () => {
    const tokens = answerLink('/api/email/verify', async () => {
      await delay(100);
      return HttpResponse.json({ message: 'Thank you: your e-mail address is verified.' });
    });
    renderApp('/verify-email?token=tok_123');

    expect(await screen.findByRole('heading', { name: 'Verifying your e-mail address...' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'E-mail Address Verified' })).toBeInTheDocument();
    expect(screen.getByText('Thank you: your e-mail address is verified.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to CivicWatch' })).toHaveAttribute('href', '/');
    expect(tokens).toEqual(['tok_123']);
  });

  it('reads the account again, so the home page\'s verification banner goes', async () => {
    let verified = false;
    server.use(
      http.get('/api/user', () => HttpResponse.json(aUser({ emailVerified: verified }))),
      http.get('/api/dashboard', () => HttpResponse.json(aDashboard())),
      // A server that sends e-mail: its home page asks an unverified account to verify.
      http.get('/api/config', () => HttpResponse.json({
        productName: 'CivicWatch', paymentsEnabled: false, stripePublishableKey: null, verifiedEmailRequired: true, devPagesEnabled: false, analyzer: 'embedded',
      })),
    );
    answerLink('/api/email/verify', () => {
      verified = true;
      return HttpResponse.json({ message: 'Thank you: your e-mail address is verified.' });
    });
    const { app, user } = renderApp('/');
    expect(await screen.findByRole('region', { name: 'E-mail verification' })).toBeInTheDocument();

    await app.router.navigate({ to: '/verify-email', search: { token: 'tok_123' } });
    await user.click(await screen.findByRole('link', { name: 'Go to CivicWatch' }));
    expect(await screen.findByRole('heading', { name: /Welcome back/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'E-mail verification' })).not.toBeInTheDocument());
  });

  it('shows why an expired link does not work', async () => {
    const message = 'This verification link has expired. Please sign in and send yourself a new one.';
    answerLink('/api/email/verify', () => HttpResponse.json({ code: 'token.expired', message }, { status: 410 }));
    renderApp('/verify-email?token=old');
    expect(await screen.findByRole('heading', { name: 'Verification Failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
  });

  it('says the link is not valid without a token, and asks the server nothing', async () => {
    const tokens = answerLink('/api/email/verify', () => HttpResponse.json({ message: 'no' }));
    renderApp('/verify-email');
    expect(await screen.findByRole('heading', { name: 'Verification Failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This link is not valid. Please check that you copied all of it.');
    expect(tokens).toEqual([]);
  });
});

describe('/confirm-email', () => {
  it('confirms the new address with the link\'s token', async () => {
    const tokens = answerLink('/api/account/email/confirm', () => HttpResponse.json({ message: 'Your e-mail address is now rosa.parks@example.org.' }));
    renderApp('/confirm-email?token=tok_456');
    expect(await screen.findByRole('heading', { name: 'E-mail Address Changed' })).toBeInTheDocument();
    expect(screen.getByText('Your e-mail address is now rosa.parks@example.org.')).toBeInTheDocument();
    expect(tokens).toEqual(['tok_456']);
  });

  it('shows the server\'s refusal, or a plain failure when it gave no message', async () => {
    answerLink('/api/account/email/confirm', () => new HttpResponse('<html>Bad Gateway</html>', { status: 502 }));
    renderApp('/confirm-email?token=tok_789');
    expect(await screen.findByRole('heading', { name: 'E-mail Change Failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to change your e-mail address. Please try again.');
  });
});
