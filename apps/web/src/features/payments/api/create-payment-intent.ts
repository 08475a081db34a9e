import {
  createPaymentIntentResponseSchema,
  type CreatePaymentIntentResponse,
  type TierId,
} from '@civicwatch/core/contracts/index.ts';
import { HttpError, apiRequest, serverMessage } from '../../../lib/api-client.ts';

export type CreatePaymentIntentRequest = {
  /** Whole dollars: the tier's price, or the first month's price when a discount code applies. */
  amount: number;
  tier: Exclude<TierId, 'citizen'>;
  promoCode?: string;
  originalAmount?: number;
};

/**
 * POST /api/create-payment-intent (docs/product/payments.md "Checkout"): starts the monthly subscription; answers the client secret
 * of its first payment, or `paid` without one when nothing is due (a 100% code).
 */
export async function createPaymentIntent(request: CreatePaymentIntentRequest): Promise<CreatePaymentIntentResponse> {
  return createPaymentIntentResponseSchema.parse(await apiRequest('/api/create-payment-intent', { method: 'POST', json: request }));
}

/** POST /api/create-subscription (the developer pages): a tier at full price, answered like the call above. */
export async function createSubscription(tier: Exclude<TierId, 'citizen'>): Promise<CreatePaymentIntentResponse> {
  return createPaymentIntentResponseSchema.parse(await apiRequest('/api/create-subscription', { method: 'POST', json: { tier } }));
}

/**
 * The text of the Payment Setup Failed toast (docs/product/screens.md "Messages"): "Please try logging in again." for a lost session or
 * an unexpected failure; the server's own words when it refused the checkout for a reason the user can act
 * on (payments not configured here, already subscribed, a promo code that no longer works, a plan that
 * cannot be bought).
 */
export function setupFailureMessage(error: unknown): string {
  const refusedForAReason = error instanceof HttpError && error.status !== 401 && (error.status < 500 || error.status === 503);
  return (refusedForAReason ? serverMessage(error) : undefined) ?? 'Please try logging in again.';
}
