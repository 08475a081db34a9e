/** What every CreditLedger answers a caller: one wording, whichever adapter keeps the balance. */

/** A debit the balance cannot cover (docs/product/screens.md "Messages"; the API answers it with a 402). */
export const INSUFFICIENT_CREDITS_MESSAGE = 'You need credits to perform analysis. Please upgrade your account.';
/** An entry for an account that does not exist, or no longer does. */
export const USER_NOT_FOUND_MESSAGE = 'User not found';
