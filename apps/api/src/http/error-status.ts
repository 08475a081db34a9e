import type { ErrorCode } from '@civicwatch/core';

/** Every status an error answer can have. */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 429 | 500 | 502 | 503;

/** The one table from domain error codes to HTTP statuses (docs/product/api.md "Errors"). */
export const errorStatus: Record<ErrorCode, ErrorStatus> = {
  'validation.invalid': 400,
  'auth.unauthorized': 401,
  'auth.invalid_credentials': 401,
  'auth.forbidden': 403,
  'auth.email_taken': 409,
  // The password typed to confirm a change (current password, account deletion) is wrong: invalid input,
  // not a signed-out caller, so the web app keeps its session (the 401 rule of docs/product/screens.md "Messages").
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
  // account's state, not the caller's permission, so the panel keeps its session (the 403 rule of docs/product/screens.md "Messages").
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
  // Its owner cancelled it while it waited or ran: a conflict with what they asked, the credit is back.
  'analysis.cancelled': 409,
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

/**
 * What an error status tells a client, as the API reference describes it on every operation that declares the
 * status (apps/api/src/plugins/api-docs.ts); a route gives a narrower meaning with `errorBodySchema.describe()`.
 */
export const errorStatusMeaning: Record<ErrorStatus, string> = {
  400: 'Refused as sent: `message` says what to change',
  401: 'Not signed in: no session cookie, or its session ended (sign in with POST /api/login)',
  402: 'Not enough credits, or a payment that has not gone through',
  403: 'Not allowed: a paid feature on this tier, an administrator\'s call, or a request from another site',
  404: 'Not found, or not the caller\'s',
  409: 'In conflict with the account as it stands: an address taken, a code already redeemed, an e-mail not verified…',
  410: 'Gone: the link or code was good once (used, expired or withdrawn)',
  413: 'Too much for the plan (size, pages, characters) or too complex to read safely',
  429: 'Too many requests for now: wait, as many seconds as the Retry-After header says when it is there',
  500: 'Failed on the server\'s side after every retry; an analysis\'s credit is given back',
  502: 'The payment provider refused or could not be reached',
  503: 'Unavailable for now (the database, the analyser, payments on this server): try again later',
};
