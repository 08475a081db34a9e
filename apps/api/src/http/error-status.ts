import type { ErrorCode } from '@civicwatch/core';

/** The one table from domain error codes to HTTP statuses (DECISIONS "Contract details"). */
export const errorStatus: Record<ErrorCode, number> = {
  'validation.invalid': 400,
  'auth.unauthorized': 401,
  'auth.invalid_credentials': 401,
  'auth.forbidden': 403,
  'auth.email_taken': 409,
  // The password typed to confirm a change (current password, account deletion) is wrong: invalid input,
  // not a signed-out caller, so the web app keeps its session (spec §8's 401 rule).
  'auth.wrong_password': 400,
  'token.invalid': 400,
  // Gone, like a used-up promo: the link was good once (ADR 0008).
  'token.expired': 410,
  'token.used': 410,
  // A conflict with the account's state, not a permission: the web app keeps its session and offers a resend.
  'email.unverified': 409,
  'email.already_verified': 409,
  'user.not_found': 404,
  // An action on an account the rules protect (the main administrator, an admin): a conflict with the
  // account's state, not the caller's permission, so the panel keeps its session (spec §8's 403 rule).
  'user.protected': 409,
  not_found: 404,
  'credits.insufficient': 402,
  'rate.limited': 429,
  'document.not_pdf': 400,
  'document.corrupt': 400,
  'document.encrypted': 400,
  'document.empty': 400,
  'document.too_short': 400,
  'document.too_large': 413,
  'document.too_many_pages': 413,
  'document.too_many_characters': 413,
  // Too much to read safely: too slow, too much memory, or streams that decode to too much (ADR 0014).
  'document.too_complex': 413,
  'tier.feature_unavailable': 403,
  'analysis.not_found': 404,
  // Broke on our side after every retry; the credit is back.
  'analysis.failed': 500,
  // The request stopped waiting; the job goes on and settles its credit (ADR 0012).
  'analysis.still_running': 503,
  'share.not_found': 404,
  'analyzer.unavailable': 503,
  'analyzer.invalid_output': 503,
  'promo.not_found': 404,
  // Gone: the code existed and was usable once; the web app shows the message either way.
  'promo.inactive': 410,
  'promo.expired': 410,
  'promo.used_up': 410,
  'promo.already_redeemed': 409,
  'promo.checkout_only': 400,
  'promo.code_taken': 409,
  'payments.not_configured': 503,
  // The provider refused or could not be reached: a dependency problem, never the caller's.
  'payments.provider_error': 502,
  'payment.not_found': 404,
  'payment.not_completed': 402,
  'payment.amount_mismatch': 400,
  'billing.tier_unavailable': 400,
  'billing.already_subscribed': 409,
  'billing.no_subscription': 404,
  'billing.no_customer': 404,
  'webhook.invalid_signature': 400,
};
