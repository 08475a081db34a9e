import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { anAdmin, seededTiers, serveAdminApi, someUsers } from '../../../test/admin-api.ts';
import { aUser } from '../../../test/builders.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { server } from '../../../test/server.ts';

const usersRegion = () => screen.getByRole('region', { name: 'Users' });
const findUsersRegion = () => screen.findByRole('region', { name: 'Users' });

async function openManage(email: string) {
  const rendered = renderApp('/admin');
  await rendered.user.click(await screen.findByRole('button', { name: `Manage ${email}` }));
  const dialog = await screen.findByRole('dialog', { name: 'Manage User' });
  return { ...rendered, dialog };
}

describe('user overview', () => {
  it('lists the first 10 users with email, name, tier and credits, then And N more users...', async () => {
    const api = serveAdminApi({ users: someUsers(14) });
    renderApp('/admin');

    expect(await within(await findUsersRegion()).findByText('And 5 more users...')).toBeInTheDocument();
    const rows = within(usersRegion()).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    expect(within(rows[0]!).getByText('admin@example.org')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('user1@example.org')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('User1 Citizen')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Citizen')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: 'Manage user1@example.org' })).toBeInTheDocument();
    expect(within(usersRegion()).queryByText('user10@example.org')).not.toBeInTheDocument();
    const list = api.callsTo('GET', '/api/admin/users')[0]!;
    expect(list.search.get('page')).toBe('1');
    expect(list.search.get('pageSize')).toBe('10');
  });

  it('shows no "more" line when every user fits', async () => {
    serveAdminApi({ users: someUsers(3) });
    renderApp('/admin');
    expect(await within(await findUsersRegion()).findByText('user3@example.org')).toBeInTheDocument();
    expect(within(usersRegion()).queryByText(/more users/)).not.toBeInTheDocument();
  });

  it('searches on the server', async () => {
    const api = serveAdminApi({ users: [...someUsers(12), aUser({ id: crypto.randomUUID(), email: 'rosa@example.org', firstName: 'Rosa', lastName: 'Parks' })] });
    const { user } = renderApp('/admin');
    await within(await findUsersRegion()).findByText('And 4 more users...');

    await user.type(within(usersRegion()).getByLabelText('Search users'), 'rosa');
    expect(await within(usersRegion()).findByText('rosa@example.org')).toBeInTheDocument();
    await waitFor(() => expect(within(usersRegion()).getAllByRole('row')).toHaveLength(2));
    expect(within(usersRegion()).queryByText(/more users/)).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/admin/users').at(-1)!.search.get('q')).toBe('rosa');
  });
});

describe('Manage User dialog', () => {
  it.each([
    ['Patriot', 5, 'patriot'],
    ['Defender', 50, 'defender'],
  ] as const)('sends the tier at once when %s is chosen, with its %i credits', async (label, credits, tier) => {
    const [target] = someUsers(1);
    const api = serveAdminApi({ users: [target!] });
    const { user, dialog } = await openManage(target!.email);

    await user.selectOptions(within(dialog).getByLabelText('Subscription Tier'), label);
    expect(await screen.findByText('User Updated')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/update-user-tier').map((c) => c.body)).toEqual([{ userId: target!.id, tier, credits }]);
    expect(within(dialog).getByTestId('manage-user-credits')).toHaveTextContent(String(credits));
  });

  it('sets Citizen back to 1 credit, and follows credits an administrator gave a tier', async () => {
    const [target] = someUsers(1).map((u) => ({ ...u, subscriptionTier: 'defender' as const, tier: 'defender' as const, credits: 40 }));
    const tiers = seededTiers().map((t) => (t.id === 'patriot' ? { ...t, credits: 8 } : t));
    const api = serveAdminApi({ users: [target!], tiers });
    const { user, dialog } = await openManage(target!.email);
    // The credits come from the tiers, once loaded.
    expect(await within(dialog).findByText(/Patriot 8/)).toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText('Subscription Tier'), 'Citizen');
    await screen.findByText('User Updated');
    await user.selectOptions(within(dialog).getByLabelText('Subscription Tier'), 'Patriot');
    await waitFor(() => expect(api.callsTo('POST', '/api/admin/update-user-tier')).toHaveLength(2));
    expect(api.callsTo('POST', '/api/admin/update-user-tier').map((c) => c.body)).toEqual([
      { userId: target!.id, tier: 'citizen', credits: 1 },
      { userId: target!.id, tier: 'patriot', credits: 8 },
    ]);
  });

  it('toasts Update Failed with the server message and keeps the old tier', async () => {
    const [target] = someUsers(1);
    serveAdminApi({ users: [target!] });
    server.use(http.post('/api/admin/update-user-tier', () => HttpResponse.json({ code: 'user.not_found', message: 'No such user' }, { status: 404 })));
    const { user, dialog } = await openManage(target!.email);

    await user.selectOptions(within(dialog).getByLabelText('Subscription Tier'), 'Patriot');
    expect(await screen.findByText('Update Failed')).toBeInTheDocument();
    expect(screen.getByText('No such user')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Subscription Tier')).toHaveValue('citizen');
  });

  it('enables Process Refund only with both amount and reason, and closes after a refund', async () => {
    const [target] = someUsers(1);
    const api = serveAdminApi({ users: [target!] });
    const { user, dialog } = await openManage(target!.email);
    const submit = within(dialog).getByRole('button', { name: 'Process Refund' });

    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Amount ($)'), '12.5');
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Reason'), '   ');
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Reason'), 'Charged twice');
    expect(submit).toBeEnabled();
    await user.clear(within(dialog).getByLabelText('Amount ($)'));
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Amount ($)'), '12.5');

    await user.click(submit);
    expect(await screen.findByText('Refund Processed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Manage User' })).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/api/admin/refund').map((c) => c.body)).toEqual([{ userId: target!.id, amount: 12.5, reason: 'Charged twice' }]);
  });

  it('toasts Refund Failed with the server message and stays open', async () => {
    const [target] = someUsers(1);
    serveAdminApi({ users: [target!] });
    const tooMuch = 'A refund cannot be more than was paid: at most $29.00 can be refunded on this user\'s latest payment';
    server.use(http.post('/api/admin/refund', () => HttpResponse.json({ code: 'validation.invalid', message: tooMuch }, { status: 400 })));
    const { user, dialog } = await openManage(target!.email);

    await user.type(within(dialog).getByLabelText('Amount ($)'), '500');
    await user.type(within(dialog).getByLabelText('Reason'), 'Goodwill');
    await user.click(within(dialog).getByRole('button', { name: 'Process Refund' }));
    expect(await screen.findByText('Refund Failed')).toBeInTheDocument();
    expect(screen.getByText(tooMuch)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Manage User' })).toBeInTheDocument();
  });

  it('closes on Cancel without calling anything', async () => {
    const [target] = someUsers(1);
    const api = serveAdminApi({ users: [target!] });
    const { user, dialog } = await openManage(target!.email);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Manage User' })).not.toBeInTheDocument());
    expect(api.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('deletes a user after a confirmation', async () => {
    const [target, other] = someUsers(2);
    const api = serveAdminApi({ users: [target!, other!] });
    const { user, dialog } = await openManage(target!.email);

    await user.click(within(dialog).getByRole('button', { name: 'Delete User' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this user?' });
    expect(api.callsTo('DELETE', `/api/admin/users/${target!.id}`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete User' }));

    expect(await screen.findByText('User deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', `/api/admin/users/${target!.id}`)).toHaveLength(1);
    await waitFor(() => expect(within(usersRegion()).queryByText(target!.email)).not.toBeInTheDocument());
    expect(within(usersRegion()).getByText(other!.email)).toBeInTheDocument();
  });

  it('toasts Delete Failed with the server message', async () => {
    const [target] = someUsers(1);
    serveAdminApi({ users: [target!] });
    server.use(http.delete('/api/admin/users/:id', () => HttpResponse.json({ code: 'user.not_found', message: 'No such user' }, { status: 404 })));
    const { user, dialog } = await openManage(target!.email);

    await user.click(within(dialog).getByRole('button', { name: 'Delete User' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete User' }));
    expect(await screen.findByText('Delete Failed')).toBeInTheDocument();
    expect(screen.getByText('No such user')).toBeInTheDocument();
  });

  it('marks an unverified address verified, and says so for a verified one', async () => {
    const target = aUser({ id: crypto.randomUUID(), email: 'rosa@example.org', emailVerified: false });
    const api = serveAdminApi({ users: [target] });
    const { user, dialog } = await openManage(target.email);

    expect(within(dialog).getByText('E-mail address not verified.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Mark Verified' }));
    expect(await screen.findByText('E-mail Verified')).toBeInTheDocument();
    expect(screen.getByText('rosa@example.org is verified.')).toBeInTheDocument();
    expect(within(dialog).getByText('E-mail address verified.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Mark Verified' })).not.toBeInTheDocument();
    expect(api.callsTo('POST', `/api/admin/users/${target.id}/verify-email`)).toHaveLength(1);
  });

  it('offers no delete for an administrator', async () => {
    serveAdminApi({ admin: anAdmin() });
    const { dialog } = await openManage('admin@example.org');
    expect(within(dialog).queryByRole('button', { name: 'Delete User' })).not.toBeInTheDocument();
    expect(within(dialog).getByText('Administrators cannot be deleted.')).toBeInTheDocument();
  });
});
