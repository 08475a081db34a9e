/** SQLSTATEs that say the database cannot be reached or is going away, not that a statement was wrong. */
const UNREACHABLE_STATES = /^(08...|57P0[123]|53300)$/;
/** Socket failures on the way to the database. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** What `pg`, `pg-pool` and release-dead-connections.ts say when a connection is lost or cannot be had. */
const LOST_CONNECTION = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|The database connection ended)/;

/**
 * Whether `error` (or one of its causes) says that the database could not be reached or that the connection
 * under a query was lost: an infrastructure failure that passes once the database is back, never a bug or
 * a statement the database refused. Callers answer "try again" for these (ADR 0016).
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    const { code } = current as Error & { code?: unknown };
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || UNREACHABLE_STATES.test(code))) return true;
    if (LOST_CONNECTION.test(current.message)) return true;
  }
  return false;
}
