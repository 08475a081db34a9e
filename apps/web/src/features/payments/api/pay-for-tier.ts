import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currentUserKey, dashboardKey, subscriptionKey } from '../../../lib/query-client.ts';
import type { BillingDetails } from '../utils/billing-details.ts';
import type { Order } from '../utils/order.ts';
import { useCardConfirmation } from './confirm-card-payment.ts';
import { createPaymentIntent } from './create-payment-intent.ts';
import { reportPaymentSuccess } from './payment-success.ts';

/**
 * How a checkout payment ended (docs/product/payments.md "Checkout"), once the subscription was set up:
 * - `paid`: the server confirmed the payment; `credits` is the new balance. `withoutCard` when nothing was
 *   due (a 100% code), so no card was charged.
 * - `card-failed`: Stripe refused the card, with its message.
 * - `confirm-failed`: the card was charged but POST /api/payment-success failed; the webhook grants later.
 */
export type PaymentOutcome =
  | { kind: 'paid'; credits: number | undefined; withoutCard: boolean }
  | { kind: 'card-failed'; message: string }
  | { kind: 'confirm-failed' };

/**
 * create-payment-intent, then the card confirmation, then payment-success. A failure of the first call
 * (the payment could not be set up) reaches `onSetupFailed`; every later end reaches `onOutcome`. Call
 * inside <StripeElements>.
 */
export function usePayForTier(options: { onOutcome: (outcome: PaymentOutcome) => void; onSetupFailed: (error: unknown) => void }) {
  const queryClient = useQueryClient();
  const card = useCardConfirmation();

  const mutation = useMutation({
    mutationFn: async ({ order, billing }: { order: Order; billing: BillingDetails | null }): Promise<PaymentOutcome> => {
      const intent = await createPaymentIntent({
        amount: order.amount,
        tier: order.tier,
        ...(order.promoCode ? { promoCode: order.promoCode, originalAmount: order.price } : {}),
      });
      if (!intent.clientSecret) {
        if (intent.paid) return { kind: 'paid', credits: intent.credits, withoutCard: true };
        throw new Error('The server answered neither a client secret nor a paid subscription');
      }
      const confirmation = await card.confirm(intent.clientSecret, billing ?? undefined);
      if (!confirmation.ok) return { kind: 'card-failed', message: confirmation.message };
      try {
        const answer = await reportPaymentSuccess({ paymentIntentId: confirmation.paymentIntentId, tier: order.tier, promoCode: order.promoCode });
        return { kind: 'paid', credits: answer.credits, withoutCard: false };
      } catch {
        return { kind: 'confirm-failed' };
      }
    },
    onSuccess: async (outcome) => {
      options.onOutcome(outcome);
      if (outcome.kind === 'card-failed') return;
      // The plan and the balance changed (or will, by the webhook, after a failed confirm call).
      await Promise.all([currentUserKey, dashboardKey, subscriptionKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => options.onSetupFailed(error),
  });

  return { pay: mutation.mutate, isPending: mutation.isPending, cardReady: card.ready };
}
