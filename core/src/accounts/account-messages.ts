/** What the account use cases answer a caller, shared by the use cases that say it. */

/** A caller without a session, or whose account is gone (docs/product/screens.md "Messages"). */
export const UNAUTHORIZED_MESSAGE = 'Unauthorized';
/** Signing up, or changing an address, to one another account already has. */
export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists';
