import { connect, createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/** A TCP proxy on loopback that a test can cut, to take a dependency (PostgreSQL) away from a process and give it back. */
export interface TcpProxy {
  /** Where clients connect instead of the target. */
  readonly port: number;
  /** Connections passed through now. */
  readonly open: number;
  /** Destroys every connection passed through now, both ends, as a network failure would. */
  cut(): void;
  /** While true, a new connection is closed as soon as it arrives; false lets them through again. */
  refuse(refusing: boolean): void;
  close(): Promise<void>;
}

/** Starts a proxy from a free loopback port to `target`. Nothing else is touched: the target server itself stays up. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<[Socket, Socket]>();
  let refusing = false;
  const server = createServer((client) => {
    if (refusing) {
      client.destroy();
      return;
    }
    const upstream = connect(target.port, target.host);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    for (const socket of pair) {
      socket.on('error', drop);
      socket.on('close', drop);
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  const cut = () => {
    for (const [client, upstream] of [...pairs]) {
      client.destroy();
      upstream.destroy();
    }
    pairs.clear();
  };
  return {
    port: (server.address() as AddressInfo).port,
    get open() {
      return pairs.size;
    },
    cut,
    refuse: (value) => {
      refusing = value;
    },
    close: async () => {
      cut();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A proxy to the database server of a `postgres://` URL, and that URL rewritten to go through the proxy. */
export async function proxyDatabase(databaseUrl: string): Promise<{ proxy: TcpProxy; url: string }> {
  const url = new URL(databaseUrl);
  const proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  return { proxy, url: url.toString() };
}
