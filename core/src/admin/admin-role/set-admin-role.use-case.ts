import { domainError, type DomainError } from '../../shared/domain-error.ts';
import { err, ok, type Result } from '../../shared/result.ts';
import type { Clock } from '../../shared/clock.port.ts';
import type { IdGenerator } from '../../shared/id-generator.port.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import { protectedAdmins, type AdminPolicy } from '../../accounts/admin-policy.ts';
import type { User } from '../../accounts/user.ts';
import type { AdminActor } from '../audit-log.port.ts';
import { adminMessages, userNotFound } from '../admin-messages.ts';
import { audit } from '../audit.ts';

/**
 * `civicwatch admin grant|revoke` (docs/product/administration.md "Who is an administrator"): the role is stored on the user. An account that
 * ADMIN_EMAILS names holds the role exactly when its address is verified (verified-address.ts; the server
 * restores that at each start): revoking refuses such an account, and so does granting it before its address
 * is verified.
 */
export class SetAdminRole {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly adminPolicy: AdminPolicy,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  async execute(actor: AdminActor, email: string, role: 'admin' | 'user'): Promise<Result<User, DomainError>> {
    return this.uow.run(async (repos) => {
      if (role === 'user' && (await protectedAdmins(this.adminPolicy, repos.users)).isAdminEmail(email)) {
        return err(domainError('user.protected', adminMessages.cannotRevokeConfigured));
      }
      const user = await repos.users.findByEmail(email.trim().toLowerCase());
      if (!user) return err(userNotFound());
      if (role === 'admin' && !user.emailVerifiedAt && (await protectedAdmins(this.adminPolicy, repos.users)).isAdminEmail(user.email)) {
        return err(domainError('email.unverified', adminMessages.configuredUnverified(user.email)));
      }
      if (user.role === role) return ok(user);
      await repos.users.setRole(user.id, role);
      await audit(repos, { actor, clock: this.clock, ids: this.ids }, role === 'admin' ? 'admin.grant' : 'admin.revoke', user.email,
        { role: user.role }, { role });
      return ok({ ...user, role });
    });
  }
}
