import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProgressHub, UnitOfWork, type AnalysisProgressEvent } from '@civicwatch/core';
import { FakeLanguageModel } from '@civicwatch/adapters/analysis/llm/testing/fake-language-model.ts';
import { startOpenAiChatServer, type OpenAiChatServer } from '@civicwatch/adapters/analysis/openai/openai-chat-server.fake.ts';
import { buildTestApp, signUpFrom, type SignedUpMember, type TestApp } from '../testing/test-app.ts';
import { multipartBody } from '../testing/multipart.ts';

/**
 * `POST /api/analyze/progress/:progressId/cancel` (docs/product/analysis.md "Cancelling"): the owner of a queued or running
 * analysis stops it; the credit comes back through the ledger, nothing is stored, the waiting POST answers 409
 * and the progress ends with `cancelled`. Two servers: one whose queue has no worker (everything stays queued,
 * and says where it stands), and one whose one worker asks a language model that never answers.
 */

const ORDINANCE = 'ORDINANCE 2024-17. The City Council of Springfield hereby levies a tax of $0.10 per $100 of assessed value '
  + 'for the maintenance of public libraries. The tax shall be collected by the County Treasurer. Any resident may object '
  + 'in writing before the public hearing on June 3, 2024, at City Hall.';
const CANCELLED = { code: 'analysis.cancelled', message: 'Analysis cancelled. Your credit has been returned.' };

let signUps = 0;
const signUp = (t: TestApp): Promise<SignedUpMember> => signUpFrom(t, `10.12.${++signUps}.1`);

/** Posts an analysis with a progress id, and hears its progress as the hub tells it, until the test ends. */
const post = (t: TestApp, member: SignedUpMember) => {
  const progressId = randomUUID();
  const heard: AnalysisProgressEvent[] = [];
  const stop = t.runtime.container.get<ProgressHub>(ProgressHub).subscribe({ userId: member.id, progressId }, (event) => heard.push(event));
  const { payload, headers } = multipartBody({ text: ORDINANCE, progressId });
  listening.push(stop);
  const answer = t.app.inject({ method: 'POST', url: '/api/analyze', payload, headers: { ...headers, cookie: member.cookie } });
  return { progressId, heard, answer };
};
const listening: Array<() => void> = [];
afterEach(() => {
  for (const stop of listening.splice(0)) stop();
});
/** The hub is polled: what was published is heard a moment later. */
const hears = (heard: AnalysisProgressEvent[], event: AnalysisProgressEvent) =>
  vi.waitFor(() => expect(heard.at(-1)).toEqual(event), { timeout: 10_000, interval: 50 });
const cancel = (t: TestApp, member: SignedUpMember | null, progressId: string) =>
  t.app.inject({ method: 'POST', url: `/api/analyze/progress/${progressId}/cancel`, headers: member ? { cookie: member.cookie } : {} });
const ledgerOf = async (t: TestApp, member: SignedUpMember) =>
  (await t.runtime.container.get<UnitOfWork>(UnitOfWork).run((r) => r.ledger.history(member.id))).map((row) => row.reason);
const creditsOf = async (t: TestApp, member: SignedUpMember) =>
  (await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: member.cookie } })).json<{ credits: number }>().credits;
const historyOf = async (t: TestApp, member: SignedUpMember) =>
  (await t.app.inject({ method: 'GET', url: '/api/analyses', headers: { cookie: member.cookie } })).json<{ items: unknown[] }>().items;

