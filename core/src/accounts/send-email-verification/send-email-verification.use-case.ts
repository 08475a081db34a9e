import { domainError, type DomainError } from '../../shared/domain-error.ts';
import { err, ok, type Result } from '../../shared/result.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import type { MessageComposer } from '../../notifications/message-composer.ts';
import type { AccountLinks } from '../account-links.ts';
import { UNAUTHORIZED_MESSAGE } from '../account-messages.ts';

export const ALREADY_VERIFIED_MESSAGE = 'Your e-mail address is already verified.';
export const verificationSentMessage = (email: string) =>
  `We have sent a new verification link to ${email}. It works for 24 hours.`;

/** "Resend verification e-mail": a new link to the signed-in user's address, replacing the earlier ones. */
export class SendEmailVerification {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly links: AccountLinks,
    private readonly messages: MessageComposer,
  ) {}

  async execute(userId: string): Promise<Result<{ message: string }, DomainError>> {
    return this.uow.run(async ({ users, accountTokens, outbox }) => {
      const user = await users.findById(userId);
      if (!user) return err(domainError('auth.unauthorized', UNAUTHORIZED_MESSAGE));
      if (user.emailVerifiedAt) return err(domainError('email.already_verified', ALREADY_VERIFIED_MESSAGE));
      const token = await this.links.issue(accountTokens, user.id, 'email_verification');
      await outbox.enqueue(this.messages.emailVerification(user, token));
      return ok({ message: verificationSentMessage(user.email) });
    });
  }
}
