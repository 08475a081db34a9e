import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { ProgressHub, UnitOfWork, analysisProgressEventSchema, type AnalysisProgressEvent } from '@civicwatch/core';
import { FakeLanguageModel } from '@civicwatch/adapters/analysis/llm/testing/fake-language-model.ts';
import { startOpenAiChatServer, type OpenAiChatServer } from '@civicwatch/adapters/analysis/openai/openai-chat-server.fake.ts';
import { createTestDatabase, serverTestSkipReason, type TestDatabase } from '@civicwatch/adapters/persistence/testing/create-test-database.ts';
import type { PostgresProgressHub } from '@civicwatch/adapters/progress/postgres-progress-hub.ts';
import { buildTestApp, sessionCookie, type TestApp } from '@civicwatch/api/testing/test-app.ts';
import { multipartBody } from '@civicwatch/api/testing/multipart.ts';

const cli = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../bin/civicwatch.mjs');

const ORDINANCE = 'ORDINANCE 2024-17. The City Council of Springfield hereby levies a tax of $0.10 per $100 of assessed value '
  + 'for the maintenance of public libraries. Any resident may object in writing before the public hearing on June 3, 2024.';

/** One line of a worker's JSON log. */
interface LogLine { msg: string; worker?: string; analysisId?: string; attempt?: number; stored?: boolean }

/** A `civicwatch worker` process and what it has logged. */
interface Worker {
  child: ChildProcess;
  log: LogLine[];
  exited: Promise<number | null>;
}

/**
 * Two API-less worker processes beside an API instance that runs no analysis itself (ANALYSIS_WORKERS=0), all on
 * one database, with a language model the test holds mid-answer to stop a worker in the middle of a job.
 */
