import { Migration } from '@mikro-orm/migrations';

/**
 * Comparisons of two versions (ADR 0022): a pending comparison keeps the earlier version beside the later one
 * (the row's own document) until its job ends, stored out of line like it; a stored comparison is an entry of
 * the history of type `comparison`.
 */
export class Migration0017Comparisons extends Migration {
  override name = '0017-comparisons';

  override up(): void {
    this.addSql(`
      alter table pending_analyses
        add column earlier_title text null,
        add column earlier_document_kind text null constraint pending_analyses_earlier_document_kind_check check (earlier_document_kind in ('pdf', 'text')),
        add column earlier_document_bytes bytea null,
        add column earlier_document_text text null,
        add constraint pending_analyses_earlier_document_check check (
          (earlier_title is not null) = (earlier_document_kind is not null)
          and (earlier_document_bytes is not null) = coalesce(earlier_document_kind = 'pdf', false)
          and (earlier_document_text is not null) = coalesce(earlier_document_kind = 'text', false))`);
    this.addSql(`alter table pending_analyses alter column earlier_document_bytes set storage external`);
    this.addSql(`
      alter table analyses
        drop constraint analyses_analysis_type_check,
        add constraint analyses_analysis_type_check check (analysis_type in ('summary', 'constitutional', 'custom', 'comparison'))`);
  }

  override down(): void {
    this.addSql(`delete from analyses where analysis_type = 'comparison'`);
    this.addSql(`
      alter table analyses
        drop constraint analyses_analysis_type_check,
        add constraint analyses_analysis_type_check check (analysis_type in ('summary', 'constitutional', 'custom'))`);
    this.addSql(`delete from pending_analyses where earlier_document_kind is not null`);
    this.addSql(`
      alter table pending_analyses
        drop constraint pending_analyses_earlier_document_check,
        drop column earlier_title, drop column earlier_document_kind, drop column earlier_document_bytes, drop column earlier_document_text`);
  }
}
