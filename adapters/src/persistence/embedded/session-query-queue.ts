import type { PGlite } from '@electric-sql/pglite';
import type { PGLiteSocketServer } from '@electric-sql/pglite-socket';

interface QueuedMessage {
  handlerId: number;
  /** One frontend protocol message, or null for the release that follows a disconnect. */
  message: Uint8Array | null;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (error: unknown) => void;
}

const READY_FOR_QUERY = 0x5a; // 'Z'
const IDLE = 0x49; // 'I'
const SYNC_MESSAGE = new Uint8Array([0x53, 0, 0, 0, 4]); // 'S', length 4

/**
 * Watches a backend response stream and remembers whether its last message was ReadyForQuery(idle):
 * only then has the connection finished its exchange and left no transaction open.
 */
class ReadyForQueryWatcher {
  private header = new Uint8Array(5);
  private headerFill = 0;
  private bodyLeft = 0;
  private type = 0;
  private idle = false;

  feed(chunk: Uint8Array): void {
    let i = 0;
    while (i < chunk.length) {
      if (this.bodyLeft === 0) {
        this.header[this.headerFill++] = chunk[i++]!;
        if (this.headerFill === 5) {
          this.type = this.header[0]!;
          this.bodyLeft = new DataView(this.header.buffer).getInt32(1) - 4;
          this.headerFill = 0;
          this.idle = false;
        }
        continue;
      }
      const take = Math.min(this.bodyLeft, chunk.length - i);
      if (this.type === READY_FOR_QUERY && this.bodyLeft === 1) this.idle = chunk[i] === IDLE;
      this.bodyLeft -= take;
      i += take;
    }
  }

  get endedIdle(): boolean {
    return this.idle && this.bodyLeft === 0 && this.headerFill === 0;
  }
}

/**
 * A replacement for the query queue inside PGLiteSocketServer (pglite-socket 0.2.17).
 *
 * PGlite is one backend session shared by every socket connection. The stock queue serialises single
 * protocol messages and keeps a connection's turn only while a transaction is open, so the Parse / Bind /
 * Execute / Sync messages of two connections interleave and one binds the other's unnamed statement, and a
 * single internal error leaves the queue stuck for good (electric-sql/pglite#1046, #977). This queue gives
 * a connection the session from its first message until the backend answers ReadyForQuery(idle), i.e.
 * until its exchange is complete and no transaction is open, and it never stays stuck after an error.
 *
 * Contract: the same four methods, with the same meaning, that PGLiteSocketHandler calls on the stock queue.
 */
export class SessionQueryQueue {
  private readonly queue: QueuedMessage[] = [];
  private processing = false;
  /** The connection being served until it leaves the session idle; null when any may go next. */
  private owner: number | null = null;

  constructor(private readonly db: PGlite) {}

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    return new Promise((resolve, reject) => {
      this.queue.push({ handlerId, message, onData, resolve, reject });
      void this.processQueue();
    });
  }

  getQueueLength(): number {
    return this.queue.length;
  }

  clearQueueForHandler(handlerId: number): void {
    for (let i = this.queue.length - 1; i >= 0; i--) {
      const item = this.queue[i]!;
      if (item.handlerId === handlerId && item.message !== null) {
        this.queue.splice(i, 1);
        item.reject(new Error('Handler disconnected'));
      }
    }
  }

  /**
   * Called when a connection goes away. If it held the session (mid-exchange or in a transaction), the
   * session is brought back to idle: a Sync ends any unfinished extended-protocol exchange, a ROLLBACK any
   * open transaction. Queued behind the connection's own messages so it never cuts into someone else's turn.
   */
  clearTransactionIfNeeded(handlerId: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ handlerId, message: null, onData: () => {}, resolve: () => resolve(), reject });
      void this.processQueue();
    });
  }

  private async processQueue(): Promise<void> {
    if (this.processing) return;
    this.processing = true;
    try {
      while (this.queue.length > 0) {
        const index = this.owner === null ? 0 : this.queue.findIndex((q) => q.handlerId === this.owner);
        // The owner has not sent its next message yet; its arrival restarts the loop.
        if (index === -1) break;
        const item = this.queue.splice(index, 1)[0]!;
        if (item.message === null) {
          await this.release(item);
          continue;
        }
        await this.run(item, item.message);
      }
    } finally {
      this.processing = false;
    }
  }

  private async run(item: QueuedMessage, message: Uint8Array): Promise<void> {
    const watcher = new ReadyForQueryWatcher();
    let bytes = 0;
    try {
      await this.db.runExclusive(() =>
        this.db.execProtocolRawStream(message, {
          onRawData: (data: Uint8Array) => {
            bytes += data.length;
            watcher.feed(data);
            item.onData(data);
          },
        }));
    } catch (error) {
      // An internal failure of PGlite, not an SQL error (those come back as ErrorResponse messages).
      // Keep the turn only if a transaction is still open, so the owner can roll it back.
      this.owner = this.db.isInTransaction() ? item.handlerId : null;
      item.reject(error);
      return;
    }
    this.owner = watcher.endedIdle && !this.db.isInTransaction() ? null : item.handlerId;
    item.resolve(bytes);
  }

  private async release(item: QueuedMessage): Promise<void> {
    try {
      if (this.owner === item.handlerId) {
        await this.db.runExclusive(() => this.db.execProtocolRaw(SYNC_MESSAGE));
        // exec takes PGlite's query lock itself, so it runs outside runExclusive.
        if (this.db.isInTransaction()) await this.db.exec('ROLLBACK');
      }
      item.resolve(0);
    } catch (error) {
      item.reject(error);
    } finally {
      if (this.owner === item.handlerId) this.owner = null;
    }
  }
}

/**
 * Puts a SessionQueryQueue into a PGLiteSocketServer before it starts. The stock queue is a private field:
 * pglite-socket is pinned to an exact version, and this throws rather than run unprotected if it changes.
 */
export function installSessionQueryQueue(server: PGLiteSocketServer, db: PGlite): void {
  const internals = server as unknown as { queryQueue?: { enqueue?: unknown; clearTransactionIfNeeded?: unknown } };
  if (typeof internals.queryQueue?.enqueue !== 'function' || typeof internals.queryQueue.clearTransactionIfNeeded !== 'function') {
    throw new Error('PGLiteSocketServer no longer has the query queue this adapter replaces: review embedded/session-query-queue.ts for this pglite-socket version.');
  }
  (internals as { queryQueue: unknown }).queryQueue = new SessionQueryQueue(db);
}
