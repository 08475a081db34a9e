import type { ResetPasswordInput } from '../../contracts/account-recovery.contract.ts';
import type { Clock } from '../../shared/clock.port.ts';
import { err, ok, type Result } from '../../shared/result.ts';
import type { DomainError } from '../../shared/domain-error.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import type { MessageComposer } from '../../notifications/message-composer.ts';
import { invalidAccountLink, type AccountLinks } from '../account-links.ts';
import type { PasswordHasher } from '../password-hasher.port.ts';
import type { AdminPolicy } from '../admin-policy.ts';
import { markAddressVerified } from '../verified-address.ts';

/**
 * Sets a new password through the link of a password-reset e-mail: the link works once, for an hour. Every
 * session of the account but `keepSessionId` (the caller's, if any) ends, and the account is told by
 * e-mail. Opening the link proves the mailbox is the user's, so an unverified address becomes verified, with
 * what that brings (verified-address.ts).
 */
export class ResetPassword {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly hasher: PasswordHasher,
    private readonly links: AccountLinks,
    private readonly clock: Clock,
    private readonly messages: MessageComposer,
    private readonly adminPolicy: AdminPolicy,
  ) {}

  async execute(input: ResetPasswordInput, keepSessionId?: string): Promise<Result<void, DomainError>> {
    // Hash outside the transaction: argon2 is deliberately slow and must not hold a connection.
    const passwordHash = await this.hasher.hash(input.password);
    return this.uow.run(async ({ users, accountTokens, sessions, outbox }) => {
      const used = await this.links.use(accountTokens, input.token, 'password_reset');
      if (!used.ok) return used;
      const user = await users.findById(used.value.userId);
      if (!user) return err(invalidAccountLink('password_reset'));
      const now = this.clock.now();
      await users.updatePassword(user.id, passwordHash, now);
      await markAddressVerified(users, this.adminPolicy, user, now);
      await sessions.endSessionsOf(user.id, keepSessionId);
      await outbox.enqueue(this.messages.passwordChanged(user));
      return ok(undefined);
    });
  }
}
