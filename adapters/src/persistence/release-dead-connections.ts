/** The parts of a `pg` pool and its clients used here (the project installs no types for `pg`). */
interface PooledClient {
  release(error?: Error | boolean): void;
  once(event: 'end', listener: () => void): unknown;
  off(event: 'end', listener: () => void): unknown;
}
interface ClientPool {
  connect(...args: unknown[]): unknown;
}

/**
 * Hands a checked-out connection back to its pool when its socket ends, so that a database connection cut
 * mid-transaction cannot take a pool slot for good.
 *
 * MikroORM runs `em.transactional` on Kysely's controlled transactions, which release their connection only
 * after a COMMIT or ROLLBACK that succeeded (kysely-org/kysely#1990, open for Kysely 0.29). When the connection
 * is cut, the ROLLBACK fails as well and the client stays checked out forever: after DATABASE_POOL_SIZE such
 * transactions every request waits for a connection that never comes, even once the database is back. Here a
 * client whose socket ends while checked out is released with an error, which makes pg-pool discard it and
 * open a new one for the next request; its holder's own release, if it ever comes, is then ignored.
 * For MikroORM's `driverOptions.onPoolCreated`; Kysely takes clients with the promise form of `connect()`.
 */
export function releaseDeadConnections(pool: ClientPool): void {
  const connect = pool.connect.bind(pool);
  pool.connect = (...args: unknown[]) => {
    // The callback form is left as it is: Kysely does not use it.
    if (args.length > 0) return connect(...args);
    return (connect() as Promise<PooledClient>).then(guard);
  };
}

function guard(client: PooledClient): PooledClient {
  const release = client.release.bind(client);
  let released = false;
  const onEnd = () => releaseOnce(new Error('The database connection ended while it was in use'));
  const releaseOnce = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.off('end', onEnd);
    release(error);
  };
  client.release = releaseOnce;
  client.once('end', onEnd);
  return client;
}
