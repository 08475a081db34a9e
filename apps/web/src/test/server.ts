import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { unauthorized } from './builders.ts';

/** The API as a signed-out visitor sees it; tests add the answers they are about with server.use(). */
export const server = setupServer(
  http.get('/api/user', () => HttpResponse.json(unauthorized, { status: 401 })),
  http.get('/api/dashboard', () => HttpResponse.json(unauthorized, { status: 401 })),
  http.get('/api/subscription-tiers', () => HttpResponse.json([])),
  http.get('/api/config', () =>
    HttpResponse.json({ productName: 'CivicWatch', paymentsEnabled: false, stripePublishableKey: null, verifiedEmailRequired: false, devPagesEnabled: false, analyzer: 'embedded' }),
  ),
);
