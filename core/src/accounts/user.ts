import type { TierId } from '../contracts/tiers.contract.ts';
import type { UserView } from '../contracts/user.contract.ts';

export type Role = 'user' | 'admin';

/** What a user agreed to receive; essential account e-mail is always sent. */
export interface EmailPreferences {
  productUpdates: boolean;
  analysisNotices: boolean;
}
export const defaultEmailPreferences: EmailPreferences = { productUpdates: true, analysisNotices: true };

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
  createdAt: user.createdAt.toISOString(),
});
