import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { aTier } from '../test/builders.ts';
import { renderApp } from '../test/render-app.tsx';
import { server } from '../test/server.ts';

const plan = (name: string) => screen.findByRole('article', { name: `${name} plan` });

describe('landing page', () => {
  it('renders the pricing cards from GET /api/subscription-tiers', async () => {
    server.use(
      http.get('/api/subscription-tiers', () =>
        HttpResponse.json([
          aTier({ id: 'defender', name: 'Defender', price: '89', credits: 40, features: ['Watch every council'] }),
          aTier({ id: 'citizen', name: 'Citizen', price: '0', credits: 1, maxPages: 1, maxCharacters: 1000 }),
          aTier({ id: 'patriot', name: 'Patriot', price: '25', credits: 7 }),
        ]),
      ),
    );
    renderApp('/');

    const defender = await plan('Defender');
    expect(within(defender).getByText('$89')).toBeInTheDocument();
    expect(within(defender).getByText('40 analysis credits every month')).toBeInTheDocument();
    expect(within(defender).getByText('Watch every council')).toBeInTheDocument();
    expect(within(defender).getByRole('link', { name: 'Upgrade to Defender' })).toHaveAttribute('href', '/subscribe');
    const patriot = await plan('Patriot');
    expect(within(patriot).getByText('Most Popular')).toBeInTheDocument();
    expect(within(patriot).getByRole('link', { name: 'Upgrade to Patriot' })).toHaveAttribute('href', '/subscribe');
    expect(within(await plan('Citizen')).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/login');
    // Cheapest first, whatever order the server answers in.
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual([
      'Citizen plan',
      'Patriot plan',
      'Defender plan',
    ]);
  });

  it('falls back to the built-in tiers when the call fails, never advertising more than they give', async () => {
    server.use(http.get('/api/subscription-tiers', () => HttpResponse.json({ code: 'internal', message: 'boom' }, { status: 500 })));
    renderApp('/');

    expect(within(await plan('Citizen')).getByText('$0')).toBeInTheDocument();
    expect(within(await plan('Patriot')).getByText('5 analysis credits every month')).toBeInTheDocument();
    expect(within(await plan('Defender')).getByText('50 analysis credits every month')).toBeInTheDocument();
    expect(screen.queryByText(/unlimited|100/i)).not.toBeInTheDocument();
  });

  it('has the navigation, hero, six features and footer of the spec', async () => {
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Features' })).toHaveAttribute('href', '#features');
    expect(within(nav).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '#pricing');
    expect(within(nav).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(within(nav).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: /Get Started - Free/ })).toHaveAttribute('href', '/signup');
    for (const feature of ['Document Analysis', 'Constitutional Check', 'Policy Impact', 'Privacy Protected', 'Citizen Reports', 'Watchdog History']) {
      expect(screen.getByRole('heading', { name: feature })).toBeInTheDocument();
    }
    for (const link of ['Constitution Guide', 'Citizen Resources']) {
      expect(screen.getByRole('link', { name: link })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'API Documentation' })).toHaveAttribute('href', '/api/docs');
    expect(screen.getByText(/© 2025/)).toBeInTheDocument();
  });

  it('shows Features, Pricing and Sign Up behind Menu, a disclosure closed again by Escape or by following a link', async () => {
    const user = userEvent.setup();
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const menu = within(nav).getByRole('button', { name: 'Menu' });
    const panel = document.getElementById(menu.getAttribute('aria-controls') ?? '');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeVisible();

    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toBeVisible();
    expect(within(panel!).getByRole('link', { name: 'Features' })).toHaveAttribute('href', '#features');
    expect(within(panel!).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '#pricing');
    expect(within(panel!).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');

    await user.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();

    await user.click(menu);
    await user.click(within(panel!).getByRole('link', { name: 'Pricing' }));
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeVisible();
  });
});
