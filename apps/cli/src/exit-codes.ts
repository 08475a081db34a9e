import type { ErrorCode } from '@civicwatch/core';
import type { BackupErrorCode } from '@civicwatch/adapters/persistence/backup/backup-file.ts';

/** The CLI's one table from error codes to exit statuses (sysexits.h where one fits). */
export const EXIT_OK = 0;
/** The person at the terminal answered no to a confirmation. */
export const EXIT_CANCELLED = 1;
export const EXIT_USAGE = 64;
/** A file named on the command line cannot be read. */
export const EXIT_NOINPUT = 66;
/** Input data that is not what it should be: a refused contract, a document or a backup the product cannot read. */
export const EXIT_DATAERR = 65;
/** An output cannot be created, or a target already exists (sysexits' EX_CANTCREAT). */
export const EXIT_CANTCREAT = 73;
export const EXIT_CONFIG = 78;
export const EXIT_UNAVAILABLE = 69;
export const EXIT_SOFTWARE = 70;

export const exitCodeFor: Record<ErrorCode, number> = {
  'validation.invalid': 65,
  'document.not_pdf': 65,
  'document.corrupt': 65,
  'document.encrypted': 65,
  'document.empty': 65,
  'document.too_short': 65,
  'document.too_large': 65,
  'document.too_many_pages': 65,
  'document.too_many_characters': 65,
  'document.too_complex': 65,
  'tier.feature_unavailable': 77,
  'analysis.not_found': 67,
  'analysis.failed': EXIT_SOFTWARE,
  'analysis.still_running': EXIT_UNAVAILABLE,
  'analysis.cancelled': EXIT_UNAVAILABLE,
  'share.not_found': 67,
  'auth.unauthorized': 77,
  'auth.invalid_credentials': 77,
  'auth.forbidden': 77,
  'auth.email_taken': 73,
  'auth.wrong_password': 65,
  'token.invalid': 65,
  'token.expired': 65,
  'token.used': 65,
  'email.unverified': 77,
  'email.already_verified': 73,
  'user.not_found': 67,
  'user.protected': 77,
  not_found: 67,
  'credits.insufficient': 75,
  'rate.limited': 75,
  'analyzer.unavailable': EXIT_UNAVAILABLE,
  'analyzer.invalid_output': EXIT_UNAVAILABLE,
  'promo.not_found': 67,
  'promo.inactive': 65,
  'promo.expired': 65,
  'promo.used_up': 65,
  'promo.already_redeemed': 73,
  'promo.checkout_only': 65,
  'promo.code_taken': 73,
  'payments.not_configured': EXIT_UNAVAILABLE,
  'payments.provider_error': EXIT_UNAVAILABLE,
  'payment.not_found': 67,
  'payment.not_completed': 65,
  'payment.amount_mismatch': 65,
  'billing.tier_unavailable': 65,
  'billing.already_subscribed': 73,
  'billing.no_subscription': 67,
  'billing.no_customer': 67,
  'webhook.invalid_signature': 65,
};

/** `backup` and `restore`: their failures come from the persistence adapter, not from a use case. */
export const exitCodeForBackup: Record<BackupErrorCode, number> = {
  'backup.unreadable': EXIT_NOINPUT,
  'backup.nothing_to_back_up': EXIT_NOINPUT,
  'backup.invalid': EXIT_DATAERR,
  'backup.too_new': EXIT_DATAERR,
  'backup.target_not_empty': EXIT_CANTCREAT,
  'backup.unwritable': EXIT_CANTCREAT,
};
