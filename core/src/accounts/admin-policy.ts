/**
 * ADMIN_EMAILS (docs/product/administration.md "Who is an administrator"): those accounts are admins; the first is the main
 * administrator, who cannot be deleted or demoted.
 */
export class AdminPolicy {
  private readonly emails: readonly string[];

  constructor(emails: readonly string[]) {
    this.emails = emails.map((e) => e.trim().toLowerCase()).filter(Boolean);
  }

  get adminEmails(): readonly string[] {
    return this.emails;
  }

  isAdminEmail(email: string): boolean {
    return this.emails.includes(email.trim().toLowerCase());
  }

  isMainAdmin(email: string): boolean {
    return this.emails[0] === email.trim().toLowerCase();
  }
}
export const AdminPolicyToken = Symbol('AdminPolicy');

/**
 * The accounts ADMIN_EMAILS protects, as this process's configuration names them or, when it names none (a
 * command line run without the server's environment), as the server stored them at its last start.
 */
export async function protectedAdmins(policy: AdminPolicy, users: { configuredAdminEmails(): Promise<string[]> }): Promise<AdminPolicy> {
  return policy.adminEmails.length > 0 ? policy : new AdminPolicy(await users.configuredAdminEmails());
}
