import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { CreatePaymentIntentResponse, PaymentEventOutcome, PaymentSuccessResponse, PublicConfig, SubscriptionTierView, SubscriptionView } from '@civicwatch/core';
import type { Outcome } from './accounts.ability.ts';
import type { HttpSession } from './http-accounts.ts';
import type { PaymentServer } from './payments.ability.ts';

const outcome = <T>(response: LightMyRequestResponse): Outcome<T> => {
  const body = response.json();
  return response.statusCode < 300 ? { ok: true, value: body as T } : { ok: false, code: body.code, message: body.message };
};

/**
 * Drives the API as the subscribe, checkout and profile pages do (JSON with the session cookie), and as
 * Stripe does for the webhook: the exact bytes it signed, with its `Stripe-Signature` header, no cookie.
 */
export function httpPayments(app: FastifyInstance, session: HttpSession): PaymentServer {
  const headers = () => (session.cookie ? { cookie: session.cookie } : {});
  const get = (url: string) => app.inject({ method: 'GET', url, headers: headers() });
  const post = (url: string, payload?: Record<string, unknown>) =>
    app.inject({ method: 'POST', url, ...(payload ? { payload } : {}), headers: headers() });

  return {
    plans: async () => (await get('/api/subscription-tiers')).json<SubscriptionTierView[]>(),
    paymentsEnabled: async () => (await get('/api/config')).json<PublicConfig>().paymentsEnabled,
    verifiedEmailRequired: async () => (await get('/api/config')).json<PublicConfig>().verifiedEmailRequired,
    startCheckout: async (request) => outcome<CreatePaymentIntentResponse>(await post('/api/create-payment-intent', { ...request })),
    reportPaymentSuccess: async (paymentIntentId, details = {}) =>
      outcome<PaymentSuccessResponse>(await post('/api/payment-success', { payment_intent_id: paymentIntentId, ...details })),
    subscription: async () => outcome<SubscriptionView>(await get('/api/subscription')),
    cancelSubscription: async () => outcome<NonNullable<SubscriptionView>>(await post('/api/cancel-subscription')),
    receiveWebhook: async ({ body, signature }) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        payload: body,
        headers: { 'content-type': 'application/json; charset=utf-8', 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)', ...(signature ? { 'stripe-signature': signature } : {}) },
      });
      const answer = outcome<{ received: true; outcome: PaymentEventOutcome }>(response);
      return answer.ok ? { ok: true, value: answer.value.outcome } : answer;
    },
  };
}
