import type { GrantCreditsInput, UpdateUserTierInput } from '../../contracts/admin.contract.ts';
import { domainError, type DomainError } from '../../shared/domain-error.ts';
import { err, ok, type Result } from '../../shared/result.ts';
import type { Clock } from '../../shared/clock.port.ts';
import type { IdGenerator } from '../../shared/id-generator.port.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import { protectedAdmins, type AdminPolicy } from '../../accounts/admin-policy.ts';
import type { User } from '../../accounts/user.ts';
import { markAddressVerified } from '../../accounts/verified-address.ts';
import { eraseAccount } from '../../accounts/erase-account.ts';
import type { PaymentGateway } from '../../payments/payment-gateway.port.ts';
import type { AdminActor } from '../audit-log.port.ts';
import { adminMessages, userNotFound } from '../admin-messages.ts';
import { audit } from '../audit.ts';

/** One user, by id or by e-mail (`civicwatch users show`). */
export class FindUser {
  constructor(private readonly uow: UnitOfWork) {}

  async execute(idOrEmail: string): Promise<Result<User, DomainError>> {
    const wanted = idOrEmail.trim();
    const user = await this.uow.run(({ users }) => (wanted.includes('@') ? users.findByEmail(wanted.toLowerCase()) : users.findById(wanted)));
    return user ? ok(user) : err(userNotFound());
  }
}

/**
 * DELETE /api/admin/users/{id} (docs/product/credits-and-tiers.md "What each tier may do"): never the main administrator nor an admin. The account goes the
 * one way every account does (eraseAccount, ADR 0009): a subscription still running at Stripe is ended
 * first, so a deleted user is never charged again, then everything about the person, keeping only their
 * paid invoices, anonymised.
 */
export class DeleteUser {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly gateway: PaymentGateway | null,
    private readonly adminPolicy: AdminPolicy,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  async execute(actor: AdminActor, userId: string): Promise<Result<{ id: string; email: string }, DomainError>> {
    const [user, policy] = await this.uow.run(async ({ users }) => [await users.findById(userId), await protectedAdmins(this.adminPolicy, users)] as const);
    if (!user) return err(userNotFound());
    // The main administrator is the verified holder of the first ADMIN_EMAILS address; an account that registered
    // it without proving it is nobody's to protect, and deleting it frees the address for its owner.
    if (user.emailVerifiedAt && policy.isMainAdmin(user.email)) return err(domainError('user.protected', adminMessages.cannotDeleteMainAdmin));
    if (user.role === 'admin') return err(domainError('user.protected', adminMessages.cannotDeleteAdmin));

    const erased = await eraseAccount(this.uow, this.gateway, userId, (repos) =>
      audit(repos, { actor, clock: this.clock, ids: this.ids }, 'user.delete', user.email,
        { email: user.email, tier: user.tierId, credits: user.credits }, null));
    if (!erased.ok) return erased;
    return erased.value ? ok({ id: user.id, email: user.email }) : err(userNotFound());
  }
}

/**
 * POST /api/admin/update-user-tier (docs/product/api.md "Endpoints"; the Manage User dialog fires it as soon as a tier is picked,
 * with credits 1, 5 or 50): the tier, and the balance moved to `credits` through the ledger.
 */
export class SetUserTier {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  async execute(actor: AdminActor, input: UpdateUserTierInput): Promise<Result<User, DomainError>> {
    return this.uow.run(async (repos) => {
      const user = await repos.users.findById(input.userId);
      if (!user) return err(userNotFound());
      await repos.users.updateTier(user.id, input.tier);
      const delta = input.credits - user.credits;
      if (delta !== 0) {
        const posted = await repos.ledger.post({ userId: user.id, delta, reason: 'admin_adjustment' });
        if (!posted.ok) return posted;
      }
      await audit(repos, { actor, clock: this.clock, ids: this.ids }, 'user.tier', user.email,
        { tier: user.tierId, credits: user.credits }, { tier: input.tier, credits: input.credits });
      const updated = await repos.users.findById(user.id);
      return updated ? ok(updated) : err(userNotFound());
    });
  }
}

/** `civicwatch users grant-credits`: adds (or takes) credits through the ledger; never below zero. */
export class GrantCredits {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  async execute(actor: AdminActor, input: GrantCreditsInput): Promise<Result<{ balance: number }, DomainError>> {
    return this.uow.run(async (repos) => {
      const user = await repos.users.findById(input.userId);
      if (!user) return err(userNotFound());
      const posted = await repos.ledger.post({ userId: user.id, delta: input.credits, reason: 'admin_adjustment' });
      if (!posted.ok) {
        return posted.error.code === 'credits.insufficient'
          ? err(domainError('credits.insufficient', adminMessages.balanceBelowZero(user.credits)))
          : posted;
      }
      await audit(repos, { actor, clock: this.clock, ids: this.ids }, 'user.credits', user.email,
        { credits: user.credits }, { credits: posted.value.balance, delta: input.credits, ...(input.reason ? { reason: input.reason } : {}) });
      return posted;
    });
  }
}

/**
 * `civicwatch users verify` and the panel's Mark Verified: an administrator vouches that the account's address
 * is its holder's, where no e-mail reaches it (a server without SMTP_URL). The same as opening the verification
 * link, the admin role of an address ADMIN_EMAILS names included. A verified account is answered as it is, and
 * an action that changes nothing is not audited.
 */
export class VerifyUserEmail {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly adminPolicy: AdminPolicy,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  async execute(actor: AdminActor, userId: string): Promise<Result<User, DomainError>> {
    return this.uow.run(async (repos) => {
      const user = await repos.users.findById(userId);
      if (!user) return err(userNotFound());
      const verified = await markAddressVerified(repos.users, this.adminPolicy, user, this.clock.now());
      if (user.emailVerifiedAt && verified.role === user.role) return ok(verified);
      await audit(repos, { actor, clock: this.clock, ids: this.ids }, 'user.verify', user.email,
        { emailVerified: user.emailVerifiedAt !== null, role: user.role }, { emailVerified: true, role: verified.role });
      return ok(verified);
    });
  }
}
