import { paymentSuccessResponseSchema, type PaymentSuccessResponse, type TierId } from '@civicwatch/core/contracts/index.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * POST /api/payment-success (docs/product/payments.md "Confirming a payment"): the server verifies the payment with Stripe and grants the tier's
 * credits once; `credits` is the new balance. A replay grants nothing.
 */
export async function reportPaymentSuccess(request: {
  paymentIntentId: string;
  tier: Exclude<TierId, 'citizen'>;
  promoCode?: string | undefined;
}): Promise<PaymentSuccessResponse> {
  const json = { payment_intent_id: request.paymentIntentId, tier: request.tier, ...(request.promoCode ? { promoCode: request.promoCode } : {}) };
  return paymentSuccessResponseSchema.parse(await apiRequest('/api/payment-success', { method: 'POST', json }));
}
