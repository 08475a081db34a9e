export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** Constant-time with respect to the password; false for a malformed hash. */
  verify(hash: string, password: string): Promise<boolean>;
}
export const PasswordHasher = Symbol('PasswordHasher');
