import type { ChangePasswordInput } from '../../contracts/account-recovery.contract.ts';
import type { Clock } from '../../shared/clock.port.ts';
import { domainError, type DomainError } from '../../shared/domain-error.ts';
import { err, ok, type Result } from '../../shared/result.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import type { MessageComposer } from '../../notifications/message-composer.ts';
import { confirmPassword } from '../confirm-password.ts';
import type { PasswordHasher } from '../password-hasher.port.ts';
import { UNAUTHORIZED_MESSAGE } from '../account-messages.ts';

/**
 * Account settings' Password section: the current password, then the new one. Every other session of the
 * account ends (`keepSessionId` is the caller's own), unused reset links stop working, and the account is
 * told by e-mail.
 */
export class ChangePassword {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly hasher: PasswordHasher,
    private readonly clock: Clock,
    private readonly messages: MessageComposer,
  ) {}

  async execute(userId: string, input: ChangePasswordInput, keepSessionId?: string): Promise<Result<void, DomainError>> {
    const user = await this.uow.run(({ users }) => users.findById(userId));
    if (!user) return err(domainError('auth.unauthorized', UNAUTHORIZED_MESSAGE));
    // Both argon2 runs outside the transaction: they are deliberately slow.
    const confirmed = await confirmPassword(this.hasher, user, input.currentPassword);
    if (!confirmed.ok) return confirmed;
    const passwordHash = await this.hasher.hash(input.newPassword);
    return this.uow.run(async ({ users, accountTokens, sessions, outbox }) => {
      await users.updatePassword(user.id, passwordHash, this.clock.now());
      await accountTokens.deleteUnused(user.id, ['password_reset']);
      await sessions.endSessionsOf(user.id, keepSessionId);
      await outbox.enqueue(this.messages.passwordChanged(user));
      return ok(undefined);
    });
  }
}
