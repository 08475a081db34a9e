import { Migration } from '@mikro-orm/migrations';

/**
 * Account deletion (ADR 0009) keeps only what payment law needs. A paid invoice outlives its account,
 * anonymised: its user id is cleared, the invoice id, amount, date and tier stay. The e-mail written to the
 * account goes with it: copies of what a deleted person was told are personal data nobody needs to keep.
 */
export class Migration0012KeepPaymentsOnAccountDeletion extends Migration {
  override name = '0012-keep-payments-on-account-deletion';

  override up(): void {
    this.addSql(`alter table payments alter column user_id drop not null`);
    this.addSql(`alter table payments drop constraint payments_user_id_foreign`);
    this.addSql(`alter table payments add constraint payments_user_id_foreign foreign key (user_id) references users (id) on delete set null`);
    this.addSql(`alter table outbox drop constraint outbox_user_id_foreign`);
    this.addSql(`alter table outbox add constraint outbox_user_id_foreign foreign key (user_id) references users (id) on delete cascade`);
  }

  override down(): void {
    this.addSql(`alter table outbox drop constraint outbox_user_id_foreign`);
    this.addSql(`alter table outbox add constraint outbox_user_id_foreign foreign key (user_id) references users (id) on delete set null`);
    // Anonymised invoices have no account to go back to.
    this.addSql(`delete from payments where user_id is null`);
    this.addSql(`alter table payments drop constraint payments_user_id_foreign`);
    this.addSql(`alter table payments add constraint payments_user_id_foreign foreign key (user_id) references users (id) on delete cascade`);
    this.addSql(`alter table payments alter column user_id set not null`);
  }
}
