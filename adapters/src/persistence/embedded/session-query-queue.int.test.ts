import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { SessionQueryQueue } from './session-query-queue.ts';
import { seedEmbeddedDataDir } from '../testing/pglite-template.ts';

// Frontend messages of the extended query protocol, built by hand to control their order exactly.
const message = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  const header = Buffer.alloc(5);
  header.write(type, 0);
  header.writeInt32BE(body.length + 4, 1);
  return new Uint8Array(Buffer.concat([header, body]));
};
const cstring = (s: string) => Buffer.from(`${s}\0`);
const int16 = (n: number) => { const b = Buffer.alloc(2); b.writeInt16BE(n); return b; };
const int32 = (n: number) => { const b = Buffer.alloc(4); b.writeInt32BE(n); return b; };
const parse = (sql: string) => message('P', cstring(''), cstring(sql), int16(0));
const bind = () => message('B', cstring(''), cstring(''), int16(0), int16(0), int16(0));
const execute = () => message('E', cstring(''), int32(0));
const sync = () => message('S');

/** The text of the first column of the first DataRow in a backend response. */
const firstValue = (response: Buffer): string | null => {
  for (let i = 0; i < response.length;) {
    const type = String.fromCharCode(response[i]!);
    const length = response.readInt32BE(i + 1);
    if (type === 'D') {
      const size = response.readInt32BE(i + 7);
      return response.subarray(i + 11, i + 11 + size).toString();
    }
    i += 1 + length;
  }
  return null;
};

describe('SessionQueryQueue', () => {
  let dir: string;
  let db: PGlite;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-'));
    await seedEmbeddedDataDir(dir);
    db = await PGlite.create({ dataDir: path.join(dir, 'pgdata') });
  });
  afterAll(async () => {
    await db?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('keeps one connection\'s Parse/Bind/Execute/Sync together while another connection is waiting', async () => {
    const queue = new SessionQueryQueue(db);
    const output = { 1: [] as Buffer[], 2: [] as Buffer[] };
    const collect = (id: 1 | 2) => (data: Uint8Array) => output[id].push(Buffer.from(data));

    await queue.enqueue(1, parse(`select 'from connection 1'`), collect(1));
    // Connection 2 sends a whole exchange while connection 1 is between its Parse and its Bind. Sent
    // straight to the session, its Parse would replace connection 1's unnamed statement.
    const second = Promise.all([parse(`select 'from connection 2'`), bind(), execute(), sync()]
      .map((m) => queue.enqueue(2, m, collect(2))));
    for (const m of [bind(), execute(), sync()]) await queue.enqueue(1, m, collect(1));
    await second;

    expect(firstValue(Buffer.concat(output[1]))).toBe('from connection 1');
    expect(firstValue(Buffer.concat(output[2]))).toBe('from connection 2');
  });

  it('gives the session back when its holder disconnects mid-exchange or mid-transaction', async () => {
    const queue = new SessionQueryQueue(db);
    const ignore = () => {};
    await queue.enqueue(1, message('Q', cstring('begin')), ignore);
    await queue.enqueue(1, parse(`select 1`), ignore);
    const waiting = queue.enqueue(2, message('Q', cstring(`select 'served'`)), ignore);

    queue.clearQueueForHandler(1);
    await queue.clearTransactionIfNeeded(1);
    await waiting;
    expect(db.isInTransaction()).toBe(false);
  });
});
