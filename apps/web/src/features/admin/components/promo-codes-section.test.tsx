import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { aPromo, serveAdminApi } from '../../../test/admin-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { server } from '../../../test/server.ts';

const REQUIRED = 'Please fill in all required fields (code and expiry date)';

async function openForm() {
  const api = serveAdminApi({ promos: [aPromo({ code: 'WELCOME10', credits: 10, currentUses: 3, maxUses: 100 }), aPromo({ code: 'HALFOFF', type: 'discount', credits: 0, discountPercent: 50, currentUses: 0, maxUses: 1, isActive: false })] });
  const rendered = renderApp('/admin');
  const form = await screen.findByRole('form', { name: 'Create promo code' });
  const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
  return { ...rendered, api, form, alert };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('promo code management', () => {
  it('lists each code with its type, value, uses, expiry and status', async () => {
    await openForm();
    const region = screen.getByRole('region', { name: 'Promo Codes' });
    const welcome = (await within(region).findByText('WELCOME10')).closest('tr')!;
    expect(within(welcome).getByText('10 credits')).toBeInTheDocument();
    expect(within(welcome).getByText('3 / 100')).toBeInTheDocument();
    expect(within(welcome).getByText('Active')).toBeInTheDocument();
    // Stored as the next midnight (UTC), shown as the last day it works.
    expect(within(welcome).getByText('Through Dec 31, 2098')).toBeInTheDocument();
    const half = within(region).getByText('HALFOFF').closest('tr')!;
    expect(within(half).getByText('50% off')).toBeInTheDocument();
    expect(within(half).getByText('Inactive')).toBeInTheDocument();
  });

  it('alerts when the code or the expiry date is missing, and sends nothing', async () => {
    const { api, user, form, alert } = await openForm();
    await user.click(within(form).getByRole('button', { name: 'Create Promo Code' }));
    expect(alert).toHaveBeenCalledWith(REQUIRED);

    await user.type(within(form).getByLabelText('Code'), 'spring');
    await user.click(within(form).getByRole('button', { name: 'Create Promo Code' }));
    expect(alert).toHaveBeenCalledTimes(2);

    await user.clear(within(form).getByLabelText('Code'));
    await user.type(within(form).getByLabelText('Expiry Date'), '2099-12-31');
    await user.click(within(form).getByRole('button', { name: 'Create Promo Code' }));
    expect(alert).toHaveBeenCalledTimes(3);
    expect(api.callsTo('POST', '/api/admin/promo-codes')).toHaveLength(0);
  });

  it('upper-cases the code as typed, sends whole numbers with their defaults, and resets the form', async () => {
    const { api, user, form, alert } = await openForm();
    const code = within(form).getByLabelText('Code');
    await user.type(code, 'spring25');
    expect(code).toHaveValue('SPRING25');
    await user.type(within(form).getByLabelText('Credits'), '7.9');
    await user.clear(within(form).getByLabelText('Max Uses'));
    await user.type(within(form).getByLabelText('Expiry Date'), '2099-12-31');
    await user.click(within(form).getByRole('button', { name: 'Create Promo Code' }));

    expect(await screen.findByText('Promo Code Created')).toBeInTheDocument();
    expect(alert).not.toHaveBeenCalled();
    expect(api.callsTo('POST', '/api/admin/promo-codes').map((c) => c.body)).toEqual([
      // The day is included in full: the code expires when it ends (UTC).
      { code: 'SPRING25', type: 'credits', credits: 7, discountPercent: 0, maxUses: 1, expiresAt: '2100-01-01T00:00:00.000Z', isActive: true },
    ]);
    expect(code).toHaveValue('');
    expect(within(form).getByLabelText('Type')).toHaveValue('credits');
    expect(within(form).getByLabelText('Credits')).toHaveValue(null);
    expect(within(form).getByLabelText('Discount Percent')).toHaveValue(null);
    expect(within(form).getByLabelText('Max Uses')).toHaveValue(1);
    expect(within(form).getByLabelText('Expiry Date')).toHaveValue('');
    expect(await within(screen.getByRole('region', { name: 'Promo Codes' })).findByText('SPRING25')).toBeInTheDocument();
  });

  it('creates a discount code with its percent', async () => {
    const { api, user, form } = await openForm();
    await user.type(within(form).getByLabelText('Code'), 'HALF');
    await user.selectOptions(within(form).getByLabelText('Type'), 'discount');
    await user.type(within(form).getByLabelText('Discount Percent'), '50');
    await user.clear(within(form).getByLabelText('Max Uses'));
    await user.type(within(form).getByLabelText('Max Uses'), '10');
    await user.type(within(form).getByLabelText('Expiry Date'), '2099-06-30');
    await user.click(within(form).getByRole('button', { name: 'Create Promo Code' }));

    expect(await screen.findByText('Promo Code Created')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/promo-codes')[0]!.body).toMatchObject({ code: 'HALF', type: 'discount', credits: 0, discountPercent: 50, maxUses: 10 });
  });

  it('shows the shared rule beside its field: a discount is 1 to 100 percent', async () => {
    const { api, user, form } = await openForm();
    await user.type(within(form).getByLabelText('Code'), 'TOOMUCH');
    await user.selectOptions(within(form).getByLabelText('Type'), 'discount');
    await user.type(within(form).getByLabelText('Discount Percent'), '150');
    await user.type(within(form).getByLabelText('Expiry Date'), '2099-06-30');
    await user.click(within(form).getByRole('button', { name: 'Create Promo Code' }));

    expect(await within(form).findByText('The discount must be between 1 and 100 percent')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/promo-codes')).toHaveLength(0);
  });

  it('toasts Failed to create promo code, keeping what was typed', async () => {
    const { user, form } = await openForm();
    server.use(http.post('/api/admin/promo-codes', () => HttpResponse.json({ code: 'promo.exists', message: 'A promo code with this code already exists' }, { status: 409 })));
    await user.type(within(form).getByLabelText('Code'), 'WELCOME10');
    await user.type(within(form).getByLabelText('Credits'), '5');
    await user.type(within(form).getByLabelText('Expiry Date'), '2099-06-30');
    await user.click(within(form).getByRole('button', { name: 'Create Promo Code' }));

    expect(await screen.findByText('Failed to create promo code')).toBeInTheDocument();
    expect(screen.getByText('A promo code with this code already exists')).toBeInTheDocument();
    expect(within(form).getByLabelText('Code')).toHaveValue('WELCOME10');
  });

  it('deletes a code after a confirmation', async () => {
    const { api, user } = await openForm();
    const region = screen.getByRole('region', { name: 'Promo Codes' });
    await user.click(await within(region).findByRole('button', { name: 'Delete WELCOME10' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete Code' }));

    expect(await screen.findByText('Promo Code Deleted')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    await waitFor(() => expect(within(region).queryByText('WELCOME10')).not.toBeInTheDocument());
  });

  it('toasts Failed to delete promo code', async () => {
    const { user } = await openForm();
    server.use(http.delete('/api/admin/promo-codes/:id', () => new HttpResponse('boom', { status: 500 })));
    const region = screen.getByRole('region', { name: 'Promo Codes' });
    await user.click(await within(region).findByRole('button', { name: 'Delete WELCOME10' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete Code' }));

    expect(await screen.findByText('Failed to delete promo code')).toBeInTheDocument();
    expect(within(region).getByText('WELCOME10')).toBeInTheDocument();
  });
});
