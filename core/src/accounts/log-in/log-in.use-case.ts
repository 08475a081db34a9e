import type { SignInInput } from '../../contracts/auth.contract.ts';
import { domainError, type DomainError } from '../../shared/domain-error.ts';
import { err, ok, type Result } from '../../shared/result.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import type { PasswordHasher } from '../password-hasher.port.ts';
import type { User } from '../user.ts';

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid credentials';

export class LogIn {
  /** Verified when the e-mail is unknown, so that timing does not tell which e-mails have accounts. */
  private decoyHash: Promise<string> | null = null;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly hasher: PasswordHasher,
  ) {}

  async execute(input: SignInInput): Promise<Result<User, DomainError>> {
    const user = await this.uow.run(({ users }) => users.findByEmail(input.email));
    const hash = user?.passwordHash ?? (await (this.decoyHash ??= this.hasher.hash('decoy-password-for-timing')));
    const valid = await this.hasher.verify(hash, input.password);
    if (!user || !valid) return err(domainError('auth.invalid_credentials', INVALID_CREDENTIALS_MESSAGE));
    return ok(user);
  }
}
