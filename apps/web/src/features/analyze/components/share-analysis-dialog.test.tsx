import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { AnalysisView } from '@civicwatch/core/contracts/index.ts';
import { aDashboard, aResult, anAnalysis, aUser, listed } from '../../../test/builders.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { server } from '../../../test/server.ts';

const LINK = 'http://localhost:3000/shared/q3V8mZr0bW1xYk2sT9pLdE4uHf6cJa7n';

/** One past analysis on the server, with its share link; POST and DELETE on /share change it as the API does. */
function sharedOnServer(shareUrl: string | null = null) {
  let analysis: AnalysisView = anAnalysis({ shareUrl });
  const calls: string[] = [];
  server.use(
    http.get('/api/user', () => HttpResponse.json(aUser())),
    http.get('/api/dashboard', () => HttpResponse.json(aDashboard({ analyses: [listed(analysis)] }))),
    http.get('/api/analyses', () => HttpResponse.json({ items: [listed(analysis)], total: 1, page: 1, pageSize: 10 })),
    http.get('/api/analyses/:id', () => HttpResponse.json(analysis)),
    http.post('/api/analyses/:id/share', ({ params }) => {
      calls.push(`POST ${String(params.id)}`);
      analysis = { ...analysis, shareUrl: LINK };
      return HttpResponse.json({ url: LINK, token: LINK.split('/').at(-1), sharedAt: '2026-03-15T12:00:00.000Z' });
    }),
    http.delete('/api/analyses/:id/share', ({ params }) => {
      calls.push(`DELETE ${String(params.id)}`);
      analysis = { ...analysis, shareUrl: null };
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { calls };
}

/** Opens a past analysis from the history, then its Share Analysis dialog. */
async function openShareDialog() {
  const rendered = renderApp('/history');
  const list = await screen.findByRole('list', { name: 'Past analyses' });
  await rendered.user.click(within(list).getByRole('button', { name: /View Results/ }));
  const results = await screen.findByRole('dialog', { name: 'City Budget 2026' });
  await rendered.user.click(within(results).getByRole('button', { name: 'Share Analysis' }));
  const dialog = await screen.findByRole('dialog', { name: 'Share Analysis' });
  return { ...rendered, dialog };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'share');
});

describe('Share Analysis dialog', () => {
  it('creates a public link, copies it and stops sharing it', async () => {
    const { calls } = sharedOnServer();
    const { user, dialog } = await openShareDialog();

    expect(await within(dialog).findByText(/Anyone with the link will be able to read these results/)).toBeInTheDocument();
    expect(within(dialog).getByText(/not your name, your e-mail or the document's title/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create Public Link' }));

    expect(await within(dialog).findByRole('textbox', { name: 'Public link' })).toHaveValue(LINK);
    expect(await screen.findByText('Public Link Created')).toBeInTheDocument();
    expect(calls).toEqual([`POST ${anAnalysis().id}`]);

    await user.click(within(dialog).getByRole('button', { name: 'Copy Link' }));
    expect(await navigator.clipboard.readText()).toBe(LINK);
    expect(await screen.findByText('Link Copied')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Stop Sharing' }));
    expect(await within(dialog).findByRole('button', { name: 'Create Public Link' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: 'Public link' })).not.toBeInTheDocument();
    expect(await screen.findByText('Sharing Stopped')).toBeInTheDocument();
    expect(calls).toEqual([`POST ${anAnalysis().id}`, `DELETE ${anAnalysis().id}`]);
  });

  it('shows the live link of an analysis that is shared already', async () => {
    const { calls } = sharedOnServer(LINK);
    const { dialog } = await openShareDialog();
    expect(await within(dialog).findByRole('textbox', { name: 'Public link' })).toHaveValue(LINK);
    expect(within(dialog).getByRole('button', { name: 'Stop Sharing' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Create Public Link' })).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('says so when the link cannot be created, with the server\'s reason', async () => {
    sharedOnServer();
    server.use(http.post('/api/analyses/:id/share', () => HttpResponse.json({ code: 'analysis.not_found', message: 'Analysis not found' }, { status: 404 })));
    const { user, dialog } = await openShareDialog();

    await user.click(await within(dialog).findByRole('button', { name: 'Create Public Link' }));
    expect(await screen.findByText('Share Failed')).toBeInTheDocument();
    expect(screen.getByText('Analysis not found')).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: 'Public link' })).not.toBeInTheDocument();
  });

  it('copies the summary, and offers the device\'s share sheet where there is one (docs/product/analysis.md "Sharing")', async () => {
    sharedOnServer();
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const { user, dialog } = await openShareDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Share Summary' }));
    expect(share).toHaveBeenCalledWith({ title: 'Document Analysis Results', text: aResult().summary });

    await user.click(within(dialog).getByRole('button', { name: 'Copy Summary' }));
    expect(await navigator.clipboard.readText()).toBe(aResult().summary);
    expect(await screen.findByText('Copied to Clipboard')).toBeInTheDocument();
  });

  it('offers only the copy of the summary on a device without a share sheet', async () => {
    sharedOnServer();
    const { dialog } = await openShareDialog();
    expect(within(dialog).getByRole('button', { name: 'Copy Summary' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Share Summary' })).not.toBeInTheDocument();
  });
});
