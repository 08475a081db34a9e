import Stripe from 'stripe';
import { domainError, type DomainError } from '@civicwatch/core';

/** Stripe's code for an id it does not hold (or no longer holds: a canceled subscription). */
export const isResourceMissing = (error: unknown): boolean =>
  error instanceof Stripe.errors.StripeError && error.code === 'resource_missing';

/**
 * What a failed Stripe call means to the domain. A declined card is the buyer's business and keeps
 * Stripe's own words ("Your card was declined."); anything else is Stripe being unreachable or refusing
 * the call, told in a short message that names Stripe and never carries a key (an authentication error's
 * message quotes part of it). Anything that is not an SDK error is a bug and is thrown on.
 */
export function stripeFailure(error: unknown): DomainError {
  if (!(error instanceof Stripe.errors.StripeError)) throw error;
  if (error instanceof Stripe.errors.StripeCardError) return domainError('payment.not_completed', error.message);
  return domainError('payments.provider_error', providerMessage(error));
}

function providerMessage(error: InstanceType<typeof Stripe.errors.StripeError>): string {
  if (error instanceof Stripe.errors.StripeConnectionError) return 'Stripe could not be reached. Please try again later.';
  if (error instanceof Stripe.errors.StripeAuthenticationError || error instanceof Stripe.errors.StripePermissionError) {
    return 'Stripe refused this server\'s API key.';
  }
  if (error instanceof Stripe.errors.StripeRateLimitError) return 'Stripe is busy. Please try again in a moment.';
  if (error instanceof Stripe.errors.StripeIdempotencyError) return 'Stripe refused a repeated request that differed from the first.';
  if (error instanceof Stripe.errors.StripeInvalidRequestError) return `Stripe refused the request: ${error.message}`;
  return 'Stripe failed to answer. Please try again later.';
}
