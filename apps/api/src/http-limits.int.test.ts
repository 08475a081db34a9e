import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, sessionCookie, type TestApp } from './testing/test-app.ts';
import { multipartBody } from './testing/multipart.ts';

/**
 * The HTTP server's own limits on slow and idle clients, and on how many may connect (README "Security"),
 * against the real server on a port: `inject` has no socket to time out. Short limits keep the file quick;
 * Node checks its timers every `connectionsCheckingInterval`, derived from them.
 */

const ORDINANCE = 'ORDINANCE 2024-17. The City Council of Springfield hereby levies a tax of $0.10 per $100 of assessed value '
  + 'for the maintenance of public libraries. The tax shall be collected by the County Treasurer. Any resident may object '
  + 'in writing before the public hearing on June 3, 2024, at City Hall.';

interface RawSocket {
  socket: net.Socket;
  /** Everything the server sent so far. */
  received(): string;
  /** Resolves when the server (or the test) closed the socket, with the milliseconds since it connected. */
  closed: Promise<number>;
}

/** Every socket a test opened, destroyed after it whatever happened, so that closing the app waits for none. */
const opened: net.Socket[] = [];
afterEach(() => {
  for (const socket of opened.splice(0)) socket.destroy();
});

const openSocket = async (port: number): Promise<RawSocket> => {
  const socket = net.connect(port, '127.0.0.1');
  opened.push(socket);
  socket.on('error', () => {});
  let data = '';
  socket.setEncoding('utf8').on('data', (chunk: string) => { data += chunk; });
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const connectedAt = Date.now();
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - connectedAt)));
  return { socket, received: () => data, closed };
};

/** Resolves with the close's delay, or with Infinity when the socket is still open after `withinMs`. */
const closedWithin = (raw: RawSocket, withinMs: number) =>
  Promise.race([raw.closed, new Promise<number>((resolve) => setTimeout(() => resolve(Infinity), withinMs))]);

const listen = async (t: TestApp) => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return (t.app.server.address() as AddressInfo).port;
};

