import type { MikroORM } from '@mikro-orm/postgresql';
import { sql, type Kysely } from 'kysely';
import type { User } from '@civicwatch/core';
import { UserEntity } from './entities/user.entity.ts';
import { toUser, type UserRow } from './mikro-orm-user-repository.ts';
import { UUID_SQL_PATTERN } from './sql-helpers.ts';
import { prepared, type Database } from './kysely-database.ts';

/**
 * The account read with a session. @fastify/session hashes a session's data twice a request, to learn whether to
 * save it; the account is never saved, so it hashes as its id alone, not field by field (the two hashes with the
 * whole account cost 5% of the API's time under the dashboard's load, ADR 0017).
 */
export class SessionAccount {
  constructor(readonly user: User) {}

  toJSON(): string {
    return this.user.id;
  }
}

/** What @fastify/session hands a store: plain data plus the cookie that says when the session ends. */
export interface StoredSessionData {
  cookie?: { expires?: Date | string | null; maxAge?: number | null; originalMaxAge?: number | null } | null;
  /**
   * The account of `userId` as it is now, read with the session in the same query; null when the session has
   * no user or its user is gone. Never stored: `set` leaves it out.
   */
  account?: SessionAccount | null;
  [key: string]: unknown;
}

type Callback = (error?: unknown) => void;
type GetCallback = (error: unknown, session?: StoredSessionData | null) => void;

export interface PostgresSessionStoreOptions {
  /** Lifetime of a session whose cookie has no expiry (a browser-session cookie). Default: one day. */
  defaultTtlMs?: number;
  /** How often, at most, a write also deletes expired rows. Default: fifteen minutes. */
  pruneIntervalMs?: number;
  now?: () => Date;
}

/**
 * The session store of @fastify/session (`set`, `get`, `destroy` with callbacks), kept in the `sessions`
 * table so that sessions survive restarts and every API instance shares them.
 *
 * An expired row is never answered, whether or not it has been pruned yet; pruning piggybacks on writes
 * (at most once per `pruneIntervalMs`) and can be run by hand with `prune()`.
 *
 * A session is read with its user in one query (`account`), since every signed-in request needs both: one
 * round trip to the database instead of two (issue 19). Nothing is cached between requests, so a session
 * ended or a password changed through any instance is refused by every instance at its next request.
 */
export class PostgresSessionStore {
  private readonly defaultTtlMs: number;
  private readonly pruneIntervalMs: number;
  private readonly now: () => Date;
  private lastPrune = 0;
  /** Its dates, which the driver answers as text as the ORM configures it (the analyses' reads parse theirs alike). */
  private readonly userDates: string[];
  /** The session with its user, compiled once: every signed-in request sends it. */
  private readonly sessionWithUser;

  constructor(private readonly orm: MikroORM, options: PostgresSessionStoreOptions = {}) {
    const columns = orm.getMetadata().get(UserEntity).props.filter((prop) => prop.persist !== false && prop.fieldNames?.length === 1);
    // The user's columns under the entity's property names, so that `toUser` maps the row as it maps an entity,
    // without building one (the entity factory cost 5% of the server's time under the dashboard's load). Names
    // from the ORM's metadata, so `sql.ref`: the builder checks only names written in the code.
    const userColumns = columns.map((prop) => sql.ref(`u.${prop.fieldNames[0]}`).as(prop.name));
    this.userDates = columns.filter((prop) => prop.runtimeType === 'Date').map((prop) => prop.name);
    this.sessionWithUser = prepared((db, values: { sid: string; now: Date }) => db.selectFrom('sessions as s')
      // A user id that is not a UUID (data written by hand) matches nobody rather than failing the cast.
      .leftJoin('users as u', (join) => join.on((eb) => {
        const userId = eb.ref('s.data', '->>').key('userId');
        return eb('u.id', '=', eb.case().when(userId, '~*', UUID_SQL_PATTERN).then(eb.cast<string>(userId, 'uuid')).end());
      }))
      .select('s.data as session_data')
      .select(userColumns)
      .where('s.sid', '=', values.sid).where('s.expires_at', '>', values.now));
    this.defaultTtlMs = options.defaultTtlMs ?? 24 * 60 * 60 * 1000;
    this.pruneIntervalMs = options.pruneIntervalMs ?? 15 * 60 * 1000;
    this.now = options.now ?? (() => new Date());
  }

  set(sid: string, session: StoredSessionData, callback: Callback): void {
    this.save(sid, session).then(() => callback(), callback);
  }

  get(sid: string, callback: GetCallback): void {
    this.load(sid).then((session) => callback(null, session), (error: unknown) => callback(error));
  }

  destroy(sid: string, callback: Callback): void {
    this.remove(sid).then(() => callback(), callback);
  }

  async save(sid: string, session: StoredSessionData): Promise<void> {
    // The account is what the row's user was when the session was read, not part of the session.
    const { account: _readWithIt, ...stored } = session;
    await this.db().insertInto('sessions')
      // JSON.stringify runs the cookie's toJSON, which is what @fastify/session restores a session from.
      .values((eb) => ({ sid, data: eb.cast<Record<string, unknown>>(eb.val(JSON.stringify(stored)), 'jsonb'), expires_at: this.expiryOf(session) }))
      .onConflict((conflict) => conflict.column('sid').doUpdateSet((eb) => ({ data: eb.ref('excluded.data'), expires_at: eb.ref('excluded.expires_at') })))
      .execute();
    await this.pruneNowAndThen();
  }

  async load(sid: string): Promise<StoredSessionData | null> {
    const [row] = await this.sessionWithUser(this.db(), { sid, now: this.now() });
    if (!row) return null;
    const { session_data: session, ...user }: { session_data: StoredSessionData } & Record<string, unknown> = row;
    for (const name of this.userDates) if (typeof user[name] === 'string') user[name] = new Date(user[name]);
    session.account = user.id ? new SessionAccount(toUser(user as UserRow)) : null;
    return session;
  }

  async remove(sid: string): Promise<void> {
    await this.db().deleteFrom('sessions').where('sid', '=', sid).execute();
  }

  /** Deletes expired sessions; answers how many. */
  async prune(): Promise<number> {
    const result = await this.db().deleteFrom('sessions').where('expires_at', '<=', this.now()).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  private expiryOf(session: StoredSessionData): Date {
    const now = this.now().getTime();
    const expires = session.cookie?.expires;
    if (expires) {
      const at = new Date(expires);
      if (!Number.isNaN(at.getTime())) return at;
    }
    const maxAge = session.cookie?.maxAge ?? session.cookie?.originalMaxAge;
    if (typeof maxAge === 'number' && Number.isFinite(maxAge)) return new Date(now + maxAge);
    return new Date(now + this.defaultTtlMs);
  }

  private async pruneNowAndThen(): Promise<void> {
    const now = this.now().getTime();
    if (now - this.lastPrune < this.pruneIntervalMs) return;
    this.lastPrune = now;
    await this.prune();
  }

  // The pool's own client: a session lookup must never ride on a request's transaction, and needs no unit of
  // work (a fork per request cost 1% of the API's time under the dashboard's load).
  private db(): Kysely<Database> {
    return this.orm.em.getConnection().getClient<Database>();
  }
}
