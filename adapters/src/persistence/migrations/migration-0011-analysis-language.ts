import { Migration } from '@mikro-orm/migrations';

/**
 * The language of the analysed document, as an ISO 639-1 code ('es'), beside the result that names it: null
 * when it could not be told, and for every analysis made before languages were detected.
 */
export class Migration0011AnalysisLanguage extends Migration {
  override name = '0011-analysis-language';

  override up(): void {
    this.addSql(`alter table analyses add column language text null constraint analyses_language_check check (language ~ '^[a-z]{2}$')`);
  }

  override down(): void {
    this.addSql(`alter table analyses drop column if exists language`);
  }
}
