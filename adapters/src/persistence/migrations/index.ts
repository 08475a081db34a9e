import type { MigrationObject } from '@mikro-orm/core';
import { Migration0001InitialSchema } from './migration-0001-initial-schema.ts';
import { Migration0002SeedTiersAndPrompts } from './migration-0002-seed-tiers-and-prompts.ts';
import { Migration0003PendingAnalyses } from './migration-0003-pending-analyses.ts';
import { Migration0004PromoCodes } from './migration-0004-promo-codes.ts';
import { Migration0005Billing } from './migration-0005-billing.ts';
import { Migration0006AuditLog } from './migration-0006-audit-log.ts';
import { Migration0007Outbox } from './migration-0007-outbox.ts';
import { Migration0008ConfiguredAdmins } from './migration-0008-configured-admins.ts';

/**
 * Every migration, in order. Listed explicitly rather than discovered from the folder so that the list
 * survives bundling and works the same from TypeScript sources and compiled code. Names are stable: they
 * are what the `mikro_orm_migrations` table records.
 */
export const migrations: MigrationObject[] = [
  { name: '0001-initial-schema', class: Migration0001InitialSchema },
  { name: '0002-seed-tiers-and-prompts', class: Migration0002SeedTiersAndPrompts },
  { name: '0003-pending-analyses', class: Migration0003PendingAnalyses },
  { name: '0004-promo-codes', class: Migration0004PromoCodes },
  { name: '0005-billing', class: Migration0005Billing },
  { name: '0006-audit-log', class: Migration0006AuditLog },
  { name: '0007-outbox', class: Migration0007Outbox },
  { name: '0008-configured-admins', class: Migration0008ConfiguredAdmins },
];
