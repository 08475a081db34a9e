import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ProgressHub, ProgressWatchers, UnitOfWork } from '@civicwatch/core';
import type { PostgresProgressHub } from '@civicwatch/adapters/progress/postgres-progress-hub.ts';
import { buildTestApp, signUpFrom, type SignedUpMember, type TestApp } from '../testing/test-app.ts';
import { multipartBody } from '../testing/multipart.ts';

/**
 * Who may open `GET /api/analyze/progress/:progressId`, and how many at once (ADR 0005): only the caller's own
 * analysis, pending or just ended; at most PROGRESS_STREAMS_PER_USER streams per user and
 * PROGRESS_STREAMS_PER_PROCESS in all, each freed when its client goes away. No worker runs here, so every
 * analysis stays queued and its stream stays open as long as a test wants.
 */

const PER_USER = 2;
const PER_PROCESS = 3;

const ORDINANCE = 'ORDINANCE 2024-17. The City Council of Springfield hereby levies a tax of $0.10 per $100 of assessed value '
  + 'for the maintenance of public libraries. The tax shall be collected by the County Treasurer. Any resident may object '
  + 'in writing before the public hearing on June 3, 2024, at City Hall.';

let t: TestApp;
let port: number;
let hub: PostgresProgressHub;
beforeAll(async () => {
  t = await buildTestApp({ ANALYSIS_WORKERS: '0', PROGRESS_STREAMS_PER_USER: String(PER_USER), PROGRESS_STREAMS_PER_PROCESS: String(PER_PROCESS) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  hub = t.runtime.container.get<PostgresProgressHub>(ProgressHub);
});
afterAll(async () => {
  // The requests waiting for their queued analyses answer that they go on, so that closing waits for nothing.
  t?.runtime.handBackAnalyses();
  await t?.close();
});

type Member = SignedUpMember;
let signUps = 0;
const signUp = (): Promise<Member> => signUpFrom(t, `10.4.${++signUps}.1`);

/** Posts an analysis that stays queued (its request waits until the app closes); resolves once it is pending. */
const pendingAnalysis = async (member: Member): Promise<string> => {
  const progressId = randomUUID();
  const { payload, headers } = multipartBody({ text: ORDINANCE, progressId });
  void t.app.inject({ method: 'POST', url: '/api/analyze', payload, headers: { ...headers, cookie: member.cookie } });
  const uow = t.runtime.container.get<UnitOfWork>(UnitOfWork);
  await vi.waitFor(async () => {
    const pending = await uow.read(({ pendingAnalyses }) => pendingAnalyses.list());
    expect(pending.some((p) => p.userId === member.id && p.progressId === progressId)).toBe(true);
  }, { timeout: 10_000, interval: 50 });
  return progressId;
};

interface OpenStream {
  status: number;
  contentType: string | undefined;
  body(): string;
  close(): void;
}
const streams: OpenStream[] = [];
afterEach(async () => {
  for (const stream of streams.splice(0)) stream.close();
  // Each test starts with every slot free: a closed socket frees its slot once the server has seen it close.
  await vi.waitFor(() => expect(t.runtime.container.get(ProgressWatchers).open()).toBe(0), { timeout: 5_000, interval: 20 });
});

/** Opens the stream over a real socket and resolves with its status once the head has arrived. */
const openStream = (member: Member, progressId: string) => new Promise<OpenStream>((resolve, reject) => {
  const request = http.get({ host: '127.0.0.1', port, path: `/api/analyze/progress/${progressId}`, headers: { cookie: member.cookie } });
  request.on('error', () => {});
  request.once('error', reject);
  request.on('response', (response) => {
    let body = '';
    response.setEncoding('utf8').on('data', (chunk: string) => { body += chunk; }).on('error', () => {});
    const stream = { status: response.statusCode!, contentType: response.headers['content-type'], body: () => body, close: () => request.destroy() };
    streams.push(stream);
    resolve(stream);
  });
});
const readAll = async (stream: OpenStream) => {
  await vi.waitFor(() => expect(stream.body()).not.toBe(''), { timeout: 5_000, interval: 20 });
  return JSON.parse(stream.body()) as unknown;
};

describe('GET /api/analyze/progress/:progressId', () => {
  it('streams the caller\'s pending analysis', async () => {
    const rosa = await signUp();
    const progressId = await pendingAnalysis(rosa);
    const stream = await openStream(rosa, progressId);
    expect(stream.status).toBe(200);
    expect(stream.contentType).toMatch(/^text\/event-stream/);
    // Queued, with how many are ahead of it: none, as no worker takes anything here.
    const heard = () => stream.body().split('\n').filter((line) => line.startsWith('data: ')).map((line) => JSON.parse(line.slice(6)) as unknown);
    await vi.waitFor(() => expect(heard()).toContainEqual({ stage: 'queued', ahead: 0 }), { timeout: 5_000, interval: 20 });
  });

  it('answers 404 at once, and streams nothing, for an id that is unknown or another user\'s', async () => {
    const rosa = await signUp();
    const bob = await signUp();
    const rosas = await pendingAnalysis(rosa);
    for (const [who, progressId] of [[bob, rosas], [rosa, randomUUID()]] as const) {
      const stream = await openStream(who, progressId);
      expect(stream.status).toBe(404);
      expect(stream.contentType).toMatch(/^application\/json/);
      expect(await readAll(stream)).toEqual({ code: 'analysis.not_found', message: 'Analysis not found' });
    }
    expect(hub.listenerCount({ userId: bob.id, progressId: rosas })).toBe(0);
  });

  it(`answers 429 to a user's stream beyond ${PER_USER}, and takes one again when another has closed`, async () => {
    const rosa = await signUp();
    const progressId = await pendingAnalysis(rosa);
    const open = [];
    for (let i = 0; i < PER_USER; i++) open.push(await openStream(rosa, progressId));
    expect(open.map((s) => s.status)).toEqual(Array(PER_USER).fill(200));

    const refused = await openStream(rosa, progressId);
    expect(refused.status).toBe(429);
    expect(await readAll(refused)).toMatchObject({ code: 'rate.limited', message: expect.stringMatching(/too many/i) });

    open[0]!.close();
    // The slot is freed when the client goes away, not when the analysis ends.
    await vi.waitFor(async () => {
      const again = await openStream(rosa, progressId);
      expect(again.status).toBe(200);
    }, { timeout: 5_000, interval: 100 });
  });

  it(`answers 429 to any stream beyond ${PER_PROCESS} in the process`, async () => {
    const [rosa, bob, carl] = [await signUp(), await signUp(), await signUp()];
    const [rosas, bobs, carls] = [await pendingAnalysis(rosa), await pendingAnalysis(bob), await pendingAnalysis(carl)];
    expect((await openStream(rosa, rosas)).status).toBe(200);
    expect((await openStream(rosa, rosas)).status).toBe(200);
    expect((await openStream(bob, bobs)).status).toBe(200);
    // Carl has opened none of his own.
    const refused = await openStream(carl, carls);
    expect(refused.status).toBe(429);
    expect(await readAll(refused)).toMatchObject({ code: 'rate.limited' });
  });

  it('releases the stream\'s subscription when the client goes away', async () => {
    const rosa = await signUp();
    const progressId = await pendingAnalysis(rosa);
    const stream = await openStream(rosa, progressId);
    await vi.waitFor(() => expect(hub.listenerCount({ userId: rosa.id, progressId })).toBe(1), { timeout: 5_000, interval: 20 });
    stream.close();
    await vi.waitFor(() => expect(hub.listenerCount({ userId: rosa.id, progressId })).toBe(0), { timeout: 5_000, interval: 20 });
  });
});
