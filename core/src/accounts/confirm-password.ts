import { domainError, type DomainError } from '../shared/domain-error.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { PasswordHasher } from './password-hasher.port.ts';
import type { User } from './user.ts';

export const WRONG_PASSWORD_MESSAGE = 'The password you entered is incorrect.';

/**
 * The account's password, asked again before a sensitive change (the password, the e-mail, deleting the
 * account). A mismatch is `auth.wrong_password`, not `auth.invalid_credentials`: the caller is signed in,
 * and a 401 would sign the web app out.
 */
export async function confirmPassword(hasher: PasswordHasher, user: User, password: string): Promise<Result<void, DomainError>> {
  return (await hasher.verify(user.passwordHash, password)) ? ok(undefined) : err(domainError('auth.wrong_password', WRONG_PASSWORD_MESSAGE));
}
