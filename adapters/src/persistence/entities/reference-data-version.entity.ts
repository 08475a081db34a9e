import { defineEntity, p, type TriggerDef } from '@mikro-orm/core';

/** One row, moved on every write to the tiers or the prompts (ADR 0024); declared so that the schema check knows the table. */
export const ReferenceDataVersionEntity = defineEntity({
  name: 'ReferenceDataVersion',
  tableName: 'reference_data_version',
  properties: {
    id: p.boolean().primary().default(true).check('id'),
    version: p.bigint(),
  },
});

/**
 * The trigger of the tiers and the prompts that moves the number, once per statement (migration 0018); declared
 * on their entities so that the schema check knows it.
 */
export const bumpReferenceDataVersion = {
  name: 'bump_reference_data_version',
  timing: 'after',
  events: ['insert', 'update', 'delete'],
  forEach: 'statement',
  body: `insert into reference_data_version (version) values (nextval('reference_data_version_seq')) on conflict (id) do update set version = excluded.version; return null`,
} satisfies TriggerDef;
