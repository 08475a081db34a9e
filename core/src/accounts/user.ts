import type { TierId } from '../contracts/tiers.contract.ts';
import type { UserView } from '../contracts/user.contract.ts';

export type Role = 'user' | 'admin';

/**
 * What a user agreed to receive. Essential account e-mail (verification, password reset, e-mail change,
 * welcome) is always sent; receipts are on unless the user turns them off in account settings.
 */
export interface EmailPreferences {
  productUpdates: boolean;
  analysisNotices: boolean;
  receipts: boolean;
}
export const defaultEmailPreferences: EmailPreferences = { productUpdates: true, analysisNotices: true, receipts: true };

export interface User {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  state: string | null;
  country: string;
  tierId: TierId;
  /** Whole credits, never negative; changed only through the CreditLedger. */
  credits: number;
  role: Role;
  passwordHash: string;
  emailPreferences: EmailPreferences;
  /** When the user opened the verification link sent to their current e-mail; null until then. */
  emailVerifiedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export const toUserView = (user: User): UserView => ({
  id: user.id,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  state: user.state,
  country: user.country,
  subscriptionTier: user.tierId,
  tier: user.tierId,
  credits: user.credits,
  role: user.role,
  isAdmin: user.role === 'admin',
  emailPreferences: { ...user.emailPreferences },
  emailVerified: user.emailVerifiedAt !== null,
  createdAt: user.createdAt.toISOString(),
});
