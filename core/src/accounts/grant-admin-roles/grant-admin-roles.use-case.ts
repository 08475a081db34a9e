import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import type { AdminPolicy } from '../admin-policy.ts';

/**
 * Run when the server starts: accounts that ADMIN_EMAILS names and that registered earlier become admins, and
 * the list is stored, so that a command line run without the server's environment still protects them.
 */
export class GrantAdminRoles {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly adminPolicy: AdminPolicy,
  ) {}

  async execute(): Promise<number> {
    return this.uow.run(async ({ users }) => {
      await users.saveConfiguredAdminEmails(this.adminPolicy.adminEmails);
      return this.adminPolicy.adminEmails.length === 0 ? 0 : users.grantAdminRole(this.adminPolicy.adminEmails);
    });
  }
}