describe('slow clients', () => {
  const HEADERS_MS = 500;
  const REQUEST_MS = 2_500;
  const KEEP_ALIVE_MS = 700;
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    // No worker: an analysis stays queued, so its request and its progress stream stay open as long as the test wants.
    t = await buildTestApp({
      ANALYSIS_WORKERS: '0',
      HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_MS), HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_MS), HTTP_KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_MS),
    });
    port = await listen(t);
  });
  afterAll(async () => {
    // The request waiting for its queued analysis answers that it goes on, so that closing waits for nothing.
    t?.runtime.handBackAnalyses();
    await t?.close();
  });

  it('closes a connection that sends half a header within the headers timeout, answering 408', async () => {
    const raw = await openSocket(port);
    raw.socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    const afterMs = await closedWithin(raw, 10_000);
    expect(afterMs).toBeGreaterThanOrEqual(HEADERS_MS - 50);
    // At most one check of Node's connection timers late.
    expect(afterMs).toBeLessThan(HEADERS_MS * 2 + 500);
    expect(raw.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a connection that sends nothing at all within the headers timeout', async () => {
    const raw = await openSocket(port);
    expect(await closedWithin(raw, 10_000)).toBeLessThan(HEADERS_MS * 2 + 500);
  });

  it('closes a request whose body trickles in for longer than the request timeout', async () => {
    const raw = await openSocket(port);
    raw.socket.write('POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{');
    const trickle = setInterval(() => { if (!raw.socket.destroyed) raw.socket.write(' '); }, 200);
    try {
      const afterMs = await closedWithin(raw, 15_000);
      expect(afterMs).toBeGreaterThanOrEqual(REQUEST_MS - 50);
      expect(afterMs).toBeLessThan(REQUEST_MS + HEADERS_MS + 1_000);
      expect(raw.received()).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      clearInterval(trickle);
    }
  });

  it('closes an idle kept-alive connection after the keep-alive timeout', async () => {
    const raw = await openSocket(port);
    raw.socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await vi.waitFor(() => expect(raw.received()).toMatch(/^HTTP\/1\.1 200/), { timeout: 5_000, interval: 20 });
    const answeredAt = Date.now();
    const afterMs = await closedWithin(raw, 10_000);
    expect(Date.now() - answeredAt).toBeGreaterThanOrEqual(KEEP_ALIVE_MS - 100);
    expect(afterMs).toBeLessThan(KEEP_ALIVE_MS + 2_000);
  });

  it('takes an upload that lasts longer than the headers timeout, within the request timeout', async () => {
    const register = await t.app.inject({
      method: 'POST', url: '/api/register', payload: { firstName: 'Ulla', email: `ulla-${randomUUID()}@example.org`, password: 'liberty1' },
    });
    const cookie = sessionCookie(register);
    // 9 MB that are not a PDF: the answer (400 document.not_pdf) comes only once the whole body was read.
    const { payload, headers } = multipartBody({ title: 'Big' }, [{ field: 'document', fileName: 'big.pdf', bytes: Buffer.alloc(9 * 1024 * 1024, 'x') }]);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request({
        host: '127.0.0.1', port, method: 'POST', path: '/api/analyze',
        headers: { ...headers, cookie, 'content-length': payload.length },
      }, (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (chunk: string) => { body += chunk; }).on('end', () => resolve({ status: response.statusCode!, body }));
      });
      request.on('error', reject);
      // In ten slices over about 1.5 s: three headers timeouts, well within the request timeout.
      const slice = Math.ceil(payload.length / 10);
      let sent = 0;
      const next = () => {
        request.write(payload.subarray(sent, sent + slice));
        sent += slice;
        if (sent >= payload.length) request.end();
        else setTimeout(next, 150);
      };
      next();
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'document.not_pdf' });
  });

  it('keeps a progress stream, and a request waiting for its analysis, open past the request timeout', async () => {
    const register = await t.app.inject({
      method: 'POST', url: '/api/register', payload: { firstName: 'Sami', email: `sami-${randomUUID()}@example.org`, password: 'liberty1' },
    });
    const cookie = sessionCookie(register);
    const userId = register.json<{ id: string }>().id;
    const progressId = randomUUID();
    const { payload, headers } = multipartBody({ text: ORDINANCE, progressId });

    const post = await openSocket(port);
    post.socket.write(`POST /api/analyze HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nContent-Type: ${headers['content-type']}\r\n`
      + `Content-Length: ${payload.length}\r\n\r\n`);
    post.socket.write(payload);
    // Queued (no worker here): the request now waits for its analysis.
    const pending = () => t.runtime.database.orm.em.fork().execute<Array<{ id: string }>>(
      'select id from pending_analyses where user_id = ? and progress_id = ?', [userId, progressId]);
    await vi.waitFor(async () => expect(await pending()).toHaveLength(1), { timeout: 10_000, interval: 50 });

    const stream = await openSocket(port);
    stream.socket.write(`GET /api/analyze/progress/${progressId} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n\r\n`);
    // Queued, and told its place in the queue (the event's keys in whatever order the database keeps them).
    await vi.waitFor(() => expect(stream.received()).toMatch(/data: \{[^}]*"stage":"queued"/), { timeout: 10_000, interval: 50 });
    expect(stream.received()).toMatch(/^HTTP\/1\.1 200/);

    expect(await closedWithin(stream, REQUEST_MS + HEADERS_MS * 2 + 1_000)).toBe(Infinity);
    expect(await closedWithin(post, 10)).toBe(Infinity);
    expect(post.received()).toBe('');
  });
});

describe('the connection cap', () => {
  const MAX_CONNECTIONS = 3;
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await buildTestApp({ HTTP_MAX_CONNECTIONS: String(MAX_CONNECTIONS) });
    port = await listen(t);
  });
  afterAll(async () => { await t?.close(); });

  it('closes connections beyond the cap at once, and takes new ones when others have gone', async () => {
    const held = await Promise.all(Array.from({ length: MAX_CONNECTIONS }, () => openSocket(port)));
    const refused = await openSocket(port);
    expect(await closedWithin(refused, 2_000)).toBeLessThan(2_000);
    expect(refused.received()).toBe('');
    for (const raw of held) expect(await closedWithin(raw, 10)).toBe(Infinity);

    held[0]!.socket.destroy();
    await held[0]!.closed;
    await vi.waitFor(async () => {
      const answer = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(answer.status).toBe(200);
    }, { timeout: 5_000, interval: 100 });
  });
});
