import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { aTier } from '../test/builders.ts';
import { renderApp } from '../test/render-app.tsx';
import { server } from '../test/server.ts';

describe('/payment-success', () => {
  it('confirms the payment: welcome, credits, what is included, how to start, the dashboard and support', async () => {
    renderApp('/payment-success?tier=defender&upgraded=true');

    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(screen.getByText('Welcome to the Defender tier!')).toBeInTheDocument();
    expect(await screen.findByTestId('credits-granted')).toHaveTextContent('50');
    expect(screen.getByText(/have been added to your account/)).toBeInTheDocument();
    const included = screen.getByRole('region', { name: "What's included" });
    expect(within(included).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '50 analysis credits every month',
      'Advanced constitutional analysis',
      'Priority document processing',
      'Email support',
    ]);
    expect(within(screen.getByRole('region', { name: 'Get started' })).getAllByRole('listitem').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/');
    expect(screen.getByText(/Contact our support team/)).toBeInTheDocument();
  });

  it("prefers the tier data's credits", async () => {
    server.use(http.get('/api/subscription-tiers', () => HttpResponse.json([aTier({ id: 'patriot', name: 'Patriot', price: '29', credits: 7 })])));
    renderApp('/payment-success?tier=patriot&upgraded=true');
    expect(await screen.findByText('7 analysis credits every month')).toBeInTheDocument();
    expect(screen.getByTestId('credits-granted')).toHaveTextContent('7');
  });

  it('reads an unknown tier as Patriot with 5 credits', async () => {
    renderApp('/payment-success?tier=gold');
    expect(await screen.findByText('Welcome to the Patriot tier!')).toBeInTheDocument();
    expect(screen.getByTestId('credits-granted')).toHaveTextContent('5');
  });

  it('says the plan is on its way when the payment was not confirmed to the server (no upgraded)', async () => {
    renderApp('/payment-success?tier=patriot');
    expect(await screen.findByText(/Your plan and credits will appear on your dashboard shortly/)).toBeInTheDocument();
    expect(screen.getByText(/are on their way to your account/)).toBeInTheDocument();
  });
});
