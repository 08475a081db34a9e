import { Migration } from '@mikro-orm/migrations';

/**
 * Public share links (ADR 0010): an analysis is shared while it holds a token, which is stored as it is so
 * that its owner can copy the live link again. Revoking clears both columns; deleting the analysis takes its
 * link with it.
 */
export class Migration0010ShareLinks extends Migration {
  override name = '0010-share-links';

  override up(): void {
    this.addSql(`alter table analyses add column share_token text null constraint analyses_share_token_unique unique`);
    this.addSql(`alter table analyses add column shared_at timestamptz null
      constraint analyses_shared_at_check check ((shared_at is null) = (share_token is null))`);
  }

  override down(): void {
    this.addSql(`alter table analyses drop column if exists shared_at`);
    this.addSql(`alter table analyses drop column if exists share_token`);
  }
}
