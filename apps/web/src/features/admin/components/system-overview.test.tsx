import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { anAuditEntry, serveAdminApi, someTrends } from '../../../test/admin-api.ts';
import { server } from '../../../test/server.ts';
import { renderApp } from '../../../test/render-app.tsx';

describe('system stats', () => {
  it('shows total, free and paid users, administrators, analyses and credits spent', async () => {
    serveAdminApi({ stats: { totalUsers: 1234, freeUsers: 1000, paidUsers: 234, admins: 2, totalAnalyses: 5678, creditsSpent: 5600 } });
    renderApp('/admin');
    const region = await screen.findByRole('region', { name: 'System Stats' });
    const value = (label: string) => within(region).getByText(label).nextElementSibling;

    expect(await within(region).findByText('1,234')).toBeInTheDocument();
    expect(value('Total Users')).toHaveTextContent('1,234');
    expect(value('Free Users')).toHaveTextContent('1,000');
    expect(value('Paid Users')).toHaveTextContent('234');
    expect(value('Administrators')).toHaveTextContent('2');
    expect(value('Total Analyses')).toHaveTextContent('5,678');
    expect(value('Credits Spent')).toHaveTextContent('5,600');
  });
});

describe('system stats trends', () => {
  it('draws the last 30 days of analyses, sign-ups and revenue, each headed by its total, a tooltip and a table row per day', async () => {
    serveAdminApi({
      trends: someTrends({
        '2026-02-15': { analyses: 2 },
        '2026-03-01': { analyses: 1_203, signUps: 4, revenueCents: 2900 },
        '2026-03-16': { signUps: 1, revenueCents: 9900 - 1000 },
      }),
    });
    const { user } = renderApp('/admin');
    const region = await screen.findByRole('region', { name: 'System Stats' });
    const chart = async (title: string) => within(region).findByRole('figure', { name: new RegExp(`^${title}`) });

    expect(await chart('Analyses')).toHaveAccessibleName('Analyses 1,205 in the last 30 days');
    expect(await chart('Sign-ups')).toHaveAccessibleName('Sign-ups 5 in the last 30 days');
    const revenue = await chart('Revenue');
    expect(revenue).toHaveAccessibleName('Revenue $118.00 in the last 30 days');

    const tooltips = [...revenue.querySelectorAll('svg title')].map((title) => title.textContent);
    expect(tooltips).toHaveLength(30);
    expect(tooltips[0]).toBe('Feb 15: $0.00');
    expect(tooltips).toContain('Mar 1: $29.00');
    expect(tooltips.at(-1)).toBe('Mar 16: $89.00');

    await user.click(within(revenue).getByText('Revenue by day', { selector: 'summary' }));
    const table = within(revenue).getByRole('table', { name: 'Revenue by day' });
    expect(table.closest('details')).toHaveAttribute('open');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(30);
    expect(rows[0]).toHaveTextContent('Sun, Feb 15, 2026$0.00');
    expect(within(table).getByRole('rowheader', { name: 'Sun, Mar 1, 2026' }).closest('tr')).toHaveTextContent('$29.00');
    expect(rows.at(-1)).toHaveTextContent('Mon, Mar 16, 2026$89.00');
  });

  it('still shows the figures when the trends cannot be loaded, and says so', async () => {
    serveAdminApi();
    server.use(http.get('/api/admin/stats/trends', () => HttpResponse.json({ code: 'internal', message: 'Something went wrong' }, { status: 500 })));
    renderApp('/admin');
    const region = await screen.findByRole('region', { name: 'System Stats' });
    expect(await within(region).findByText('Could not load the trends. Reload the page to try again.')).toBeInTheDocument();
    expect(within(region).getByText('Total Users').nextElementSibling).toHaveTextContent('42');
    expect(within(region).queryByRole('figure')).not.toBeInTheDocument();
  });
});

describe('audit log', () => {
  it('lists who did what to which target, when, and the change, newest first, a page at a time', async () => {
    const newest = anAuditEntry({ actor: 'grace@example.org', action: 'promo.create', target: 'SPRING25', before: null, after: { code: 'SPRING25', credits: 5 }, createdAt: new Date(Date.now() - 60_000).toISOString() });
    const older = Array.from({ length: 24 }, (_, i) =>
      anAuditEntry({ target: `user${i}@example.org`, createdAt: new Date(Date.now() - (i + 2) * 3_600_000).toISOString() }),
    );
    const api = serveAdminApi({ audit: [newest, ...older] });
    const { user } = renderApp('/admin');
    const region = await screen.findByRole('region', { name: 'Audit Log' });

    const rows = (await within(region).findAllByRole('row')).slice(1);
    expect(rows).toHaveLength(20);
    expect(within(rows[0]!).getByText('grace@example.org')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Promo code created')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('SPRING25')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('1 minute ago')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('code: — → SPRING25')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Tier changed')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('tier: citizen → patriot')).toBeInTheDocument();
    expect(within(region).getByText('Page 1 of 2')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(within(region).getByRole('button', { name: 'Next' }));
    expect(await within(region).findByText('Page 2 of 2')).toBeInTheDocument();
    expect(await within(region).findByText('user23@example.org')).toBeInTheDocument();
    expect(within(region).getAllByRole('row').slice(1)).toHaveLength(5);
    expect(within(region).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(api.callsTo('GET', '/api/admin/audit').map((c) => c.search.get('page'))).toEqual(['1', '2']);
  });

  it('shows an administrative action in the log as soon as it is made', async () => {
    const api = serveAdminApi({ audit: [] });
    const { user } = renderApp('/admin');
    const region = await screen.findByRole('region', { name: 'Audit Log' });
    expect(await within(region).findByText('No administrative actions yet.')).toBeInTheDocument();

    api.state.audit.unshift(anAuditEntry({ action: 'prompt.update', target: 'summary_prompt', before: { value: 'Summary prompt' }, after: { value: 'New' } }));
    await user.click(await screen.findByRole('button', { name: 'Save Prompts' }));
    expect(await within(region).findByText('Prompt updated')).toBeInTheDocument();
  });
});
