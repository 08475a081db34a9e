import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { aDashboard, aUser } from '../../../test/builders.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { server } from '../../../test/server.ts';

/** Signed in on a server that sends e-mail (SMTP_URL), unless `mailServer` is false. */
function signedInAs(user = aUser(), { mailServer = true } = {}) {
  server.use(
    http.get('/api/user', () => HttpResponse.json(user)),
    http.get('/api/dashboard', () => HttpResponse.json(aDashboard({ user }))),
    configWith({ verifiedEmailRequired: mailServer }),
  );
}

function configWith(overrides: Record<string, unknown>) {
  return http.get('/api/config', () => HttpResponse.json({
    productName: 'CivicWatch', paymentsEnabled: true, stripePublishableKey: 'pk_test_1', verifiedEmailRequired: true, devPagesEnabled: false, analyzer: 'embedded', ...overrides,
  }));
}

const banner = () => screen.findByRole('region', { name: 'E-mail verification' });

describe('the verification banner of the signed-in home', () => {
  it('asks an unverified user to verify, and resends the link on request', async () => {
    signedInAs(aUser({ email: 'rosa@example.org', emailVerified: false }));
    let resent = 0;
    server.use(http.post('/api/email/verification', () => {
      resent += 1;
      return HttpResponse.json({ message: 'We have sent a new verification link to rosa@example.org. It works for 24 hours.' }, { status: 202 });
    }));
    const { user } = renderApp('/');
    const region = await banner();
    expect(region).toHaveTextContent('Please verify your e-mail address. We sent a link to rosa@example.org');

    await user.click(within(region).getByRole('button', { name: 'Resend verification e-mail' }));
    expect(await within(region).findByText('We have sent a new verification link to rosa@example.org. It works for 24 hours.')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Verification e-mail sent' })).toBeDisabled();
    expect(resent).toBe(1);
  });

  it('says when the resend failed, and lets the user try again', async () => {
    signedInAs(aUser({ emailVerified: false }));
    server.use(http.post('/api/email/verification', () =>
      HttpResponse.json({ code: 'rate.limited', message: 'Too many requests' }, { status: 429 })));
    const { user } = renderApp('/');
    const region = await banner();
    await user.click(within(region).getByRole('button', { name: 'Resend verification e-mail' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent('Too many requests');
    expect(within(region).getByRole('button', { name: 'Resend verification e-mail' })).toBeEnabled();
  });

  it('goes once the address turns out to be verified already', async () => {
    let verified = false;
    server.use(
      configWith({}),
      http.get('/api/user', () => HttpResponse.json(aUser({ emailVerified: verified }))),
      http.get('/api/dashboard', () => HttpResponse.json(aDashboard())),
      http.post('/api/email/verification', () => {
        verified = true;
        return HttpResponse.json({ code: 'email.already_verified', message: 'Your e-mail address is already verified.' }, { status: 409 });
      }),
    );
    const { user } = renderApp('/');
    await user.click(within(await banner()).getByRole('button', { name: 'Resend verification e-mail' }));
    await screen.findByRole('heading', { name: /Welcome back/ });
    await expect.poll(() => screen.queryByRole('region', { name: 'E-mail verification' })).toBeNull();
  });

  it('is not shown where the server sends no e-mail: no link can arrive, and checkout asks for none', async () => {
    signedInAs(aUser({ emailVerified: false }), { mailServer: false });
    const { app } = renderApp('/');
    expect(await screen.findByRole('heading', { name: /Welcome back/ })).toBeInTheDocument();
    // Once the configuration is in, still no banner.
    await waitFor(() => expect(app.queryClient.getQueryData(['/api/config'])).toMatchObject({ verifiedEmailRequired: false }));
    expect(screen.queryByRole('region', { name: 'E-mail verification' })).not.toBeInTheDocument();
  });

  it('is not shown to a verified user', async () => {
    signedInAs(aUser({ emailVerified: true }));
    renderApp('/');
    expect(await screen.findByRole('heading', { name: /Welcome back/ })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'E-mail verification' })).not.toBeInTheDocument();
  });
});
