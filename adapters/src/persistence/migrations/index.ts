import type { MigrationObject } from '@mikro-orm/core';
import { Migration0001InitialSchema } from './migration-0001-initial-schema.ts';
import { Migration0002SeedTiersAndPrompts } from './migration-0002-seed-tiers-and-prompts.ts';
import { Migration0003PendingAnalyses } from './migration-0003-pending-analyses.ts';
import { Migration0004PromoCodes } from './migration-0004-promo-codes.ts';
import { Migration0005Billing } from './migration-0005-billing.ts';
import { Migration0006AuditLog } from './migration-0006-audit-log.ts';
import { Migration0007Outbox } from './migration-0007-outbox.ts';
import { Migration0008ConfiguredAdmins } from './migration-0008-configured-admins.ts';
import { Migration0009Accounts } from './migration-0009-accounts.ts';
import { Migration0010ShareLinks } from './migration-0010-share-links.ts';
import { Migration0011AnalysisLanguage } from './migration-0011-analysis-language.ts';
import { Migration0012KeepPaymentsOnAccountDeletion } from './migration-0012-keep-payments-on-account-deletion.ts';
import { Migration0013AccountEmailKinds } from './migration-0013-account-email-kinds.ts';
import { Migration0014QueuedAnalyses } from './migration-0014-queued-analyses.ts';
import { Migration0015RateLimits } from './migration-0015-rate-limits.ts';
import { Migration0016UncompressedPendingDocuments } from './migration-0016-uncompressed-pending-documents.ts';
import { Migration0017Comparisons } from './migration-0017-comparisons.ts';
import { Migration0018ReferenceDataVersion } from './migration-0018-reference-data-version.ts';
import { Migration0019AnalysisSummaryStart } from './migration-0019-analysis-summary-start.ts';
import { Migration0020MailJobs } from './migration-0020-mail-jobs.ts';

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
  { name: '0009-accounts', class: Migration0009Accounts },
  { name: '0010-share-links', class: Migration0010ShareLinks },
  { name: '0011-analysis-language', class: Migration0011AnalysisLanguage },
  { name: '0012-keep-payments-on-account-deletion', class: Migration0012KeepPaymentsOnAccountDeletion },
  { name: '0013-account-email-kinds', class: Migration0013AccountEmailKinds },
  { name: '0014-queued-analyses', class: Migration0014QueuedAnalyses },
  { name: '0015-rate-limits', class: Migration0015RateLimits },
  { name: '0016-uncompressed-pending-documents', class: Migration0016UncompressedPendingDocuments },
  { name: '0017-comparisons', class: Migration0017Comparisons },
  { name: '0018-reference-data-version', class: Migration0018ReferenceDataVersion },
  { name: '0019-analysis-summary-start', class: Migration0019AnalysisSummaryStart },
  { name: '0020-mail-jobs', class: Migration0020MailJobs },
];
