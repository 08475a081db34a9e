import type { MikroORM } from '@mikro-orm/postgresql';
import type { ExpressionBuilder, Kysely } from 'kysely';
import { clockTimestamp, kysely, milliseconds, type Database } from './kysely-database.ts';

/** A budget's state as @fastify/rate-limit reads it: hits in the current window, milliseconds until it ends. */
export interface RateLimitState {
  current: number;
  ttl: number;
}

type StateCallback = (error: Error | null, state?: RateLimitState) => void;

/** What @fastify/rate-limit passes a store's constructor and `child`: the limiter's merged options. */
export interface RateLimitStoreParams {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  /** The route a route-level limit belongs to; empty for limiters made with `createRateLimit`. */
  routeInfo?: { method?: string | string[]; url?: string };
}

export interface PostgresRateLimitStoreOptions {
  /** How often, at most, a hit also deletes expired rows. Default: one minute. */
  pruneIntervalMs?: number;
}

/**
 * The store of @fastify/rate-limit (`incr`, `read`, `child`) kept in the `rate_limits` table, so that every
 * API instance on one database spends from the same budgets (ADR 0015). Fixed windows, like the plugin's
 * own stores: the first hit of a key opens a window of `timeWindow` ms, later hits count in it.
 *
 * Each hit is one atomic upsert, so concurrent hits from any number of instances are all counted, and
 * windows are measured on the database's clock, so instances whose clocks disagree still agree on them.
 * Route-level limits get their route in the key (as the plugin's Redis store does); limiters made with
 * `createRateLimit` share one key space, so their key generators must name their scope.
 */
export class PostgresRateLimitStore {
  private readonly pruneIntervalMs: number;
  private readonly pruning: { last: number };

  constructor(
    private readonly orm: MikroORM,
    params: RateLimitStoreParams = {},
    options: PostgresRateLimitStoreOptions = {},
    private readonly prefix = '',
    pruning = { last: 0 },
  ) {
    // Neither is used by CivicWatch; refusing them beats silently counting differently from the other stores.
    if (params.continueExceeding || params.exponentialBackoff) {
      throw new Error('The PostgreSQL rate-limit store supports fixed windows only: no continueExceeding, no exponentialBackoff');
    }
    this.pruneIntervalMs = options.pruneIntervalMs ?? 60_000;
    this.pruning = pruning;
  }

  /**
   * The class @fastify/rate-limit constructs (`store` option): it makes the store itself, from the
   * limiter's options, so the database handle is bound here.
   */
  static on(orm: MikroORM, options: PostgresRateLimitStoreOptions = {}) {
    return class extends PostgresRateLimitStore {
      constructor(params: RateLimitStoreParams) {
        super(orm, params, options);
      }
    };
  }

  incr(key: string, callback: StateCallback, timeWindow: number): void {
    this.hit(key, timeWindow).then((state) => callback(null, state), (error: Error) => callback(error));
  }

  read(key: string, callback: StateCallback): void {
    this.peek(key).then((state) => callback(null, state), (error: Error) => callback(error));
  }

  child(params: RateLimitStoreParams): PostgresRateLimitStore {
    const { method, url } = params.routeInfo ?? {};
    const route = url ? `${[method ?? ''].flat().join(',')} ${url}:` : '';
    return new PostgresRateLimitStore(this.orm, params, { pruneIntervalMs: this.pruneIntervalMs }, `${this.prefix}${route}`, this.pruning);
  }

  /** Counts one hit on `key`, opening a new window of `timeWindowMs` when none is open. */
  async hit(key: string, timeWindowMs: number): Promise<RateLimitState> {
    const row = await this.db().insertInto('rate_limits')
      .values((eb) => ({ key: this.prefix + key, hits: 1, expires_at: eb(clockTimestamp(eb), '+', milliseconds(eb, timeWindowMs)) }))
      .onConflict((conflict) => conflict.column('key').doUpdateSet((eb) => {
        const closed = eb('rate_limits.expires_at', '<=', clockTimestamp(eb));
        return {
          hits: eb.case().when(closed).then(1).else(eb('rate_limits.hits', '+', 1)).end(),
          expires_at: eb.case().when(closed).then(eb.ref('excluded.expires_at')).else(eb.ref('rate_limits.expires_at')).end(),
        };
      }))
      .returning((eb) => ['hits', millisecondsLeft(eb)])
      .executeTakeFirstOrThrow();
    await this.pruneNowAndThen();
    return stateOf(row);
  }

  /** The hits of `key`'s open window, without counting one; zero when no window is open. */
  async peek(key: string): Promise<RateLimitState> {
    const row = await this.db().selectFrom('rate_limits').select((eb) => ['hits', millisecondsLeft(eb)])
      .where('key', '=', this.prefix + key).where((eb) => eb('expires_at', '>', clockTimestamp(eb)))
      .executeTakeFirst();
    return row ? stateOf(row) : { current: 0, ttl: 0 };
  }

  /** Deletes the rows of closed windows; answers how many. */
  async prune(): Promise<number> {
    const result = await this.db().deleteFrom('rate_limits').where((eb) => eb('expires_at', '<=', clockTimestamp(eb))).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  private async pruneNowAndThen(): Promise<void> {
    const now = Date.now();
    if (now - this.pruning.last < this.pruneIntervalMs) return;
    this.pruning.last = now;
    await this.prune();
  }

  // Its own fork per call: a hit must never ride on a request's transaction, nor wait for its commit.
  private db(): Kysely<Database> {
    return kysely(this.orm.em.fork());
  }
}

/** What is left of a window, in ms (`date_part` is `extract`'s function form). */
const millisecondsLeft = (eb: ExpressionBuilder<Database, 'rate_limits'>) =>
  eb.cast<number>(eb(eb.fn<number>('date_part', [eb.val('epoch'), eb('expires_at', '-', clockTimestamp(eb))]), '*', 1000), 'float8').as('ttl_ms');

const stateOf = (row: { hits: number; ttl_ms: number }): RateLimitState => ({
  current: row.hits,
  ttl: Math.max(0, Math.ceil(row.ttl_ms)),
});
