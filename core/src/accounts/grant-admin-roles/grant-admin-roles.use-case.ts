import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import type { AdminPolicy } from '../admin-policy.ts';

/** What the server's start changed: how many accounts became admins, and the accounts that stopped being admins. */
export interface ConfiguredAdminRoles {
  granted: number;
  revoked: string[];
}

/**
 * Run when the server starts: the list of ADMIN_EMAILS is stored, so that a command line run without the
 * server's environment still protects them, and the accounts it names hold the admin role exactly when their
 * address is verified (verified-address.ts). Those that registered and verified earlier become admins; an
 * unverified one that holds the role (given at registration by a release before this rule) loses it, since
 * whoever registered the address first need not own it.
 */
export class GrantAdminRoles {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly adminPolicy: AdminPolicy,
  ) {}

  async execute(): Promise<ConfiguredAdminRoles> {
    return this.uow.run(async ({ users }) => {
      const emails = this.adminPolicy.adminEmails;
      await users.saveConfiguredAdminEmails(emails);
      if (emails.length === 0) return { granted: 0, revoked: [] };
      return { granted: await users.grantAdminRole(emails), revoked: await users.revokeAdminRoleOfUnverified(emails) };
    });
  }
}
