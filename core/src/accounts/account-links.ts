import type { Clock } from '../shared/clock.port.ts';
import { domainError, type DomainError } from '../shared/domain-error.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { TokenGenerator } from '../shared/token-generator.port.ts';
import { accountTokenLifetimeMs, type AccountToken, type AccountTokenPurpose } from './account-token.ts';
import type { AccountTokenRepository } from './account-token-repository.port.ts';
import type { TokenHasher } from './token-hasher.port.ts';

const linkNames: Record<AccountTokenPurpose, string> = {
  password_reset: 'password reset link',
  email_verification: 'verification link',
  email_change: 'confirmation link',
};
const askAgain: Record<AccountTokenPurpose, string> = {
  password_reset: 'Please ask for a new one with "Forgot password?" on the sign-in page.',
  email_verification: 'Please sign in and send yourself a new one.',
  email_change: 'Please ask for the change again in your account settings.',
};

/** Why a link does not work, in words that say what to do next. */
export const accountLinkMessages = {
  invalid: (purpose: AccountTokenPurpose) => `This ${linkNames[purpose]} is not valid; a newer one may have replaced it. ${askAgain[purpose]}`,
  expired: (purpose: AccountTokenPurpose) => `This ${linkNames[purpose]} has expired. ${askAgain[purpose]}`,
  used: (purpose: AccountTokenPurpose) => `This ${linkNames[purpose]} has already been used. ${askAgain[purpose]}`,
} as const;

export const invalidAccountLink = (purpose: AccountTokenPurpose): DomainError => domainError('token.invalid', accountLinkMessages.invalid(purpose));

/**
 * Issues and spends the single-use tokens of account links (ADR 0008): a random token goes into the e-mail,
 * only its hash into the database; a link works once, until it expires, and a newer link of the same
 * purpose replaces it. The repository comes from the caller's transaction.
 */
export class AccountLinks {
  constructor(
    private readonly tokens: TokenGenerator,
    private readonly hasher: TokenHasher,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  /** Answers the token to put into the link; `newEmail` is the address an `email_change` link confirms. */
  async issue(repo: AccountTokenRepository, userId: string, purpose: AccountTokenPurpose, newEmail: string | null = null): Promise<string> {
    const token = this.tokens.next();
    const now = this.clock.now();
    await repo.deleteUnused(userId, [purpose]);
    await repo.insert({
      id: this.ids.next(),
      userId,
      purpose,
      tokenHash: this.hasher.hash(token),
      newEmail,
      expiresAt: new Date(now.getTime() + accountTokenLifetimeMs[purpose]),
      usedAt: null,
      createdAt: now,
    });
    return token;
  }

  /** The stored token of a link, used or not, when it is one of ours for this purpose. */
  async find(repo: AccountTokenRepository, token: string, purpose: AccountTokenPurpose): Promise<AccountToken | null> {
    const found = await repo.findByHash(this.hasher.hash(token));
    return found?.purpose === purpose ? found : null;
  }

  /** Uses a found token once: refused when it was used already or has expired. */
  async spend(repo: AccountTokenRepository, found: AccountToken): Promise<Result<AccountToken, DomainError>> {
    const now = this.clock.now();
    if (found.usedAt) return err(domainError('token.used', accountLinkMessages.used(found.purpose)));
    if (found.expiresAt.getTime() <= now.getTime()) return err(domainError('token.expired', accountLinkMessages.expired(found.purpose)));
    if (!(await repo.markUsed(found.id, now))) return err(domainError('token.used', accountLinkMessages.used(found.purpose)));
    return ok({ ...found, usedAt: now });
  }

  /** `find`, then `spend`: a link that is not ours for this purpose is invalid. */
  async use(repo: AccountTokenRepository, token: string, purpose: AccountTokenPurpose): Promise<Result<AccountToken, DomainError>> {
    const found = await this.find(repo, token, purpose);
    return found ? this.spend(repo, found) : err(invalidAccountLink(purpose));
  }
}
