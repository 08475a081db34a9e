import type { ChangeEmailInput } from '../../contracts/account-recovery.contract.ts';
import { domainError, type DomainError } from '../../shared/domain-error.ts';
import { err, ok, type Result } from '../../shared/result.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import type { MessageComposer } from '../../notifications/message-composer.ts';
import type { AccountLinks } from '../account-links.ts';
import { confirmPassword } from '../confirm-password.ts';
import type { PasswordHasher } from '../password-hasher.port.ts';
import { UNAUTHORIZED_MESSAGE, EMAIL_TAKEN_MESSAGE } from '../account-messages.ts';

export const SAME_EMAIL_MESSAGE = 'This is already the e-mail address of your account.';
export const emailChangeRequestedMessage = (newEmail: string) =>
  `We have sent a confirmation link to ${newEmail}. Your address changes when you open it; the link works for 24 hours.`;

/**
 * Account settings' E-mail address section: with the password, asks to move the account to a new address.
 * Nothing changes yet: the new address gets a link that confirms it (ConfirmEmailChange), the current one a
 * notice, so that whoever holds it can react if the request was not theirs.
 */
export class RequestEmailChange {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly hasher: PasswordHasher,
    private readonly links: AccountLinks,
    private readonly messages: MessageComposer,
  ) {}

  async execute(userId: string, input: ChangeEmailInput): Promise<Result<{ message: string }, DomainError>> {
    const user = await this.uow.run(({ users }) => users.findById(userId));
    if (!user) return err(domainError('auth.unauthorized', UNAUTHORIZED_MESSAGE));
    const confirmed = await confirmPassword(this.hasher, user, input.password);
    if (!confirmed.ok) return confirmed;
    if (input.newEmail === user.email) return err(domainError('validation.invalid', SAME_EMAIL_MESSAGE));
    return this.uow.run(async ({ users, accountTokens, outbox }) => {
      if (await users.findByEmail(input.newEmail)) return err(domainError('auth.email_taken', EMAIL_TAKEN_MESSAGE));
      const token = await this.links.issue(accountTokens, user.id, 'email_change', input.newEmail);
      await outbox.enqueue(this.messages.emailChangeConfirmation(user, input.newEmail, token));
      await outbox.enqueue(this.messages.emailChangeNotice(user, input.newEmail));
      return ok({ message: emailChangeRequestedMessage(input.newEmail) });
    });
  }
}
