import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { serveAdminApi } from '../../../test/admin-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { server } from '../../../test/server.ts';

async function openTier(name: string) {
  const api = serveAdminApi();
  const rendered = renderApp('/admin');
  const form = await screen.findByRole('form', { name: `${name} tier` });
  return { ...rendered, api, form };
}

describe('tier editing', () => {
  it("shows a tier's price, credits, limits, features, Stripe price and whether it is offered", async () => {
    const { form } = await openTier('Patriot');
    expect(within(form).getByLabelText('Price ($ per month)')).toHaveValue(29);
    expect(within(form).getByLabelText('Monthly Credits')).toHaveValue(5);
    expect(within(form).getByLabelText('Page Limit')).toHaveValue(5);
    expect(within(form).getByLabelText('Character Limit')).toHaveValue(10000);
    expect(within(form).getByLabelText('Features (one per line)')).toHaveValue('5 analyses per month\nState-level analysis');
    expect(within(form).getByLabelText('Stripe Price ID')).toHaveValue('price_patriot');
    expect(within(form).getByLabelText(/Active/)).toBeChecked();
  });

  it('saves one tier with PATCH and says so', async () => {
    const { api, user, form } = await openTier('Patriot');
    await user.clear(within(form).getByLabelText('Price ($ per month)'));
    await user.type(within(form).getByLabelText('Price ($ per month)'), '35');
    await user.clear(within(form).getByLabelText('Monthly Credits'));
    await user.type(within(form).getByLabelText('Monthly Credits'), '8');
    await user.type(within(form).getByLabelText('Features (one per line)'), '\n\n  Priority support  ');
    await user.clear(within(form).getByLabelText('Stripe Price ID'));
    await user.type(within(form).getByLabelText('Stripe Price ID'), 'price_new');
    await user.click(within(form).getByLabelText(/Active/));
    await user.click(within(form).getByRole('button', { name: 'Save Tier' }));

    expect(await screen.findByText('Tier Saved')).toBeInTheDocument();
    expect(screen.getByText('The Patriot tier has been updated.')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/admin/tiers/patriot').map((c) => c.body)).toEqual([
      {
        price: 35,
        credits: 8,
        maxPages: 5,
        maxCharacters: 10000,
        features: ['5 analyses per month', 'State-level analysis', 'Priority support'],
        stripePriceId: 'price_new',
        isActive: false,
      },
    ]);
  });

  it('keeps the Citizen tier free and offered', async () => {
    const { form } = await openTier('Citizen');
    expect(within(form).getByLabelText('Price ($ per month)')).toBeDisabled();
    expect(within(form).getByLabelText('Stripe Price ID')).toBeDisabled();
    expect(within(form).getByLabelText(/Active/)).toBeDisabled();
    expect(within(form).getByLabelText('Monthly Credits')).toBeEnabled();
  });

  it('shows the shared rules beside their fields and sends nothing', async () => {
    const { api, user, form } = await openTier('Defender');
    await user.clear(within(form).getByLabelText('Stripe Price ID'));
    await user.type(within(form).getByLabelText('Stripe Price ID'), 'prod_123');
    await user.clear(within(form).getByLabelText('Page Limit'));
    await user.click(within(form).getByRole('button', { name: 'Save Tier' }));

    expect(await within(form).findByText('A Stripe Price id starts with price_')).toBeInTheDocument();
    expect(within(form).getByText('Enter a whole number')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/admin/tiers/defender')).toHaveLength(0);
  });

  it("toasts the server's refusal", async () => {
    const { user, form } = await openTier('Defender');
    server.use(http.patch('/api/admin/tiers/:id', () => HttpResponse.json({ code: 'validation.invalid', message: 'The price is a whole number of dollars' }, { status: 400 })));
    await user.click(within(form).getByRole('button', { name: 'Save Tier' }));

    expect(await screen.findByText('Failed to save tier')).toBeInTheDocument();
    expect(screen.getByText('The price is a whole number of dollars')).toBeInTheDocument();
  });
});
