import type { EmailPreferencesInput } from '../../contracts/account-data.contract.ts';
import { domainError, type DomainError } from '../../shared/domain-error.ts';
import { err, ok, type Result } from '../../shared/result.ts';
import type { Clock } from '../../shared/clock.port.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import type { User } from '../user.ts';
import { UNAUTHORIZED_MESSAGE } from '../account-messages.ts';

/**
 * PUT /api/account/email-preferences: the three optional kinds of e-mail (product news, analysis-complete
 * notices, payment receipts) as the user leaves them in account settings. The unsubscribe link of an e-mail
 * turns off the first two only; essential account e-mail is never among them.
 */
export class UpdateEmailPreferences {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(userId: string, input: EmailPreferencesInput): Promise<Result<User, DomainError>> {
    return this.uow.run(async ({ users }) => {
      const user = await users.findById(userId);
      if (!user) return err(domainError('auth.unauthorized', UNAUTHORIZED_MESSAGE));
      const updated: User = {
        ...user,
        emailPreferences: { productUpdates: input.productUpdates, analysisNotices: input.analysisNotices, receipts: input.receipts },
        updatedAt: this.clock.now(),
      };
      await users.updateProfile(updated);
      return ok(updated);
    });
  }
}
