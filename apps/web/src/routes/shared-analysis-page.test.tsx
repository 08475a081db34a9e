import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, delay, http } from 'msw';
import type { SharedAnalysis } from '@civicwatch/core/contracts/index.ts';
import { aLevyComparison, aLevyOrdinanceResult, aResult } from '../test/builders.ts';
import { renderApp } from '../test/render-app.tsx';
import { server } from '../test/server.ts';

const TOKEN = 'q3V8mZr0bW1xYk2sT9pLdE4uHf6cJa7n';

const aSharedAnalysis = (overrides: Partial<SharedAnalysis> = {}): SharedAnalysis => ({
  analysisType: 'constitutional',
  createdAt: '2026-03-14T09:30:00.000Z',
  sharedAt: '2026-03-15T12:00:00.000Z',
  result: aResult(),
  ...overrides,
});

/** Answers GET /api/shared/{token} with `answer`, recording the tokens asked for. */
const answerShared = (answer: () => Response | Promise<Response>) => {
  const tokens: string[] = [];
  server.use(http.get('/api/shared/:token', async ({ params }) => {
    tokens.push(String(params.token));
    return answer();
  }));
  return tokens;
};

const robotsMeta = () => document.head.querySelector('meta[name="robots"]');

describe('/shared/{token}', () => {
  it('shows the shared analysis to a signed-out visitor, read-only, with a way to sign up', async () => {
    const tokens = answerShared(async () => {
      await delay(100);
      return HttpResponse.json(aSharedAnalysis());
    });
    renderApp(`/shared/${TOKEN}`);

    expect(await screen.findByRole('status')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'A shared analysis' })).toBeInTheDocument();
    expect(tokens).toEqual([TOKEN]);
    expect(screen.getByText(/Shared on March 15, 2026/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Analysis Results' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Summary' })).getByText(aResult().summary)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Key Insights' })).getByRole('button', { name: 'Page 2, verified quote' })).toBeInTheDocument();
    expect(screen.getByText('Constitutional Check')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up free' })).toHaveAttribute('href', '/signup');

    expect(screen.getByRole('button', { name: 'Export PDF' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share Analysis' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Analyze Another' })).not.toBeInTheDocument();
    await waitFor(() => expect(robotsMeta()).toHaveAttribute('content', 'noindex'));
  });

  it('shows a shared comparison with what changed and the page in each version, and no document title', async () => {
    answerShared(() => HttpResponse.json(aSharedAnalysis({ analysisType: 'comparison', result: aLevyComparison() })));
    renderApp(`/shared/${TOKEN}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'A shared comparison' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Comparison Results' })).toBeInTheDocument();
    const changes = within(screen.getByRole('region', { name: 'What changed' }));
    expect(changes.getByText('9 changes')).toBeInTheDocument();
    expect(changes.getAllByRole('button', { name: 'Earlier version, Page 1, verified quote' }).length).toBeGreaterThan(0);
    expect(screen.queryByText(/wpld-ordinance/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export PDF' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share Analysis' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Compare Another' })).not.toBeInTheDocument();
  });

  it('shows the kind of document and its key facts, each with its page', async () => {
    answerShared(() => HttpResponse.json(aSharedAnalysis({ result: aLevyOrdinanceResult() })));
    renderApp(`/shared/${TOKEN}`);

    const facts = await screen.findByRole('region', { name: 'Key facts' });
    expect(within(facts).getByRole('heading', { level: 3, name: 'Key facts' })).toBeInTheDocument();
    expect(within(facts).getByRole('heading', { level: 4, name: 'Decisions and votes' })).toBeInTheDocument();
    const money = within(within(facts).getByRole('list', { name: 'Money' }));
    expect(money.getByText(/The special tax is \.02% of the value of all taxable property/)).toBeInTheDocument();
    expect(money.getByRole('button', { name: 'Page 1, verified quote' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Analysis details' })).getByText('Document kind').nextSibling).toHaveTextContent('Ordinance or resolution');
  });

  it('shows nothing of facts or kinds for an analysis shared before they existed', async () => {
    const { facts: _facts, metadata, ...older } = aResult();
    const { documentKind: _kind, ...olderMetadata } = metadata;
    answerShared(() => HttpResponse.json({ ...aSharedAnalysis(), result: { ...older, metadata: olderMetadata } }));
    renderApp(`/shared/${TOKEN}`);

    expect(await screen.findByRole('region', { name: 'Summary' })).toBeInTheDocument();
    expect(screen.queryByText('Key facts')).not.toBeInTheDocument();
    expect(screen.queryByText('Document kind')).not.toBeInTheDocument();
  });

  it('says This analysis is no longer shared for a revoked or unknown link', async () => {
    answerShared(() => HttpResponse.json({ code: 'share.not_found', message: 'This analysis is no longer shared' }, { status: 404 }));
    renderApp(`/shared/${TOKEN}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'This analysis is no longer shared' })).toBeInTheDocument();
    expect(screen.getByText(/may have stopped sharing it or deleted it/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('heading', { name: 'Analysis Results' })).not.toBeInTheDocument();
    expect(robotsMeta()).toHaveAttribute('content', 'noindex');
  });

  it('says the analysis could not be loaded when the server fails, and tries again on request', async () => {
    let calls = 0;
    answerShared(() => {
      calls += 1;
      return calls === 1 ? new HttpResponse('<html>Bad Gateway</html>', { status: 502 }) : HttpResponse.json(aSharedAnalysis());
    });
    const { user } = renderApp(`/shared/${TOKEN}`);

    expect(await screen.findByRole('heading', { name: 'The analysis could not be loaded' })).toBeInTheDocument();
    expect(screen.queryByText('This analysis is no longer shared')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'A shared analysis' })).toBeInTheDocument();
  });

  it('shows a result without findings as having none, rather than failing', async () => {
    answerShared(() => HttpResponse.json(aSharedAnalysis({ result: {} })));
    renderApp(`/shared/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'A shared analysis' })).toBeInTheDocument();
    expect(screen.getByText('No summary was produced for this document.')).toBeInTheDocument();
  });
});
