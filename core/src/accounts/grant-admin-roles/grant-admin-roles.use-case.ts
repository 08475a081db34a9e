import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import type { AdminPolicy } from '../admin-policy.ts';

/** Run when the server starts: accounts that ADMIN_EMAILS names and that registered earlier become admins. */
export class GrantAdminRoles {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly adminPolicy: AdminPolicy,
  ) {}

  async execute(): Promise<number> {
    if (this.adminPolicy.adminEmails.length === 0) return 0;
    return this.uow.run(({ users }) => users.grantAdminRole(this.adminPolicy.adminEmails));
  }
}
