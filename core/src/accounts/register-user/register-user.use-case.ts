import type { RegisterInput } from '../../contracts/auth.contract.ts';
import { domainError, type DomainError } from '../../shared/domain-error.ts';
import { err, ok, type Result } from '../../shared/result.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import type { Clock } from '../../shared/clock.port.ts';
import type { IdGenerator } from '../../shared/id-generator.port.ts';
import type { PasswordHasher } from '../password-hasher.port.ts';
import { defaultEmailPreferences, type User } from '../user.ts';
import type { MessageComposer } from '../../notifications/message-composer.ts';
import type { AccountLinks } from '../account-links.ts';
import { EMAIL_TAKEN_MESSAGE } from '../account-messages.ts';


/**
 * A new account starts on the Citizen tier with that tier's credits, granted through the ledger
 * in the same transaction as the account (docs/product/credits-and-tiers.md "What each tier may do", docs/product/credits-and-tiers.md "Tiers"), and a welcome e-mail into the outbox with them,
 * carrying the link that verifies the address (ADR 0008).
 */
export class RegisterUser {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly hasher: PasswordHasher,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly messages: MessageComposer,
    private readonly links: AccountLinks,
  ) {}

  async execute(input: RegisterInput): Promise<Result<User, DomainError>> {
    // Hash outside the transaction: argon2 is deliberately slow and must not hold a connection.
    const passwordHash = await this.hasher.hash(input.password);
    return this.uow.run(async ({ users, tiers, ledger, outbox, accountTokens }) => {
      if (await users.findByEmail(input.email)) return err(domainError('auth.email_taken', EMAIL_TAKEN_MESSAGE));
      const citizen = await tiers.get('citizen');
      if (!citizen) throw new Error('The citizen tier is missing: run the migrations.');
      const now = this.clock.now();
      const user: User = {
        id: this.ids.next(),
        email: input.email,
        firstName: input.firstName,
        lastName: null,
        state: null,
        country: 'US',
        tierId: 'citizen',
        credits: 0,
        // Even for an address ADMIN_EMAILS names: the role waits for the address to be verified (verified-address.ts).
        role: 'user',
        passwordHash,
        emailPreferences: { ...defaultEmailPreferences },
        emailVerifiedAt: null,
        createdAt: now,
        updatedAt: now,
      };
      const inserted = await users.insert(user);
      if (!inserted.ok) return inserted;
      const granted = await ledger.post({ userId: user.id, delta: citizen.monthlyCredits, reason: 'signup_grant', reference: user.id });
      if (!granted.ok) return granted;
      const verification = await this.links.issue(accountTokens, user.id, 'email_verification');
      await outbox.enqueue(this.messages.welcome(user, citizen.monthlyCredits, verification));
      return ok({ ...user, credits: granted.value.balance });
    });
  }
}