describe.each([
  { kind: 'pglite' as const, skip: null },
  { kind: 'server' as const, skip: serverTestSkipReason() },
])('civicwatch worker processes on $kind', ({ kind, skip }) => {
  let database: TestDatabase | undefined;
  let api: TestApp;
  let llm: OpenAiChatServer;
  let model: FakeLanguageModel;
  let env: Record<string, string>;
  const workers: Worker[] = [];

  const startWorker = async (): Promise<Worker> => {
    const child = spawn(process.execPath, [cli, 'worker'], {
      env: { ...process.env, ...env, LOG_LEVEL: 'info', ANALYSIS_WORKERS: '1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const worker: Worker = { child, log: [], exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))) };
    let pending = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop()!;
      for (const line of lines) if (line.startsWith('{')) worker.log.push(JSON.parse(line) as LogLine);
    });
    workers.push(worker);
    await vi.waitFor(() => expect(worker.log.some((l) => l.msg === 'taking analysis jobs')).toBe(true), { timeout: 60_000, interval: 100 });
    return worker;
  };
  const live = () => workers.filter((w) => w.child.exitCode === null && w.child.signalCode === null);
  const took = (worker: Worker, analysisId?: string) =>
    worker.log.filter((l) => l.msg === 'took analysis job' && (!analysisId || l.analysisId === analysisId));
  const allTaken = () => workers.flatMap((w) => took(w));
  /** The live worker that takes the next job, and the job's analysis; call it before submitting. */
  const nextTaker = async (): Promise<{ worker: Worker; analysisId: string }> => {
    const counts = new Map(live().map((w) => [w, took(w).length]));
    const taker = await vi.waitFor(() => {
      const found = live().find((w) => took(w).length > (counts.get(w) ?? 0));
      expect(found).toBeDefined();
      return found!;
    }, { timeout: 30_000, interval: 100 });
    return { worker: taker, analysisId: took(taker).at(-1)!.analysisId! };
  };

  beforeAll(async () => {
    if (skip) return;
    model = new FakeLanguageModel();
    llm = await startOpenAiChatServer(model);
    env = { NODE_ENV: 'test', ANALYSIS_WORKERS: '0', OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: llm.baseUrl, SHUTDOWN_GRACE_SECONDS: '30' };
    if (kind === 'server') {
      database = await createTestDatabase({ kind: 'server', poolSize: 1 });
      Object.assign(env, { DATABASE_URL: database.location, SESSION_SECRET: 'worker-test-session-secret-not-for-production' });
    }
    api = await buildTestApp(env);
    // Embedded: the workers reach the API's database through its socket, as commands beside `make start` do.
    if (kind === 'pglite') env.DATA_DIR = api.runtime.config.dataDir;
    await Promise.all([startWorker(), startWorker()]);
  }, 180_000);

  afterAll(async () => {
    llm?.release();
    for (const worker of live()) worker.child.kill('SIGKILL');
    await Promise.all(workers.map((w) => w.exited));
    await api?.close();
    await database?.dispose();
    await llm?.close();
  }, 180_000);

  let signUps = 0;
  const member = async (credits: number) => {
    signUps += 1;
    const res = await api.app.inject({
      method: 'POST', url: '/api/register', payload: { firstName: 'Rosa', email: `rosa-${randomUUID()}@example.org`, password: 'liberty1' },
      remoteAddress: `10.9.${signUps}.1`,
    });
    expect(res.statusCode).toBe(201);
    const id = res.json<{ id: string }>().id;
    const uow = api.runtime.container.get<UnitOfWork>(UnitOfWork);
    if (credits > 1) await uow.run((r) => r.ledger.post({ userId: id, delta: credits - 1, reason: 'admin_adjustment' }));
    return { id, cookie: sessionCookie(res) };
  };
  const analyze = (who: { cookie: string }, fields: Record<string, string> = {}) => {
    const { payload, headers } = multipartBody({ text: ORDINANCE, ...fields });
    return api.app.inject({ method: 'POST', url: '/api/analyze', payload, headers: { ...headers, cookie: who.cookie } });
  };
  const ledgerOf = async (userId: string) =>
    (await api.runtime.container.get<UnitOfWork>(UnitOfWork).run((r) => r.ledger.history(userId))).map((row) => row.reason);

  it.skipIf(skip)('share one queue: both workers take jobs, and the API answers the result and streams the progress of another process\'s worker', async () => {
    const rosa = await member(3);
    const progressId = randomUUID();
    const hub = api.runtime.container.get<PostgresProgressHub>(ProgressHub);

    llm.hold();
    const posts = [analyze(rosa, { progressId }), analyze(rosa), analyze(rosa)];
    // Each worker runs one job at a time: two held at the model means both took one.
    await vi.waitFor(() => expect(llm.waiting).toBe(2), { timeout: 30_000, interval: 100 });
    // The stream opens once its analysis is taken in (ADR 0005), and hears it from its latest stage on.
    await vi.waitFor(async () => expect(await api.runtime.database.orm.em.fork()
      .execute('select id from pending_analyses where progress_id = ?', [progressId])).toHaveLength(1), { timeout: 10_000, interval: 50 });
    const stream = api.app.inject({ method: 'GET', url: `/api/analyze/progress/${progressId}`, headers: { cookie: rosa.cookie } });
    await vi.waitFor(() => expect(hub.listenerCount({ userId: rosa.id, progressId })).toBe(1), { timeout: 10_000 });
    llm.release();
    const answers = await Promise.all(posts);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const ids = answers.map((a) => a.json<{ analysisId: string }>().analysisId);

    expect(workers.every((w) => took(w).length > 0)).toBe(true);
    expect(new Set(allTaken().map((l) => l.analysisId))).toEqual(new Set(ids));
    expect(answers[0]!.json()).toMatchObject({ metadata: { analyzer: 'openai' } });
    const events = (await stream).payload.split('\n\n').filter((b) => b.startsWith('data: '))
      .map((b) => analysisProgressEventSchema.parse(JSON.parse(b.slice(6))) as AnalysisProgressEvent);
    expect(events.map((e) => e.stage)).toContain('analysing');
    expect(events.at(-1)).toEqual({ stage: 'done' });
    expect(await ledgerOf(rosa.id)).toEqual(['signup_grant', 'admin_adjustment', 'analysis_debit', 'analysis_debit', 'analysis_debit']);
  });

  it.skipIf(skip)('retries the job of a worker killed with SIGKILL on the other worker: one debit, no refund', async () => {
    const rosa = await member(1);
    llm.hold();
    const taking = nextTaker();
    const post = analyze(rosa);
    const { worker: victim, analysisId } = await taking;
    victim.child.kill('SIGKILL');
    await victim.exited;

    // Its heartbeat stops: within about 15 s the job is failed and taken again, by the survivor.
    const survivor = live()[0]!;
    await vi.waitFor(() => expect(took(survivor, analysisId)).toHaveLength(1), { timeout: 60_000, interval: 200 });
    expect(took(survivor, analysisId)[0]!.attempt).toBe(2);
    llm.release();
    const answer = await post;
    expect(answer.statusCode).toBe(200);
    expect(answer.json<{ analysisId: string }>().analysisId).toBe(analysisId);
    expect(await ledgerOf(rosa.id)).toEqual(['signup_grant', 'analysis_debit']);
    await startWorker();
  });

  it.skipIf(skip)('lets a worker stopped with SIGTERM mid-job finish it, then exit', async () => {
    const rosa = await member(1);
    llm.hold();
    const taking = nextTaker();
    const post = analyze(rosa);
    const { worker: stopping, analysisId } = await taking;
    stopping.child.kill('SIGTERM');
    await vi.waitFor(() => expect(stopping.log.some((l) => l.msg === 'stopping: finishing the jobs under way')).toBe(true), { timeout: 10_000 });
    llm.release();

    expect(await stopping.exited).toBe(0);
    expect(stopping.log.filter((l) => l.msg === 'finished analysis job' && l.analysisId === analysisId)).toEqual([
      expect.objectContaining({ stored: true, attempt: 1 }),
    ]);
    const answer = await post;
    expect(answer.statusCode).toBe(200);
    expect(workers.flatMap((w) => took(w, analysisId))).toHaveLength(1);
    expect(await ledgerOf(rosa.id)).toEqual(['signup_grant', 'analysis_debit']);
  });

  it.skipIf(skip)('queues again, when a worker starts, a pending analysis that has no job, as a restored backup leaves it', async () => {
    const rosa = await member(1);
    const id = randomUUID();
    const uow = api.runtime.container.get<UnitOfWork>(UnitOfWork);
    await uow.run(async (r) => {
      await r.ledger.post({ userId: rosa.id, delta: -1, reason: 'analysis_debit', reference: id });
      await r.pendingAnalyses.insert({
        id, userId: rosa.id, createdAt: new Date(), progressId: null, title: 'Restored ordinance',
        options: { analysisType: 'summary', country: 'US' }, source: { kind: 'text', text: ORDINANCE },
      });
    });
    await startWorker();
    await vi.waitFor(async () => expect(await uow.run((r) => r.analyses.get(rosa.id, id))).not.toBeNull(), { timeout: 60_000, interval: 250 });
    expect(await uow.run((r) => r.pendingAnalyses.list())).toEqual([]);
    expect(await ledgerOf(rosa.id)).toEqual(['signup_grant', 'analysis_debit']);
    expect(allTaken().filter((l) => l.analysisId === id)).toHaveLength(1);
  });

  it.skipIf(skip)('gives the credit back once when the model fails, answering the worker\'s refusal', async () => {
    const rosa = await member(1);
    model.always({ kind: 'status', status: 503 });
    const answer = await analyze(rosa);
    model.reset();
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toMatchObject({ code: 'analyzer.unavailable' });
    expect(await ledgerOf(rosa.id)).toEqual(['signup_grant', 'analysis_debit', 'analysis_refund']);
    expect(await api.runtime.container.get<UnitOfWork>(UnitOfWork).run((r) => r.pendingAnalyses.list())).toEqual([]);
  });

  it.skipIf(skip)('hands back a request still waiting when its `civicwatch serve` stops: the analysis goes on and is stored once', async () => {
    const rosa = await member(1);
    const port = kind === 'pglite' ? 3171 : 3172;
    const serve = spawn(process.execPath, [cli, 'serve'], {
      // The same public address as the test's API instance, as instances behind one load balancer share it.
      env: { ...process.env, ...env, LOG_LEVEL: 'info', PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: api.runtime.config.publicUrl, SHUTDOWN_GRACE_SECONDS: '1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) => serve.once('exit', (code) => resolve(code)));
    onTestFinished(() => {
      if (serve.exitCode === null && serve.signalCode === null) serve.kill('SIGKILL');
    });
    let out = '';
    serve.stdout!.setEncoding('utf8').on('data', (chunk: string) => { out += chunk; });
    await vi.waitFor(() => expect(out).toContain('CivicWatch is serving'), { timeout: 60_000, interval: 100 });

    llm.hold();
    const taking = nextTaker();
    const { payload, headers } = multipartBody({ text: ORDINANCE });
    const post = fetch(`http://127.0.0.1:${port}/api/analyze`, {
      method: 'POST', body: new Uint8Array(payload), headers: { ...headers, cookie: rosa.cookie, origin: api.runtime.config.publicUrl },
    });
    const { analysisId } = await taking;
    serve.kill('SIGTERM');
    const answer = await post;
    expect(answer.status).toBe(503);
    expect(await answer.json()).toMatchObject({ code: 'analysis.still_running' });
    expect(await exited).toBe(0);

    llm.release();
    const uow = api.runtime.container.get<UnitOfWork>(UnitOfWork);
    await vi.waitFor(async () => expect(await uow.run((r) => r.analyses.get(rosa.id, analysisId))).not.toBeNull(), { timeout: 30_000, interval: 200 });
    expect(await ledgerOf(rosa.id)).toEqual(['signup_grant', 'analysis_debit']);
  });

  it.skipIf(skip)('refunds once an analysis whose every attempt lost its worker, through the dead-letter queue', async () => {
    const rosa = await member(1);
    llm.hold();
    let taking = nextTaker();
    const post = analyze(rosa);
    for (const attempt of [1, 2, 3]) {
      const { worker } = await taking;
      expect(took(worker).at(-1)!.attempt).toBe(attempt);
      if (attempt < 3) taking = nextTaker();
      worker.child.kill('SIGKILL');
      await worker.exited;
      await startWorker();
    }
    const answer = await post;
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toEqual({ code: 'analysis.failed', message: 'The analysis could not be completed. Your credit has been returned.' });
    llm.release();
    await vi.waitFor(async () => expect(await ledgerOf(rosa.id)).toEqual(['signup_grant', 'analysis_debit', 'analysis_refund']), { timeout: 30_000, interval: 200 });
    expect(await api.runtime.container.get<UnitOfWork>(UnitOfWork).run((r) => r.pendingAnalyses.list())).toEqual([]);
  });
});
