import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { aDashboard, aUser, unauthorized } from '../../../test/builders.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { server } from '../../../test/server.ts';

function signedInAs(user = aUser()) {
  server.use(
    http.get('/api/user', () => HttpResponse.json(user)),
    http.get('/api/dashboard', () => HttpResponse.json(aDashboard({ user }))),
  );
}

async function openEditor() {
  const rendered = renderApp('/');
  const card = await screen.findByRole('region', { name: 'Profile Settings' });
  await rendered.user.click(within(card).getByRole('button', { name: 'Edit Profile' }));
  return { ...rendered, card };
}

describe('Profile Settings card', () => {
  it('shows the read-only profile with Upgrade Plan for a citizen', async () => {
    signedInAs(aUser({ state: 'NY' }));
    renderApp('/');
    const card = await screen.findByRole('region', { name: 'Profile Settings' });
    expect(within(card).getByText('ada@example.org')).toBeInTheDocument();
    expect(within(card).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(card).getByText('United States')).toBeInTheDocument();
    expect(within(card).getByText('New York')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Upgrade Plan' })).toHaveAttribute('href', '/subscribe');
  });

  it('offers Manage Subscription to paid users, whose Cancel Subscription explains how', async () => {
    signedInAs(aUser({ subscriptionTier: 'defender', tier: 'defender' }));
    const { user } = renderApp('/');
    const card = await screen.findByRole('region', { name: 'Profile Settings' });

    await user.click(within(card).getByRole('button', { name: 'Manage Subscription' }));
    await user.click(within(card).getByRole('button', { name: 'Cancel Subscription' }));

    expect(await screen.findByText('Contact support to cancel your subscription.')).toBeInTheDocument();
  });

  it('saves the profile, toasts and returns to the updated view', async () => {
    signedInAs();
    let body: unknown;
    server.use(
      http.patch('/api/profile', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(aUser({ firstName: 'Augusta', country: 'GB', state: 'Kent' }));
      }),
    );
    const { user, card } = await openEditor();

    const firstName = within(card).getByLabelText('First Name');
    await user.clear(firstName);
    await user.type(firstName, 'Augusta');
    await user.selectOptions(within(card).getByLabelText('Country'), 'GB');
    // Outside the United States the state is free text.
    await user.type(within(card).getByLabelText('State / Province'), 'Kent');
    expect(within(card).getByLabelText('Subscription Level')).toHaveValue('Citizen');
    await user.click(within(card).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(screen.getByText('Your profile has been updated successfully.')).toBeInTheDocument();
    expect(body).toEqual({ firstName: 'Augusta', lastName: 'Lovelace', country: 'GB', state: 'Kent' });
    expect(await within(card).findByText('Augusta Lovelace')).toBeInTheDocument();
    expect(within(card).getByText('United Kingdom')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
  });

  it('offers the 50 state codes when the country is the United States', async () => {
    signedInAs();
    const { card } = await openEditor();
    const state = within(card).getByLabelText('State');
    expect(within(state).getAllByRole('option').filter((o) => o.getAttribute('value'))).toHaveLength(50);
    expect(state).toHaveValue('IL');
    expect(within(within(card).getByLabelText('Country')).getAllByRole('option')).toHaveLength(26);
  });

  it('on a 401 says the user is logged out and goes to /login', async () => {
    signedInAs();
    server.use(http.patch('/api/profile', () => HttpResponse.json(unauthorized, { status: 401 })));
    const { user, card, app } = await openEditor();

    await user.click(within(card).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Unauthorized')).toBeInTheDocument();
    expect(screen.getByText('You are logged out. Logging in again...')).toBeInTheDocument();
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'));
  });

  it('on any other failure says Failed to update profile. Please try again.', async () => {
    signedInAs();
    server.use(http.patch('/api/profile', () => HttpResponse.json({ code: 'internal', message: 'boom' }, { status: 500 })));
    const { user, card } = await openEditor();

    await user.click(within(card).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Failed to update profile. Please try again.')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Save Changes' })).toBeInTheDocument();
  });

  it('Cancel returns to the view without saving', async () => {
    signedInAs();
    const { user, card } = await openEditor();
    await user.click(within(card).getByRole('button', { name: 'Cancel' }));
    expect(within(card).getByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
  });
});
