import { INVALID_UNSUBSCRIBE_LINK_MESSAGE, type UnsubscribeResponse } from '../../contracts/unsubscribe.contract.ts';
import type { Clock } from '../../shared/clock.port.ts';
import { domainError, type DomainError } from '../../shared/domain-error.ts';
import { err, ok, type Result } from '../../shared/result.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import type { TokenSigner } from '../token-signer.port.ts';

export const UNSUBSCRIBED_MESSAGE = 'You have been unsubscribed from CivicWatch e-mails.';
export const UNSUBSCRIBE_ACCOUNT_GONE_MESSAGE = 'This unsubscribe link belongs to an account that no longer exists.';

/**
 * The link of an e-mail's footer (docs/product/screens.md "Unsubscribe" /unsubscribe): turns off every optional e-mail of the token's
 * user (analysis notices, product news); essential account e-mail is still sent (docs/product/accounts.md "E-mail and unsubscribing").
 * Needs no session, only a token we signed; following it again changes nothing and answers the same.
 */
export class Unsubscribe {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly signer: TokenSigner,
    private readonly clock: Clock,
  ) {}

  async execute(token: string): Promise<Result<UnsubscribeResponse, DomainError>> {
    const userId = this.signer.verify('unsubscribe', token);
    if (!userId) return err(domainError('validation.invalid', INVALID_UNSUBSCRIBE_LINK_MESSAGE));
    return this.uow.run(async ({ users }) => {
      const user = await users.findById(userId);
      if (!user) return err(domainError('user.not_found', UNSUBSCRIBE_ACCOUNT_GONE_MESSAGE));
      const { productUpdates, analysisNotices } = user.emailPreferences;
      if (productUpdates || analysisNotices) {
        await users.updateProfile({ ...user, emailPreferences: { ...user.emailPreferences, productUpdates: false, analysisNotices: false }, updatedAt: this.clock.now() });
      }
      return ok({ message: UNSUBSCRIBED_MESSAGE });
    });
  }
}
