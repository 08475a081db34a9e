import { domainError, type DomainError } from '../../shared/domain-error.ts';
import { err, ok, type Result } from '../../shared/result.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import type { User } from '../user.ts';
import { UNAUTHORIZED_MESSAGE } from '../account-messages.ts';


/**
 * A session whose account was deleted is signed out, not an error. `readWithSession` is the account a session
 * store read in the same query as the session (null: no such account any more); without it the account is read.
 */
export class GetCurrentUser {
  constructor(private readonly uow: UnitOfWork) {}

  async execute(userId: string | undefined, readWithSession?: User | null): Promise<Result<User, DomainError>> {
    const user = !userId ? null
      : readWithSession !== undefined ? readWithSession
        : await this.uow.read(({ users }) => users.findById(userId));
    return user && user.id === userId ? ok(user) : err(domainError('auth.unauthorized', UNAUTHORIZED_MESSAGE));
  }
}
