import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { aDashboard, aUser } from '../test/builders.ts';
import { renderApp } from '../test/render-app.tsx';
import { server } from '../test/server.ts';

function signedInAs(user = aUser()) {
  server.use(
    http.get('/api/user', () => HttpResponse.json(user)),
    http.get('/api/dashboard', () => HttpResponse.json(aDashboard({ user }))),
  );
}

const plan = (name: string) => screen.getByRole('article', { name: `${name} plan` });

async function openSubscribe() {
  const rendered = renderApp('/subscribe');
  expect(await screen.findByRole('heading', { name: 'Upgrade Your Watchdog Powers' })).toBeInTheDocument();
  await screen.findByRole('article', { name: 'Patriot plan' });
  return rendered;
}

describe('/subscribe', () => {
  it('offers a signed-out visitor the three plans: Get Started to /signup, Sign up for each paid plan to its checkout', async () => {
    await openSubscribe();

    expect(within(plan('Citizen')).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/signup');
    expect(within(plan('Patriot')).getByRole('link', { name: 'Sign up for Patriot' })).toHaveAttribute('href', '/checkout?tier=patriot&price=29');
    expect(within(plan('Defender')).getByRole('link', { name: 'Sign up for Defender' })).toHaveAttribute('href', '/checkout?tier=defender&price=99');
    expect(within(plan('Patriot')).getByText('Most Popular')).toBeInTheDocument();
    expect(within(plan('Defender')).queryByText('Most Popular')).not.toBeInTheDocument();
    expect(screen.queryByTestId('current-plan')).not.toBeInTheDocument();
    for (const blurb of ['Advanced Analysis', 'More Documents', 'Priority Support']) {
      expect(screen.getByRole('heading', { name: blurb })).toBeInTheDocument();
    }
    expect(screen.getByText(/can be cancelled at any time/)).toBeInTheDocument();
  });

  it('shows a citizen the current plan and credits, Current Plan on Citizen and Upgrade to on the paid plans', async () => {
    signedInAs(aUser({ credits: 1 }));
    await openSubscribe();

    await waitFor(() => expect(screen.getByTestId('current-plan')).toHaveTextContent('Current plan: Citizen'));
    expect(screen.getByTestId('current-plan')).toHaveTextContent('Credits: 1');
    expect(within(plan('Citizen')).getByRole('button', { name: 'Current Plan' })).toBeDisabled();
    expect(within(plan('Patriot')).getByRole('link', { name: 'Upgrade to Patriot' })).toHaveAttribute('href', '/checkout?tier=patriot&price=29');
    expect(within(plan('Defender')).getByRole('link', { name: 'Upgrade to Defender' })).toBeInTheDocument();
  });

  it('disables the plan a paid user is on', async () => {
    signedInAs(aUser({ subscriptionTier: 'patriot', tier: 'patriot', credits: 4 }));
    await openSubscribe();

    await waitFor(() => expect(within(plan('Patriot')).getByRole('button', { name: 'Current Plan' })).toBeDisabled());
    expect(within(plan('Defender')).getByRole('link', { name: 'Upgrade to Defender' })).toBeInTheDocument();
    expect(within(plan('Citizen')).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/');
  });

  it('takes an upgrade to the checkout of that plan', async () => {
    signedInAs();
    const { user, app } = await openSubscribe();
    await user.click(await within(plan('Defender')).findByRole('link', { name: 'Upgrade to Defender' }));

    expect(await screen.findByRole('heading', { name: 'Complete Your Subscription' })).toBeInTheDocument();
    expect(app.router.state.location.search).toEqual({ tier: 'defender', price: 99 });
    expect(screen.getByText('Defender Plan')).toBeInTheDocument();
  });
});
