import { Migration } from '@mikro-orm/migrations';

const before = ['welcome', 'payment_receipt', 'analysis_complete'];
const after = [...before, 'email_verification', 'password_reset', 'password_changed', 'email_change_confirmation', 'email_change_notice'];
const kindCheck = (kinds: string[]) => `check (kind in (${kinds.map((k) => `'${k}'`).join(', ')}))`;

/**
 * The outbox learns the e-mail of account self-service (ADR 0008): verification links, password reset and
 * its notice, the confirmation of a new address and the notice to the old one. The lists are written out
 * here, not read from the code, so this migration means the same whenever it runs.
 */
export class Migration0013AccountEmailKinds extends Migration {
  override name = '0013-account-email-kinds';

  override up(): void {
    this.addSql(`alter table outbox drop constraint outbox_kind_check`);
    this.addSql(`alter table outbox add constraint outbox_kind_check ${kindCheck(after)}`);
  }

  override down(): void {
    this.addSql(`delete from outbox where kind not in (${before.map((k) => `'${k}'`).join(', ')})`);
    this.addSql(`alter table outbox drop constraint outbox_kind_check`);
    this.addSql(`alter table outbox add constraint outbox_kind_check ${kindCheck(before)}`);
  }
}
