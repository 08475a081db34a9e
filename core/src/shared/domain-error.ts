/**
 * Stable codes of expected business failures. Each driving adapter maps them in one table:
 * the API to HTTP statuses, the CLI to exit codes, the web app to the spec's toast texts.
 */
export const errorCodes = [
  'validation.invalid',
  'auth.unauthorized',
  'auth.invalid_credentials',
  'auth.email_taken',
  'auth.forbidden',
  'auth.wrong_password',
  'token.invalid',
  'token.expired',
  'token.used',
  'email.unverified',
  'email.already_verified',
  'user.not_found',
  'user.protected',
  'credits.insufficient',
  'rate.limited',
  'not_found',
  'document.not_pdf',
  'document.corrupt',
  'document.encrypted',
  'document.empty',
  'document.too_short',
  'document.too_large',
  'document.too_many_pages',
  'document.too_many_characters',
  'document.too_complex',
  'tier.feature_unavailable',
  'analysis.not_found',
  'analysis.failed',
  'analysis.still_running',
  'analysis.cancelled',
  'share.not_found',
  'analyzer.unavailable',
  'analyzer.invalid_output',
  'promo.not_found',
  'promo.inactive',
  'promo.expired',
  'promo.used_up',
  'promo.already_redeemed',
  'promo.checkout_only',
  'promo.code_taken',
  'payments.not_configured',
  'payments.provider_error',
  'payment.not_found',
  'payment.not_completed',
  'payment.amount_mismatch',
  'billing.tier_unavailable',
  'billing.already_subscribed',
  'billing.no_subscription',
  'billing.no_customer',
  'webhook.invalid_signature',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export interface DomainError {
  readonly code: ErrorCode;
  /** The text shown to users: the spec's own words where it has them. */
  readonly message: string;
}

export const domainError = (code: ErrorCode, message: string): DomainError => ({ code, message });