describe('cancelling a queued analysis', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ ANALYSIS_WORKERS: '0' });
  });
  afterAll(async () => {
    t?.runtime.handBackAnalyses();
    await t?.close();
  });

  it('tells each waiting analysis how many are ahead of it', async () => {
    const [ada, bo] = [await signUp(t), await signUp(t)];
    const first = post(t, ada);
    await vi.waitFor(() => expect(first.heard).toContainEqual({ stage: 'queued', ahead: 0 }), { timeout: 10_000, interval: 50 });
    const second = post(t, bo);
    await vi.waitFor(() => expect(second.heard).toContainEqual({ stage: 'queued', ahead: 1 }), { timeout: 10_000, interval: 50 });
    // The first one cancelled, the second is next.
    expect((await cancel(t, ada, first.progressId)).statusCode).toBe(204);
    await hears(second.heard, { stage: 'queued', ahead: 0 });
    expect((await cancel(t, bo, second.progressId)).statusCode).toBe(204);
    await Promise.all([first.answer, second.answer]);
  });

  it('gives the credit back, keeps nothing, and answers the waiting POST and its progress as cancelled', async () => {
    const ada = await signUp(t);
    const { progressId, heard, answer } = post(t, ada);
    await vi.waitFor(() => expect(heard.map((e) => e.stage)).toContain('queued'), { timeout: 10_000, interval: 50 });
    expect(await creditsOf(t, ada)).toBe(0);

    const cancelled = await cancel(t, ada, progressId);
    expect(cancelled.statusCode, cancelled.body).toBe(204);
    const answered = await answer;
    expect(answered.statusCode).toBe(409);
    expect(answered.json()).toEqual(CANCELLED);
    await hears(heard, { stage: 'cancelled', message: CANCELLED.message });
    expect(await creditsOf(t, ada)).toBe(1);
    expect(await ledgerOf(t, ada)).toEqual(['signup_grant', 'analysis_debit', 'analysis_refund']);
    expect(await historyOf(t, ada)).toEqual([]);
    const pending = await t.runtime.container.get<UnitOfWork>(UnitOfWork).read((r) => r.pendingAnalyses.list());
    expect(pending.filter((p) => p.userId === ada.id)).toEqual([]);
  });

  it('changes nothing for an analysis that has ended, someone else\'s, a bad id or a signed-out caller', async () => {
    const [ada, bo] = [await signUp(t), await signUp(t)];
    const { progressId, heard, answer } = post(t, ada);
    await vi.waitFor(() => expect(heard.map((e) => e.stage)).toContain('queued'), { timeout: 10_000, interval: 50 });
    const refused = await cancel(t, bo, progressId);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ code: 'analysis.not_found', message: 'This analysis has already ended.' });
    expect((await cancel(t, null, progressId)).statusCode).toBe(401);
    expect((await cancel(t, ada, 'not-a-uuid')).statusCode).toBe(400);
    expect(await creditsOf(t, ada)).toBe(0);

    expect((await cancel(t, ada, progressId)).statusCode).toBe(204);
    expect((await cancel(t, ada, progressId)).statusCode).toBe(404);
    await answer;
    expect(await ledgerOf(t, ada)).toEqual(['signup_grant', 'analysis_debit', 'analysis_refund']);
  });
});

describe('cancelling a running analysis', () => {
  let model: FakeLanguageModel;
  let llm: OpenAiChatServer;
  let t: TestApp;
  beforeAll(async () => {
    model = new FakeLanguageModel();
    llm = await startOpenAiChatServer(model);
    // One worker, and a model slow enough that only a cancel could free the worker in time.
    t = await buildTestApp({ ANALYSIS_WORKERS: '1', OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: llm.baseUrl, LLM_TIMEOUT_MS: '120000' });
  });
  afterAll(async () => {
    await t?.close();
    await llm?.close();
  });
  beforeEach(() => model.reset());

  it('stops the worker running it, which then takes the next analysis', async () => {
    model.enqueue({ kind: 'hang' });
    const [ada, bo] = [await signUp(t), await signUp(t)];
    const running = post(t, ada);
    await vi.waitFor(() => expect(model.requests).toHaveLength(1), { timeout: 20_000, interval: 50 });
    await hears(running.heard, { stage: 'analysing' });

    expect((await cancel(t, ada, running.progressId)).statusCode).toBe(204);
    const answered = await running.answer;
    expect(answered.statusCode).toBe(409);
    expect(answered.json()).toEqual(CANCELLED);

    // The worker is free again well before the model's two minutes: the next analysis is answered.
    const next = post(t, bo);
    const done = await next.answer;
    expect(done.statusCode, done.body).toBe(200);
    expect(await historyOf(t, ada)).toEqual([]);
    expect(await creditsOf(t, ada)).toBe(1);
    await hears(running.heard, { stage: 'cancelled', message: CANCELLED.message });
  }, 60_000);
});
