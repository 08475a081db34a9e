import type { Result } from '../shared/result.ts';
import type { DomainError } from '../shared/domain-error.ts';
import type { User } from './user.ts';
import type { TierId } from '../contracts/tiers.contract.ts';

export interface UserListQuery {
  /** Matches e-mail or name, case-insensitively. */
  search?: string;
  offset: number;
  limit: number;
}

export interface UserRepository {
  findById(id: string): Promise<User | null>;
  /** `email` is already normalised (trimmed, lower case). */
  findByEmail(email: string): Promise<User | null>;
  /** Fails with `auth.email_taken` when the e-mail is registered, even under a concurrent insert. */
  insert(user: User): Promise<Result<void, DomainError>>;
  /** Writes the profile fields and `updatedAt`; credits and tier are the ledger's and billing's. */
  updateProfile(user: User): Promise<void>;
  /** Replaces the password hash (a reset or a change) and sets `updatedAt`. */
  updatePassword(id: string, passwordHash: string, at: Date): Promise<void>;
  /** Records that the user opened a link sent to their current address. */
  markEmailVerified(id: string, at: Date): Promise<void>;
  /**
   * Moves the account to a confirmed new address, verified at `at`. Fails with `auth.email_taken` when
   * another account has that address, even under a concurrent registration.
   */
  changeEmail(id: string, email: string, at: Date): Promise<Result<void, DomainError>>;
  /** Moves the user to another tier (billing and administrators); credits stay the ledger's. */
  updateTier(id: string, tierId: TierId): Promise<void>;
  /** Sets one account's role (administrators granting or revoking it). */
  setRole(id: string, role: 'user' | 'admin'): Promise<void>;
  /**
   * Deletes the account with everything that is about its person: analyses (and their share links), ledger,
   * sessions, account tokens, e-mail, promo redemptions, billing customer and subscriptions. Its paid invoices
   * stay, with no link to anyone (ADR 0009). False when there was no such account.
   */
  delete(id: string): Promise<boolean>;
  /** The ADMIN_EMAILS the server last started with, in order (the first is the main administrator). */
  configuredAdminEmails(): Promise<string[]>;
  /** Replaces that list; the server calls it at start, so every process (the CLI too) protects the same accounts. */
  saveConfiguredAdminEmails(emails: readonly string[]): Promise<void>;
  /** Gives the admin role to the accounts of these e-mails whose address is verified; answers how many changed. */
  grantAdminRole(emails: readonly string[]): Promise<number>;
  /** Takes the admin role from the accounts of these e-mails whose address is not verified; answers their e-mails. */
  revokeAdminRoleOfUnverified(emails: readonly string[]): Promise<string[]>;
  list(query: UserListQuery): Promise<{ users: User[]; total: number }>;
}
