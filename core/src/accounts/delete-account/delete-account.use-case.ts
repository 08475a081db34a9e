import type { DeleteAccountInput } from '../../contracts/account-data.contract.ts';
import { domainError, type DomainError } from '../../shared/domain-error.ts';
import { err, ok, type Result } from '../../shared/result.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import type { PaymentGateway } from '../../payments/payment-gateway.port.ts';
import { protectedAdmins, type AdminPolicy } from '../admin-policy.ts';
import { confirmPassword } from '../confirm-password.ts';
import { eraseAccount } from '../erase-account.ts';
import type { PasswordHasher } from '../password-hasher.port.ts';
import { UNAUTHORIZED_MESSAGE } from '../account-messages.ts';

export const ADMIN_CANNOT_DELETE_OWN_ACCOUNT_MESSAGE =
  "An administrator's account cannot be deleted. Ask another administrator to revoke your admin role first " +
  '(an address named by ADMIN_EMAILS must first be removed from it).';

/**
 * DELETE /api/account: the signed-in user deletes their own account, after typing its password again. It goes
 * the way an administrator's deletion does (eraseAccount, ADR 0009), and administrators are refused here as
 * there: the main administrator and the admin role are protected. A wrong password changes nothing.
 */
export class DeleteAccount {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly hasher: PasswordHasher,
    private readonly gateway: PaymentGateway | null,
    private readonly adminPolicy: AdminPolicy,
  ) {}

  async execute(userId: string, input: DeleteAccountInput): Promise<Result<void, DomainError>> {
    const signedOut = () => err(domainError('auth.unauthorized', UNAUTHORIZED_MESSAGE));
    const [user, policy] = await this.uow.run(async ({ users }) => [await users.findById(userId), await protectedAdmins(this.adminPolicy, users)] as const);
    if (!user) return signedOut();
    // As DeleteUser: the first ADMIN_EMAILS address protects the account that verified it, the main administrator.
    if (user.role === 'admin' || (user.emailVerifiedAt && policy.isMainAdmin(user.email))) {
      return err(domainError('user.protected', ADMIN_CANNOT_DELETE_OWN_ACCOUNT_MESSAGE));
    }
    const confirmed = await confirmPassword(this.hasher, user, input.password);
    if (!confirmed.ok) return confirmed;
    const erased = await eraseAccount(this.uow, this.gateway, user.id);
    if (!erased.ok) return erased;
    return erased.value ? ok(undefined) : signedOut();
  }
}
