import { Migration } from '@mikro-orm/migrations';

/**
 * E-mail is delivered by jobs of the job queue (ADR 0028), which decide when to try again: the outbox keeps
 * when delivery gave up (`given_up_at`) instead of when a sender may try next. A message the old delivery gave
 * up (unsent, with no next attempt) is marked given up now; the unsent others get their job from the next mail
 * worker to start, which queues every unsent message that has none.
 */
export class Migration0020MailJobs extends Migration {
  override name = '0020-mail-jobs';

  override up(): void {
    this.addSql(`alter table outbox add column given_up_at timestamptz null`);
    this.addSql(`update outbox set given_up_at = now() where sent_at is null and next_attempt_at is null`);
    this.addSql(`drop index outbox_next_attempt_at_index`);
    this.addSql(`alter table outbox drop column next_attempt_at`);
  }

  override down(): void {
    this.addSql(`alter table outbox add column next_attempt_at timestamptz null`);
    this.addSql(`update outbox set next_attempt_at = created_at where sent_at is null and given_up_at is null`);
    this.addSql(`create index outbox_next_attempt_at_index on outbox (next_attempt_at)`);
    this.addSql(`alter table outbox drop column given_up_at`);
  }
}
