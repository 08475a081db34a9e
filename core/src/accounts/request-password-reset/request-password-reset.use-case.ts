import type { ForgotPasswordInput } from '../../contracts/account-recovery.contract.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import type { MessageComposer } from '../../notifications/message-composer.ts';
import type { AccountLinks } from '../account-links.ts';

/** The answer to every request, whether or not the address has an account. */
export const PASSWORD_RESET_REQUESTED_MESSAGE =
  'If an account uses this e-mail address, we have sent it a link to choose a new password. The link works for one hour.';

/**
 * "Forgot password?": e-mails a single-use link to reset the password of the account with this address,
 * replacing any earlier one. An address without an account gets nothing, and the caller learns nothing
 * either way (ADR 0008): the use case answers nothing, the API the same 202.
 */
export class RequestPasswordReset {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly links: AccountLinks,
    private readonly messages: MessageComposer,
  ) {}

  async execute(input: ForgotPasswordInput): Promise<void> {
    await this.uow.run(async ({ users, accountTokens, outbox }) => {
      const user = await users.findByEmail(input.email);
      if (!user) return;
      const token = await this.links.issue(accountTokens, user.id, 'password_reset');
      await outbox.enqueue(this.messages.passwordReset(user, token));
    });
  }
}
