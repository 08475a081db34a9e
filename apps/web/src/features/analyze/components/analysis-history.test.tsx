import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { AnalysisView } from '@civicwatch/core/contracts/index.ts';
import { aComparisonEntry, aDashboard, aLevyComparison, aResult, anAnalysis, aUser, listed } from '../../../test/builders.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { server } from '../../../test/server.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const titles = ['City Budget 2026', 'Zoning Ordinance 12', 'Council Minutes March', 'Parks Levy', 'Budget Amendment 3'];

/**
 * A history of `count` analyses on the server (and `extra` entries first), served with its paging and title search;
 * lists carry a summary-only result, GET /api/analyses/{id} the whole one (and `opened` records it); DELETE removes one.
 */
function history(count: number, extra: AnalysisView[] = []) {
  let items: AnalysisView[] = [...extra, ...Array.from({ length: count }, (_, i) =>
    anAnalysis({
      id: id(i + 1),
      createdAt: new Date(Date.now() - (i + 1) * 3_600_000).toISOString(),
      document: { title: titles[i % titles.length]!, type: 'pdf' },
      analysisType: i % 2 === 0 ? 'constitutional' : 'summary',
    }),
  )];
  const queries: URLSearchParams[] = [];
  const deleted: string[] = [];
  const opened: string[] = [];
  server.use(
    http.get('/api/user', () => HttpResponse.json(aUser())),
    http.get('/api/dashboard', () => HttpResponse.json(aDashboard({ analyses: items.slice(0, 5).map(listed) }))),
    http.get('/api/analyses', ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.push(params);
      const page = Number(params.get('page'));
      const pageSize = Number(params.get('pageSize'));
      const q = params.get('q')?.toLowerCase();
      const matching = q ? items.filter((a) => a.document.title.toLowerCase().includes(q)) : items;
      return HttpResponse.json({ items: matching.slice((page - 1) * pageSize, page * pageSize).map(listed), total: matching.length, page, pageSize });
    }),
    http.get('/api/analyses/:id', ({ params }) => {
      opened.push(String(params.id));
      const found = items.find((a) => a.id === params.id);
      return found ? HttpResponse.json(found) : HttpResponse.json({ code: 'analysis.not_found', message: 'Not found' }, { status: 404 });
    }),
    http.delete('/api/analyses/:id', ({ params }) => {
      deleted.push(String(params.id));
      items = items.filter((a) => a.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { queries, deleted, opened };
}

const list = () => screen.findByRole('list', { name: 'Past analyses' });

describe('Watchdog History at /history', () => {
  it('pages through past analyses, newest first', async () => {
    const server = history(12);
    const { user } = renderApp('/history');

    expect(within(await list()).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByText('12 analyses')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(within(await list()).getAllByText('Completed')).toHaveLength(10);
    expect(within(await list()).getByText('about 1 hour ago')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Previous/ })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Past analyses' })).getAllByRole('listitem')).toHaveLength(2));
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(server.queries.at(-1)?.get('page')).toBe('2');
    expect(server.queries.at(-1)?.get('pageSize')).toBe('10');
  });

  it('searches by title', async () => {
    const server = history(5);
    const { user } = renderApp('/history');
    await list();

    await user.type(screen.getByRole('searchbox', { name: 'Search by title' }), 'budget');
    expect(await screen.findByText('2 analyses matching "budget"')).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Past analyses' })).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual(['City Budget 2026', 'Budget Amendment 3']);
    expect(server.queries.at(-1)?.get('q')).toBe('budget');
    expect(server.queries.at(-1)?.get('page')).toBe('1');

    await user.clear(screen.getByRole('searchbox', { name: 'Search by title' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search by title' }), 'library');
    expect(await screen.findByText('No analyses match “library”.')).toBeInTheDocument();
  });

  it('lists the start of each summary, and opens the full results of a past analysis from the server', async () => {
    const server = history(3);
    const { user } = renderApp('/history');
    const first = within(await list()).getAllByRole('listitem')[0]!;
    expect(within(first).getByText(aResult().summary)).toBeInTheDocument();
    expect(server.opened).toEqual([]);

    await user.click(within(first).getByRole('button', { name: /View Results/ }));
    const dialog = await screen.findByRole('dialog', { name: 'City Budget 2026' });
    expect(within(dialog).getByRole('heading', { name: 'Analysis Results' })).toBeInTheDocument();
    expect(within(dialog).getByText('Completed about 1 hour ago')).toBeInTheDocument();
    expect(within(dialog).getByText(aResult().summary)).toBeInTheDocument();
    expect(within(within(dialog).getByRole('region', { name: 'Key Insights' })).getByRole('button', { name: 'Page 2, verified quote' })).toBeInTheDocument();
    expect(within(within(dialog).getByRole('region', { name: 'Key facts' })).getByText('Road repairs get $12,000,000.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Export PDF' })).toBeInTheDocument();
    expect(server.opened).toEqual([id(1)]);
  });

  it('lists a long summary cut at a word, and shows the whole result once the server has answered', async () => {
    const summary = `${'The council adopts the budget for the coming year. '.repeat(8)}Citations follow.`;
    const analysis = anAnalysis({ id: id(7), result: aResult({ summary }) });
    history(0, [analysis]);
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(http.get('/api/analyses/:id', async () => {
      await answered;
      return HttpResponse.json(analysis);
    }));
    const { user } = renderApp('/history');
    const first = within(await list()).getAllByRole('listitem')[0]!;
    expect(within(first).getByText(/^The council adopts/)).toHaveTextContent(/the budget for the coming…$/);
    expect(within(first).queryByText(/Citations follow/)).not.toBeInTheDocument();

    await user.click(within(first).getByRole('button', { name: /View Results/ }));
    const dialog = await screen.findByRole('dialog', { name: 'City Budget 2026' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Loading the results');
    answer();
    expect(await within(dialog).findByText(summary)).toBeInTheDocument();
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
  });

  it('says so when the whole result cannot be loaded', async () => {
    history(1);
    server.use(http.get('/api/analyses/:id', () => HttpResponse.json({ code: 'internal', message: 'Something went wrong' }, { status: 500 })));
    const { user } = renderApp('/history');
    await user.click(within(await list()).getByRole('button', { name: /View Results/ }));
    const dialog = await screen.findByRole('dialog', { name: 'City Budget 2026' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The results of this analysis could not be loaded.');
  });

  it('lists a comparison as a Version comparison with its title, and opens it with what changed in each version', async () => {
    history(2, [aComparisonEntry({ createdAt: new Date(Date.now() - 600_000).toISOString(), document: { title: 'Levy 2020-21', type: 'pdf' } })]);
    const { user } = renderApp('/history');
    const first = within(await list()).getAllByRole('listitem')[0]!;
    expect(within(first).getByText('Levy 2020-21')).toBeInTheDocument();
    expect(within(first).getByText('Version comparison')).toBeInTheDocument();

    await user.click(within(first).getByRole('button', { name: /View Results/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Levy 2020-21' });
    expect(within(dialog).getByText(/^Version comparison · /)).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Comparison Results' })).toBeInTheDocument();
    expect(within(dialog).getByText(aLevyComparison().summary)).toBeInTheDocument();
    const changes = within(within(dialog).getByRole('region', { name: 'What changed' }));
    expect(changes.getByText('The date in “ADOPTED this…” changed from July 17, 2019 to July 15, 2020.')).toBeInTheDocument();
    expect(changes.getAllByRole('button', { name: 'Later version, Page 2, verified quote' }).length).toBeGreaterThan(0);
    expect(within(dialog).getByRole('button', { name: 'Share Analysis' })).toBeInTheDocument();
  });

  it('deletes an analysis after confirmation, with a toast, and lists the rest', async () => {
    const server = history(3);
    const { user } = renderApp('/history');
    const first = within(await list()).getAllByRole('listitem')[0]!;

    await user.click(within(first).getByRole('button', { name: /Delete/ }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this analysis?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(server.deleted).toEqual([]);

    await user.click(within(first).getByRole('button', { name: /Delete/ }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete Analysis' }));

    expect(await screen.findByText('Analysis Deleted')).toBeInTheDocument();
    expect(server.deleted).toEqual([id(1)]);
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Past analyses' })).getAllByRole('listitem')).toHaveLength(2));
    expect(screen.queryByText('City Budget 2026')).not.toBeInTheDocument();
  });

  it('tells the user when a delete fails', async () => {
    history(1);
    server.use(http.delete('/api/analyses/:id', () => HttpResponse.json({ code: 'analysis.not_found', message: 'That analysis no longer exists.' }, { status: 404 })));
    const { user } = renderApp('/history');
    await user.click(within(await list()).getByRole('button', { name: /Delete/ }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete Analysis' }));

    expect(await screen.findByText('Delete Failed')).toBeInTheDocument();
    expect(screen.getByText('That analysis no longer exists.')).toBeInTheDocument();
  });
});

describe('Recent Analyses on the dashboard', () => {
  it('names a comparison Version comparison', async () => {
    history(1, [aComparisonEntry({ createdAt: new Date(Date.now() - 600_000).toISOString(), document: { title: 'Levy 2020-21', type: 'pdf' } })]);
    renderApp('/');
    const dashboard = await screen.findByRole('region', { name: 'Your Dashboard' });
    const [comparison] = await within(dashboard).findAllByRole('listitem');
    expect(within(comparison!).getByText('Levy 2020-21')).toBeInTheDocument();
    expect(comparison).toHaveTextContent('Version comparison · 10 minutes ago');
  });

  it('opens the full results from View Results, and links to the history', async () => {
    history(2);
    const { user } = renderApp('/');
    const dashboard = await screen.findByRole('region', { name: 'Your Dashboard' });
    const entries = await within(dashboard).findAllByRole('listitem');
    expect(entries).toHaveLength(2);
    expect(within(entries[0]!).getByText('Completed')).toBeInTheDocument();
    expect(within(dashboard).getByRole('link', { name: 'View all history' })).toHaveAttribute('href', '/history');

    await user.click(within(entries[1]!).getByRole('button', { name: /View Results/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Zoning Ordinance 12' });
    expect(within(dialog).getByRole('region', { name: 'Key Insights' })).toBeInTheDocument();
    expect(within(dialog).getByText('Completed about 2 hours ago')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
