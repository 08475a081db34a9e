import type { ErrorCode } from '@civicwatch/core';

/** The one table from domain error codes to HTTP statuses (DECISIONS "Contract details"). */
export const errorStatus: Record<ErrorCode, number> = {
  'validation.invalid': 400,
  'auth.unauthorized': 401,
  'auth.invalid_credentials': 401,
  'auth.forbidden': 403,
  'auth.email_taken': 409,
  'user.not_found': 404,
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
  'tier.feature_unavailable': 403,
  'analysis.not_found': 404,
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
};
