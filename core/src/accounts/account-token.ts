/** What a single-use account link is for (the `account_tokens.purpose` column). */
export const accountTokenPurposes = ['password_reset', 'email_verification', 'email_change'] as const;
export type AccountTokenPurpose = (typeof accountTokenPurposes)[number];

const HOUR_MS = 3_600_000;

/**
 * How long each link works (ADR 0008): a password reset opens the account to whoever holds the mail, so an
 * hour; confirming an address proves less and people read mail later, so a day.
 */
export const accountTokenLifetimeMs: Record<AccountTokenPurpose, number> = {
  password_reset: HOUR_MS,
  email_verification: 24 * HOUR_MS,
  email_change: 24 * HOUR_MS,
};

/** The web page each link opens, under the address users reach. */
export const accountLinkPaths: Record<AccountTokenPurpose, string> = {
  password_reset: '/reset-password',
  email_verification: '/verify-email',
  email_change: '/confirm-email',
};

/** A link's token as stored: only its hash, never the token itself. */
export interface AccountToken {
  id: string;
  userId: string;
  purpose: AccountTokenPurpose;
  /** From TokenHasher: what the database keeps, so a copy of it opens no account. */
  tokenHash: string;
  /** The address an `email_change` link confirms; null for the other purposes. */
  newEmail: string | null;
  expiresAt: Date;
  /** Null until the link is used; a used link never works again. */
  usedAt: Date | null;
  createdAt: Date;
}
