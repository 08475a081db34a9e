/**
 * Faults against real processes: `civicwatch serve` (with its own analysis worker, ANALYSIS_WORKERS default)
 * on a scratch database of the PostgreSQL server, reached through a TCP proxy the test can cut, and analysing
 * with an OpenAI-compatible model on loopback that the test makes hang, fail or talk nonsense. After each
 * fault: the citizen got a clear answer, no credit was lost or taken twice, no analysis or queue job is left
 * behind, and the service answers again without anyone's help. (A `civicwatch worker` killed mid-job is
 * worker.command.int.test.ts's, on PostgreSQL too.)
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { analyzerInvalidOutput, analyzerUnavailable } from '@civicwatch/adapters/analysis/llm/analyzer-errors.ts';
import { FakeLanguageModel, type ScriptedReply } from '@civicwatch/adapters/analysis/llm/testing/fake-language-model.ts';
import { startOpenAiChatServer, type OpenAiChatServer } from '@civicwatch/adapters/analysis/openai/openai-chat-server.fake.ts';
import { createTestDatabase, serverTestSkipReason, type TestDatabase } from '@civicwatch/adapters/persistence/testing/create-test-database.ts';
import { DATABASE_UNREACHABLE_MESSAGE } from '../plugins/error-handler.ts';
import { CivicwatchProcess, freePort } from '../testing/civicwatch-process.ts';
import { expectBooksBalance, expectQueueDrained, sqlOn, type Sql } from '../testing/credit-books.ts';
import { call, cookieOf, expectErrorBody, type Answer } from '../testing/http-calls.ts';
import { openVerificationLink } from '../testing/email-links.ts';
import { proxyDatabase, type TcpProxy } from '@civicwatch/adapters/testing/tcp-proxy.ts';

const CHIEF = 'chief@faults.test';
const ORDINANCE = 'ORDINANCE 2024-17. The City Council of Springfield hereby levies a tax of $0.10 per $100 of assessed value '
  + 'for the maintenance of public libraries. Any resident may object in writing before the public hearing on June 3, 2024.';

interface Member { id: string; cookie: string }

const skip = serverTestSkipReason();

describe.skipIf(skip)(`faults against civicwatch serve on PostgreSQL${skip ? `: skipped, ${skip}` : ''}`, () => {
  let database: TestDatabase;
  let sql: Sql;
  let proxy: TcpProxy;
  let model: FakeLanguageModel;
  let llm: OpenAiChatServer;
  let env: Record<string, string>;
  let port: number;
  let api: CivicwatchProcess;
  let chief: string;
  let signUps = 0;

  const base = () => api.url!;
  const analyze = (who: Member, fields: Record<string, string> = { text: ORDINANCE }) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    return call(base(), 'POST', '/api/analyze', { cookie: who.cookie, body: form, signal: AbortSignal.timeout(120_000) });
  };
  /** A citizen holding `credits`, signed up through the API. */
  const member = async (credits: number): Promise<Member> => {
    signUps += 1;
    const answer = await call(base(), 'POST', '/api/register', { json: { firstName: 'Rosa', email: `rosa-${signUps}@faults.test`, password: 'liberty1' } });
    expect(answer.status, answer.text).toBe(201);
    const id = (JSON.parse(answer.text) as { id: string }).id;
    const set = await call(base(), 'POST', '/api/admin/update-user-tier', { cookie: chief, json: { userId: id, tier: 'citizen', credits } });
    expect(set.status, set.text).toBe(200);
    return { id, cookie: cookieOf(answer.headers) };
  };
  /** The reasons of a user's ledger rows, sorted: what happened to their credits, whatever the order. */
  const ledgerOf = async (userId: string) =>
    (await sql<{ reason: string }>('select reason from credit_ledger where user_id = ?', [userId])).map((r) => r.reason).sort();
  const creditsOf = async (userId: string) => (await sql<{ credits: number }>('select credits from users where id = ?', [userId]))[0]!.credits;

  beforeAll(async () => {
    database = await createTestDatabase({ kind: 'server', poolSize: 2 });
    sql = sqlOn(database.db);
    const proxied = await proxyDatabase(database.location);
    proxy = proxied.proxy;
    model = new FakeLanguageModel();
    llm = await startOpenAiChatServer(model);
    port = await freePort();
    env = {
      NODE_ENV: 'test', LOG_LEVEL: 'info', DATABASE_URL: proxied.url, DATABASE_POOL_SIZE: '4',
      SESSION_SECRET: 'faults-test-session-secret-0123456789abcdef', ADMIN_EMAILS: CHIEF,
      OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: llm.baseUrl, LLM_TIMEOUT_MS: '1000', OLLAMA_HOST: '',
    };
    api = await CivicwatchProcess.start('serve', env, { port });
    const signedUp = await call(base(), 'POST', '/api/register', { json: { firstName: 'Chief', email: CHIEF, password: 'liberty1' } });
    expect(signedUp.status, signedUp.text).toBe(201);
    chief = cookieOf(signedUp.headers);
    // ADMIN_EMAILS names the chief: the role comes with the verified address.
    await openVerificationLink(base(), sql, CHIEF);
  }, 120_000);

  // A failed test leaves no fault behind for the next one.
  afterEach(() => {
    model?.reset();
    llm?.release();
  });

  afterAll(async () => {
    llm?.release();
    await api?.kill();
    await proxy?.close();
    await llm?.close();
    await database?.dispose();
  }, 60_000);

  describe('the language model fails', () => {
    it.each<[string, ScriptedReply, typeof analyzerUnavailable]>([
      ['never answers within LLM_TIMEOUT_MS', { kind: 'hang' }, analyzerUnavailable],
      ['answers 500 to every try', { kind: 'status', status: 500 }, analyzerUnavailable],
      ['answers prose instead of JSON, also when asked to repair it', { kind: 'content', content: 'Sure! Here is the analysis you asked for.' }, analyzerInvalidOutput],
      ['answers JSON of the wrong shape', { kind: 'content', content: JSON.stringify({ summary: 42, keyInsights: 'several' }) }, analyzerInvalidOutput],
      ['answers a page that is not its API at all (a proxy\'s error page, status 200)',
        { kind: 'raw', status: 200, contentType: 'text/html', body: '<html><body><h1>502 Bad Gateway</h1></body></html>' }, analyzerUnavailable],
    ])('%s: the citizen is told so with a 503, gets the credit back, and the next analysis succeeds once it recovers', async (_what, reply, expected) => {
      const rosa = await member(2);
      model.always(reply);
      const failed = await analyze(rosa);
      expect(failed.status, failed.text).toBe(503);
      expect(JSON.parse(failed.text)).toEqual({ code: expected.code, message: expected.message });
      expect(await ledgerOf(rosa.id)).toEqual(['admin_adjustment', 'analysis_debit', 'analysis_refund', 'signup_grant']);
      expect(await creditsOf(rosa.id)).toBe(2);

      model.reset();
      const recovered = await analyze(rosa);
      expect(recovered.status, recovered.text).toBe(200);
      expect(JSON.parse(recovered.text)).toMatchObject({ metadata: { analyzer: 'openai' } });
      expect(await creditsOf(rosa.id)).toBe(1);
      await expectQueueDrained(sql, 30_000);
      await expectBooksBalance(sql);
    });
  });

  it('the PostgreSQL connection is cut mid-load: during the cut a clear 503 at worst; afterwards it answers by itself, with no credit lost or doubled', async () => {
    const citizens = await Promise.all([1, 2, 3, 4, 5].map(() => member(4)));
    const answers: Array<Promise<{ what: string; answer: Answer }>> = [];
    const send = (n: number) => {
      const who = citizens[n % citizens.length]!;
      const what = n % 2 === 0 ? 'analyze' : 'dashboard';
      const answer = what === 'analyze' ? analyze(who) : call(base(), 'GET', '/api/dashboard', { cookie: who.cookie });
      answers.push(answer.then((a) => ({ what, answer: a })));
    };

    // Requests every 100 ms for 8 s; the database goes away at 1.5 s for 3 s: sockets cut, new ones refused.
    const load = (async () => {
      for (let n = 0, end = Date.now() + 8_000; Date.now() < end; n += 1) {
        send(n);
        await sleep(100);
      }
    })();
    await sleep(1_500);
    proxy.refuse(true);
    proxy.cut();
    await sleep(3_000);
    proxy.refuse(false);
    await load;

    const tally = new Map<string, number>();
    for (const { what, answer } of await Promise.all(answers)) {
      const label = `${what} answered ${answer.status}`;
      tally.set(label, (tally.get(label) ?? 0) + 1);
      expect(answer.status === 503 || answer.status < 500, `${label}: ${answer.text.slice(0, 300)}`).toBe(true);
      if (answer.status >= 400) expectErrorBody(answer, label);
      if (answer.status === 503) expect(JSON.parse(answer.text)).toEqual({ code: 'database.unavailable', message: DATABASE_UNREACHABLE_MESSAGE });
    }
    console.info('database cut:', Object.fromEntries([...tally].sort()));
    // The cut fell in the middle of the load: some requests met it.
    expect([...tally].filter(([label]) => label.endsWith('503')).length).toBeGreaterThan(0);
    expect(api.running).toBe(true);

    // Without anyone's help: healthy again, and a new analysis goes through.
    await vi.waitFor(async () => expect((await call(base(), 'GET', '/api/health')).status).toBe(200), { timeout: 30_000, interval: 250 });
    const after = await member(1);
    const fresh = await analyze(after);
    expect(fresh.status, fresh.text).toBe(200);
    expect((await call(base(), 'GET', '/api/dashboard', { cookie: after.cookie })).status).toBe(200);

    await expectQueueDrained(sql, 60_000);
    const { stored } = await expectBooksBalance(sql);
    // Every analysis answered 200 was stored.
    for (const { what, answer } of await Promise.all(answers)) {
      if (what === 'analyze' && answer.status === 200) expect(stored.has((JSON.parse(answer.text) as { analysisId: string }).analysisId)).toBe(true);
    }
  });

  it('the API process is killed (SIGKILL) mid-analysis and started again: the analysis is retried and stored once, nothing stuck', async () => {
    const rosa = await member(1);
    llm.hold();
    const post = analyze(rosa).catch((error: unknown) => error);
    await vi.waitFor(() => expect(llm.waiting).toBe(1), { timeout: 30_000, interval: 100 });
    const [pending] = await sql<{ id: string }>('select id from pending_analyses where user_id = ?', [rosa.id]);
    expect(pending).toBeDefined();

    await api.kill('SIGKILL');
    // The request's connection died with the process.
    expect(await post).toBeInstanceOf(Error);
    llm.release();
    api = await CivicwatchProcess.start('serve', env, { port });

    // The lost heartbeat fails the first attempt; the new process's worker takes the retry and stores it.
    await vi.waitFor(async () => expect(await sql('select id from analyses where id = ?', [pending!.id])).toHaveLength(1), { timeout: 60_000, interval: 250 });
    expect(api.logged('took analysis job')).toContainEqual(expect.objectContaining({ analysisId: pending!.id, attempt: 2 }));
    expect(await ledgerOf(rosa.id)).toEqual(['analysis_debit', 'signup_grant']);
    await expectQueueDrained(sql, 30_000);
    await expectBooksBalance(sql);

    const dashboard = await call(base(), 'GET', '/api/dashboard', { cookie: rosa.cookie });
    expect(dashboard.status).toBe(200);
    expect(JSON.parse(dashboard.text)).toMatchObject({ user: { credits: 0 }, stats: { totalAnalyses: 1 } });
  });
});
