import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render-app.tsx';
import { server } from '../test/server.ts';

const config = (overrides: Record<string, unknown>) =>
  http.get('/api/config', () => HttpResponse.json({ productName: 'CivicWatch', paymentsEnabled: false, stripePublishableKey: null, verifiedEmailRequired: false, devPagesEnabled: false, analyzer: 'embedded', ...overrides }));

describe('/privacy', () => {
  it('says that no outside service reads a document on a server with the embedded analyzer and no payments', async () => {
    renderApp('/privacy');
    expect(await screen.findByRole('heading', { name: 'Privacy Policy' })).toBeInTheDocument();
    expect(await screen.findByText(/no outside service sees your document/)).toBeInTheDocument();
    expect(screen.getByText(/This server takes no payments/)).toBeInTheDocument();
    expect(screen.getByText(/the document is gone/)).toBeInTheDocument();
  });

  it('names the language model service and Stripe when the server uses them', async () => {
    server.use(config({ analyzer: 'openai', paymentsEnabled: true, stripePublishableKey: 'pk_test_1' }));
    renderApp('/privacy');
    expect(await screen.findByText(/sent to that service for each analysis/)).toBeInTheDocument();
    expect(screen.getByText(/Your card details go from your browser straight to Stripe/)).toBeInTheDocument();
  });

  it('says whether a paid plan needs a confirmed address: only where the server sends e-mail', async () => {
    renderApp('/privacy');
    expect(await screen.findByText(/No mail server is connected to this server, so no confirmation link could reach you/)).toBeInTheDocument();
  });

  it('asks for a confirmed address before a paid plan where the server sends e-mail', async () => {
    server.use(config({ verifiedEmailRequired: true }));
    renderApp('/privacy');
    expect(await screen.findByText(/you confirm your address by opening the link we send to it/)).toBeInTheDocument();
    expect(screen.queryByText(/No mail server is connected/)).not.toBeInTheDocument();
  });

  it('names the operator\'s Ollama machine', async () => {
    server.use(config({ analyzer: 'ollama' }));
    renderApp('/privacy');
    expect(await screen.findByText(/run through Ollama on a machine its operator controls/)).toBeInTheDocument();
  });
});

describe('/terms', () => {
  it('states the credit, plan and cancellation rules the product applies', async () => {
    renderApp('/terms');
    expect(await screen.findByRole('heading', { name: 'Terms of Service' })).toBeInTheDocument();
    expect(screen.getByText(/Each analysis uses one credit. An analysis that fails gives its credit back./)).toBeInTheDocument();
    expect(screen.getByText(/it ends when the month you paid for ends, and you keep your credits/)).toBeInTheDocument();
    expect(screen.getByText(/not legal advice/)).toBeInTheDocument();
  });
});
