import { accountTokenPurposes } from '../account-token.ts';
import type { Clock } from '../../shared/clock.port.ts';
import { domainError, type DomainError } from '../../shared/domain-error.ts';
import { err, ok, type Result } from '../../shared/result.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import { invalidAccountLink, type AccountLinks } from '../account-links.ts';
import type { AdminPolicy } from '../admin-policy.ts';
import { roleOfVerifiedAddress } from '../verified-address.ts';

export const emailChangedMessage = (email: string) => `Your e-mail address is now ${email}.`;
export const emailTakenSinceMessage = (email: string) =>
  `Another account has started using ${email} since you asked for the change, so your e-mail address stays as it was.`;

/**
 * The link e-mailed to the new address; needs no session. The account moves to the new address, which
 * counts as verified (the link proved it is the user's), with what that brings (verified-address.ts); asking
 * for the change brings nothing. Links sent to the old address (reset, verification) stop working. Opening
 * the link again answers the same.
 */
export class ConfirmEmailChange {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly links: AccountLinks,
    private readonly clock: Clock,
    private readonly adminPolicy: AdminPolicy,
  ) {}

  async execute(token: string): Promise<Result<{ message: string }, DomainError>> {
    return this.uow.run(async ({ users, accountTokens }) => {
      const found = await this.links.find(accountTokens, token, 'email_change');
      const user = found && (await users.findById(found.userId));
      if (!found?.newEmail || !user) return err(invalidAccountLink('email_change'));
      const newEmail = found.newEmail;
      if (found.usedAt && user.email === newEmail) return ok({ message: emailChangedMessage(newEmail) });
      const spent = await this.links.spend(accountTokens, found);
      if (!spent.ok) return spent;
      const taken = await users.findByEmail(newEmail);
      if (taken && taken.id !== user.id) return err(domainError('auth.email_taken', emailTakenSinceMessage(newEmail)));
      const changed = await users.changeEmail(user.id, newEmail, this.clock.now());
      if (!changed.ok) return err(domainError('auth.email_taken', emailTakenSinceMessage(newEmail)));
      await roleOfVerifiedAddress(users, this.adminPolicy, { ...user, email: newEmail });
      await accountTokens.deleteUnused(user.id, accountTokenPurposes);
      return ok({ message: emailChangedMessage(newEmail) });
    });
  }
}
