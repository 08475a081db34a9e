import { protectedAdmins, type AdminPolicy } from './admin-policy.ts';
import type { UserRepository } from './user-repository.port.ts';
import type { Role, User } from './user.ts';

/**
 * The role an account has once its current address is verified: the admin role when ADMIN_EMAILS names that
 * address (as this process's configuration names them, or as the server stored them at its start, so that a
 * bare command line decides alike). Never at registration: whoever types an address first need not own it,
 * and an administrator can read every unsent e-mail, its verification link included, in the panel's outbox.
 * Callers hold proof that `user.email` is the account holder's (a link opened from that mailbox, or an
 * administrator's word).
 */
export async function roleOfVerifiedAddress(users: UserRepository, adminPolicy: AdminPolicy, user: Pick<User, 'id' | 'email' | 'role'>): Promise<Role> {
  if (user.role === 'admin') return 'admin';
  if (!(await protectedAdmins(adminPolicy, users)).isAdminEmail(user.email)) return user.role;
  await users.setRole(user.id, 'admin');
  return 'admin';
}

/** Records that the account's current address is the holder's, with the role that follows; answers the account as it now is. */
export async function markAddressVerified(users: UserRepository, adminPolicy: AdminPolicy, user: User, at: Date): Promise<User> {
  const emailVerifiedAt = user.emailVerifiedAt ?? at;
  if (!user.emailVerifiedAt) await users.markEmailVerified(user.id, at);
  return { ...user, emailVerifiedAt, role: await roleOfVerifiedAddress(users, adminPolicy, user) };
}
