import { Migration } from '@mikro-orm/migrations';

/**
 * One number that changes with every write to the tiers or the prompts, whoever writes (an administrator in
 * the API, `civicwatch tiers set`, the Stripe price ids at start, SQL by hand): each process caches those tables
 * and reads only this number to know whether its copy is still the database's (ADR 0024). A statement trigger,
 * so the number moves in the writer's transaction, and a sequence, so a rolled-back write never hands its
 * number to another. The row is written back by the next write when it is missing (a restore empties every
 * table, and backups leave this one out, then loads the tiers), and a process caches nothing while it is.
 */
/** On one line, as the schema check compares it with the trigger the entities declare. */
const BUMP = `insert into reference_data_version (version) values (nextval('reference_data_version_seq')) on conflict (id) do update set version = excluded.version; return null`;

export class Migration0018ReferenceDataVersion extends Migration {
  override name = '0018-reference-data-version';

  override up(): void {
    this.addSql(`create sequence reference_data_version_seq`);
    this.addSql(`
      create table reference_data_version (
        id boolean primary key default true constraint reference_data_version_id_check check (id),
        version bigint not null
      )`);
    this.addSql(`insert into reference_data_version (version) values (nextval('reference_data_version_seq'))`);
    // One function per table, named as the entities' trigger declaration expects (reference-data-version.entity.ts).
    for (const table of ['subscription_tiers', 'settings']) {
      this.addSql(`create function ${table}_bump_reference_data_version_fn() returns trigger language plpgsql as $$ begin ${BUMP}; end; $$`);
      this.addSql(`
        create trigger bump_reference_data_version after insert or update or delete on ${table}
        for each statement execute function ${table}_bump_reference_data_version_fn()`);
    }
  }

  override down(): void {
    for (const table of ['subscription_tiers', 'settings']) {
      this.addSql(`drop trigger bump_reference_data_version on ${table}`);
      this.addSql(`drop function ${table}_bump_reference_data_version_fn()`);
    }
    this.addSql(`drop table reference_data_version`);
    this.addSql(`drop sequence reference_data_version_seq`);
  }
}
