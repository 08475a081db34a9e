import { domainError, type DomainError } from '../../shared/domain-error.ts';
import { err, ok, type Result } from '../../shared/result.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import type { User } from '../user.ts';
import { UNAUTHORIZED_MESSAGE } from '../account-messages.ts';


/** A session whose account was deleted is signed out, not an error. */
export class GetCurrentUser {
  constructor(private readonly uow: UnitOfWork) {}

  async execute(userId: string | undefined): Promise<Result<User, DomainError>> {
    const user = userId ? await this.uow.read(({ users }) => users.findById(userId)) : null;
    return user ? ok(user) : err(domainError('auth.unauthorized', UNAUTHORIZED_MESSAGE));
  }
}
