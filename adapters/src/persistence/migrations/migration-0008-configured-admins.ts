import { Migration } from '@mikro-orm/migrations';

/**
 * The ADMIN_EMAILS the server last started with, in order: the accounts every process protects (the main
 * administrator cannot be deleted; no ADMIN_EMAILS account can be revoked), even a command line run without
 * the server's environment.
 */
export class Migration0008ConfiguredAdmins extends Migration {
  override name = '0008-configured-admins';

  override up(): void {
    this.addSql(`
      create table configured_admins (
        email text primary key constraint configured_admins_email_check check (email = lower(email)),
        position integer not null
      )`);
  }

  override down(): void {
    this.addSql(`drop table if exists configured_admins`);
  }
}
