import type { Clock } from '../../shared/clock.port.ts';
import type { DomainError } from '../../shared/domain-error.ts';
import { err, ok, type Result } from '../../shared/result.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import { invalidAccountLink, type AccountLinks } from '../account-links.ts';
import type { AdminPolicy } from '../admin-policy.ts';
import { markAddressVerified } from '../verified-address.ts';

export const EMAIL_VERIFIED_MESSAGE = 'Thank you: your e-mail address is verified.';

/**
 * The link of a verification e-mail; needs no session. Opening a link of an account that is verified
 * already (a second click, a link from an older e-mail) answers the same and changes nothing. This is where an
 * address ADMIN_EMAILS names makes its account an administrator (verified-address.ts).
 */
export class VerifyEmail {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly links: AccountLinks,
    private readonly clock: Clock,
    private readonly adminPolicy: AdminPolicy,
  ) {}

  async execute(token: string): Promise<Result<{ message: string }, DomainError>> {
    return this.uow.run(async ({ users, accountTokens }) => {
      const found = await this.links.find(accountTokens, token, 'email_verification');
      const user = found && (await users.findById(found.userId));
      if (!found || !user) return err(invalidAccountLink('email_verification'));
      if (user.emailVerifiedAt) return ok({ message: EMAIL_VERIFIED_MESSAGE });
      const spent = await this.links.spend(accountTokens, found);
      if (!spent.ok) return spent;
      await markAddressVerified(users, this.adminPolicy, user, this.clock.now());
      return ok({ message: EMAIL_VERIFIED_MESSAGE });
    });
  }
}
