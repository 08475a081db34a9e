import { Migration } from '@mikro-orm/migrations';

/**
 * Rate-limit counters shared by every API instance (ADR 0015): one row per budget key, counting the hits of
 * the window that ends at `expires_at`. Unlogged: counters are worth no write-ahead log, and a crash that
 * empties the table only forgives some attempts. Expired rows are pruned by the store.
 */
export class Migration0015RateLimits extends Migration {
  override name = '0015-rate-limits';

  override up(): void {
    this.addSql(`
      create unlogged table rate_limits (
        key text primary key,
        hits integer not null constraint rate_limits_hits_check check (hits > 0),
        expires_at timestamptz not null
      )`);
    this.addSql(`create index rate_limits_expires_at_index on rate_limits (expires_at)`);
  }

  override down(): void {
    this.addSql(`drop table if exists rate_limits`);
  }
}
