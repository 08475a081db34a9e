import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { anOutboxMessage, serveAdminApi } from '../../../test/admin-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { server } from '../../../test/server.ts';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const openOutbox = async () => screen.findByRole('region', { name: 'E-mail Outbox' });

describe('e-mail outbox', () => {
  it('lists each message newest first with its recipient, subject, kind, age and where its delivery stands', async () => {
    serveAdminApi({
      outbox: [
        anOutboxMessage({ to: 'rosa@example.org', subject: 'Welcome to CivicWatch', kind: 'welcome', createdAt: minutesAgo(2) }),
        anOutboxMessage({
          to: 'ada@example.org', subject: 'Your CivicWatch receipt', kind: 'payment_receipt', createdAt: minutesAgo(90),
          status: 'sent', attempts: 1, sentAt: minutesAgo(60),
        }),
        anOutboxMessage({
          to: 'gone@example.org', subject: 'Your analysis is ready', kind: 'analysis_complete', createdAt: minutesAgo(3 * 24 * 60),
          status: 'failed', attempts: 10, lastError: '550 5.1.1 no such user', givenUpAt: minutesAgo(2 * 24 * 60),
        }),
        anOutboxMessage({ to: 'ben@example.org', createdAt: minutesAgo(4 * 24 * 60), status: 'pending', attempts: 2, lastError: '451 try again later' }),
      ],
    });
    renderApp('/admin');
    const region = await openOutbox();
    const rows = (await within(region).findAllByRole('row')).slice(1);
    expect(rows).toHaveLength(4);

    const [waiting, sent, failed, retrying] = rows as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(within(waiting).getByText('rosa@example.org')).toBeInTheDocument();
    expect(within(waiting).getByText('Welcome to CivicWatch')).toBeInTheDocument();
    expect(within(waiting).getByText('Welcome')).toBeInTheDocument();
    expect(within(waiting).getByText('2 minutes ago')).toBeInTheDocument();
    expect(within(waiting).getByText('Pending')).toBeInTheDocument();
    expect(within(waiting).queryByText(/attempt/)).not.toBeInTheDocument();

    expect(within(sent).getByText('Payment receipt')).toBeInTheDocument();
    expect(within(sent).getByText('Sent')).toBeInTheDocument();
    expect(within(sent).getByText('about 1 hour ago')).toBeInTheDocument();
    expect(within(sent).getByText('about 2 hours ago')).toBeInTheDocument();

    expect(within(failed).getByText('Analysis ready')).toBeInTheDocument();
    expect(within(failed).getByText('Failed')).toBeInTheDocument();
    expect(within(failed).getByText(/^10 attempts, gave up/)).toHaveTextContent('10 attempts, gave up 2 days ago');
    expect(within(failed).getByText('550 5.1.1 no such user')).toBeInTheDocument();

    expect(within(retrying).getByText('Pending')).toBeInTheDocument();
    expect(within(retrying).getByText('2 attempts')).toBeInTheDocument();
    expect(within(retrying).getByText('451 try again later')).toBeInTheDocument();
  });

  it('shows a message\'s whole body when asked, and hides it again', async () => {
    const text = 'Hello Rosa,\n\nWelcome to CivicWatch. You have 1 free analysis.\n\nStop optional e-mails: http://localhost:3000/unsubscribe?token=t0k3n\n';
    serveAdminApi({ outbox: [anOutboxMessage({ to: 'rosa@example.org', text })] });
    const { user } = renderApp('/admin');
    const region = await openOutbox();
    const show = await within(region).findByRole('button', { name: 'Show the message to rosa@example.org: Welcome to CivicWatch' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    expect(within(region).queryByText(/You have 1 free analysis/)).not.toBeInTheDocument();

    await user.click(show);
    const hide = within(region).getByRole('button', { name: 'Hide the message to rosa@example.org: Welcome to CivicWatch' });
    expect(hide).toHaveAttribute('aria-expanded', 'true');
    const body = within(region).getByText(/You have 1 free analysis/);
    expect(body.textContent).toBe(text);
    expect(body).toHaveAttribute('id', hide.getAttribute('aria-controls'));

    await user.click(hide);
    expect(within(region).queryByText(/You have 1 free analysis/)).not.toBeInTheDocument();
  });

  it('pages through the outbox 20 at a time', async () => {
    const messages = Array.from({ length: 23 }, (_, i) => anOutboxMessage({ to: `reader${i + 1}@example.org`, createdAt: minutesAgo(i + 1) }));
    const api = serveAdminApi({ outbox: messages });
    const { user } = renderApp('/admin');
    const region = await openOutbox();
    expect((await within(region).findAllByRole('row')).slice(1)).toHaveLength(20);
    expect(within(region).getByText('Page 1 of 2')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(within(region).getByRole('button', { name: 'Next' }));
    expect(await within(region).findByText('reader23@example.org')).toBeInTheDocument();
    expect(within(region).getByText('Page 2 of 2')).toBeInTheDocument();
    expect(within(region).getAllByRole('row').slice(1)).toHaveLength(3);
    expect(api.callsTo('GET', '/api/admin/outbox').map((c) => [c.search.get('page'), c.search.get('pageSize')])).toEqual([['1', '20'], ['2', '20']]);
  });

  it('says when there is no e-mail yet', async () => {
    serveAdminApi({ outbox: [] });
    renderApp('/admin');
    expect(await within(await openOutbox()).findByText('No e-mail yet.')).toBeInTheDocument();
  });

  it('says so when the outbox could not be loaded', async () => {
    serveAdminApi();
    server.use(http.get('/api/admin/outbox', () => HttpResponse.json({ code: 'internal', message: 'Internal Server Error' }, { status: 500 })));
    renderApp('/admin');
    expect(await within(await openOutbox()).findByRole('alert')).toHaveTextContent('Could not load the outbox. Reload the page to try again.');
  });
});
