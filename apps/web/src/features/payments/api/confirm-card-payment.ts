import { useElements, useStripe } from '@stripe/react-stripe-js';
import type { BillingDetails } from '../utils/billing-details.ts';

export type CardConfirmation = { ok: true; paymentIntentId: string } | { ok: false; message: string };

/**
 * Confirms a payment in the browser with the card typed into the page's CardElement (docs/product/payments.md "Checkout" "Other
 * client behaviour"). A declined or incomplete card answers Stripe's own message. Call inside
 * <StripeElements>.
 */
export function useCardConfirmation() {
  const stripe = useStripe();
  const elements = useElements();

  const confirm = async (clientSecret: string, billing?: BillingDetails): Promise<CardConfirmation> => {
    const card = elements?.getElement('card');
    if (!stripe || !card) return { ok: false, message: 'The card form has not loaded. Please reload the page.' };
    try {
      const result = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, ...(billing ? { billing_details: toStripeBillingDetails(billing) } : {}) },
      });
      if (result.error) return { ok: false, message: result.error.message ?? 'Your card could not be charged.' };
      return { ok: true, paymentIntentId: result.paymentIntent.id };
    } catch (error) {
      return { ok: false, message: error instanceof Error ? error.message : 'Your card could not be charged.' };
    }
  };

  return { ready: stripe !== null && elements !== null, confirm };
}

function toStripeBillingDetails({ name, email, phone, address }: BillingDetails) {
  return { name, email, ...(phone ? { phone } : {}), address };
}
