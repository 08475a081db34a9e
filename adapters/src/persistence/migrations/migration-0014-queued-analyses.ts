import { Migration } from '@mikro-orm/migrations';

/**
 * Analyses run as queued jobs (ADR 0012): the pending row holds what its job needs (the document, the
 * options, the title, the client's progress id) until the job's end deletes it. Rows left by a server that
 * died before this version have no document to run, so their credits go back here, each with its
 * `analysis_refund` ledger row, as that server's next start would have done. Progress is kept where every
 * instance reads it: each event of a (user, progress id), in order, for a short while.
 */
export class Migration0014QueuedAnalyses extends Migration {
  override name = '0014-queued-analyses';

  override up(): void {
    this.addSql(`
      with gone as (delete from pending_analyses returning id, user_id, created_at),
      numbered as (
        select id, user_id, row_number() over (partition by user_id order by created_at, id) as n, count(*) over (partition by user_id) as total
        from gone),
      credited as (
        update users u set credits = u.credits + t.total
        from (select user_id, count(*)::int as total from gone group by user_id) t
        where u.id = t.user_id
        returning u.id, u.credits)
      insert into credit_ledger (id, user_id, delta, reason, reference, balance_after)
      select gen_random_uuid(), n.user_id, 1, 'analysis_refund', n.id::text, c.credits - n.total + n.n
      from numbered n join credited c on c.id = n.user_id`);
    this.addSql(`
      alter table pending_analyses
        add column progress_id uuid null,
        add column title text not null,
        add column options jsonb not null,
        add column document_kind text not null constraint pending_analyses_document_kind_check check (document_kind in ('pdf', 'text')),
        add column document_bytes bytea null,
        add column document_text text null,
        add constraint pending_analyses_document_check
          check ((document_bytes is not null) = (document_kind = 'pdf') and (document_text is not null) = (document_kind = 'text'))`);
    this.addSql(`
      create table analysis_progress (
        id uuid primary key,
        user_id uuid not null constraint analysis_progress_user_id_foreign references users (id) on delete cascade,
        progress_id uuid not null,
        event jsonb not null,
        final boolean not null,
        created_at timestamptz not null default clock_timestamp()
      )`);
    this.addSql(`create index analysis_progress_key_index on analysis_progress (user_id, progress_id, created_at)`);
    this.addSql(`create index analysis_progress_created_at_index on analysis_progress (created_at)`);
  }

  override down(): void {
    this.addSql(`drop table if exists analysis_progress`);
    this.addSql(`delete from pending_analyses`);
    this.addSql(`
      alter table pending_analyses
        drop constraint pending_analyses_document_check,
        drop column progress_id, drop column title, drop column options, drop column document_kind,
        drop column document_bytes, drop column document_text`);
  }
}
