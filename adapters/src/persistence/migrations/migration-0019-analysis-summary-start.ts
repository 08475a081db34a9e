import { Migration } from '@mikro-orm/migrations';

/**
 * The start of each analysis's summary beside its result (ADR 0024): the dashboard and the history show it, and
 * reading it from the result made PostgreSQL decompress every listed result, citations and all, for 201 characters.
 * Written with the result, which never changes after; filled here for the analyses already stored.
 */
export class Migration0019AnalysisSummaryStart extends Migration {
  override name = '0019-analysis-summary-start';

  override up(): void {
    this.addSql(`alter table analyses add column summary_start text null`);
    this.addSql(`update analyses set summary_start = left(coalesce(result->>'summary', ''), 201)`);
    this.addSql(`alter table analyses alter column summary_start set not null`);
  }

  override down(): void {
    this.addSql(`alter table analyses drop column summary_start`);
  }
}
