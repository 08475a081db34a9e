import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ProgressHub, TextExtractor, UnitOfWork, analysisListSchema, analysisProgressEventSchema, analyzeResponseSchema, analysisViewSchema, summaryPreview,
  type AnalysisProgressEvent, type TierId,
} from '@civicwatch/core';
import type { PostgresProgressHub } from '@civicwatch/adapters/progress/postgres-progress-hub.ts';
import { corpusDir } from '@civicwatch/adapters/testing/shared-corpus.ts';
import { civicPassages } from '@civicwatch/adapters/analysis/language/civic-passages.fixture.ts';
import { buildTestApp, signUpFrom, type SignedUpMember, type TestApp } from '../testing/test-app.ts';
import { multipartBody, type MultipartFile } from '../testing/multipart.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const corpus = (name: string) => readFile(path.join(corpusDir, name));
const fixture = (name: string) => readFile(path.resolve(here, '../../../../adapters/src/extraction/fixtures', name));

/** A (made-up) council ordinance: long enough to analyse, short enough for a Citizen's 1,000 characters. */
const ORDINANCE = 'ORDINANCE 2024-17. The City Council of Springfield hereby levies a tax of $0.10 per $100 of assessed value '
  + 'for the maintenance of public libraries. The tax shall be collected by the County Treasurer. Any resident may object '
  + 'in writing before the public hearing on June 3, 2024, at City Hall. The Council may not spend the levy on other purposes. '
  + 'The Library Board shall publish an annual report of its spending. Section 4 repeals Ordinance 2019-02 in its entirety. '
  + 'The Clerk shall keep a copy of this ordinance for public inspection during office hours. This ordinance takes effect '
  + 'on July 1, 2024, after its publication in the Springfield Gazette.';

/**
 * Sentences of `text` that a stored row repeats outside a cited quote. The privacy promise keeps the result,
 * the title, the type, counts and the short quotes the result cites: a result's own words may repeat a cited
 * sentence, never an uncited one.
 */
const uncitedSentences = (text: string, row: unknown, quotes: string[]): string[] =>
  text.split(/(?<=\.)\s+(?=[A-Z])/).filter((sentence) => JSON.stringify(row).includes(sentence) && !quotes.some((q) => q.includes(sentence)));

let t: TestApp;
let uow: UnitOfWork;
beforeAll(async () => {
  t = await buildTestApp();
  uow = t.runtime.container.get<UnitOfWork>(UnitOfWork);
});
afterAll(async () => { await t?.close(); });

type Member = SignedUpMember;
let signUps = 0;
const signUp = (): Promise<Member> => signUpFrom(t, `10.3.${++signUps}.1`);

/** Test support: a paid plan and credits, written as billing and an administrator would (a tier change and a ledger row). */
const upgrade = async (member: Member, tier: TierId, extraCredits = 0) => {
  await uow.run(async (r) => {
    await r.users.updateTier(member.id, tier);
    if (extraCredits) await r.ledger.post({ userId: member.id, delta: extraCredits, reason: 'admin_adjustment' });
  });
};

const analyze = (member: Member | null, fields: Record<string, string | undefined>, files: MultipartFile[] = []) => {
  const { payload, headers } = multipartBody(fields, files);
  return t.app.inject({ method: 'POST', url: '/api/analyze', payload, headers: { ...headers, ...(member ? { cookie: member.cookie } : {}) } });
};
const pdf = async (name: string, bytes?: Buffer): Promise<MultipartFile> => ({ field: 'document', fileName: name, bytes: bytes ?? (await corpus(name)) });

const creditsOf = async (member: Member) => (await uow.run((r) => r.users.findById(member.id)))!.credits;
const ledgerOf = async (member: Member) => (await uow.run((r) => r.ledger.history(member.id))).map((row) => [row.reason, row.delta]);
const pendingRows = () => t.runtime.database.orm.em.fork().execute<Array<{ id: string }>>('select id from pending_analyses');
const pendingWith = (progressId: string) =>
  t.runtime.database.orm.em.fork().execute<Array<{ id: string }>>('select id from pending_analyses where progress_id = ?', [progressId]);

describe('POST /api/analyze', () => {
  it('answers 401 Unauthorized when signed out, taking nothing', async () => {
    const res = await analyze(null, { text: ORDINANCE });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'auth.unauthorized', message: 'Unauthorized' });
  });

  it('analyses pasted text for a Citizen with their one credit, and stores only the result', async () => {
    const rosa = await signUp();
    const res = await analyze(rosa, { text: ORDINANCE, analysisType: 'summary' });
    expect(res.statusCode).toBe(200);
    const body = analyzeResponseSchema.parse(res.json());
    expect(body.summary.length).toBeGreaterThan(0);
    expect(body.metadata).toMatchObject({ pages: 1, analyzer: 'embedded' });
    expect(await creditsOf(rosa)).toBe(0);
    expect(await ledgerOf(rosa)).toEqual([['signup_grant', 1], ['analysis_debit', -1]]);
    const history = await uow.run((r) => r.ledger.history(rosa.id));
    expect(history[1]!.reference).toBe(body.analysisId);

    const dashboard = (await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: { cookie: rosa.cookie } })).json();
    expect(dashboard.stats).toEqual({ totalAnalyses: 1, thisMonthAnalyses: 1 });
    // The list carries what it shows, a summary-only result; the whole result is GET /api/analyses/{id}.
    expect(dashboard.analyses[0]).toEqual({
      id: body.analysisId, createdAt: body.createdAt, analysisType: 'summary', document: { title: 'Text Document', type: 'text' },
      result: { summary: summaryPreview(body.summary) }, shareUrl: null,
    });
    expect(dashboard.user.credits).toBe(0);

    // Privacy: nothing pending, and no stored row holds the document's text (only the result's own words and quotes).
    expect(await pendingRows()).toEqual([]);
    const rows = await t.runtime.database.orm.em.fork().execute<Array<Record<string, unknown>>>('select * from analyses where id = ?', [body.analysisId]);
    expect(Object.keys(rows[0]!).sort()).toEqual(['analysis_type', 'created_at', 'document_type', 'id', 'language', 'result', 'share_token', 'shared_at', 'summary_start', 'title', 'user_id']);
    expect(rows[0]!.result).toEqual(Object.fromEntries(Object.entries(body).filter(([k]) => k !== 'analysisId' && k !== 'createdAt')));
    expect(uncitedSentences(ORDINANCE, rows[0], body.citations.map((c) => c.quote))).toEqual([]);
  });

  it('tells the language of a Spanish text, says the built-in analyzer reads English, and keeps the language', async () => {
    const rosa = await signUp();
    const res = await analyze(rosa, { text: civicPassages.es, analysisType: 'summary' });
    expect(res.statusCode, res.body).toBe(200);
    const body = analyzeResponseSchema.parse(res.json());
    expect(body.metadata.language).toEqual({ code: 'es', name: 'Spanish' });
    expect(body.metadata.warnings).toEqual([expect.stringMatching(/^This document appears to be in Spanish\. The built-in analyzer is designed for English/)]);

    const stored = (await t.app.inject({ method: 'GET', url: `/api/analyses/${body.analysisId}`, headers: { cookie: rosa.cookie } })).json();
    expect(stored.result.metadata).toMatchObject({ language: { code: 'es', name: 'Spanish' }, warnings: body.metadata.warnings });
    const rows = await t.runtime.database.orm.em.fork().execute<Array<{ language: string }>>('select language from analyses where id = ?', [body.analysisId]);
    expect(rows).toEqual([{ language: 'es' }]);
  });

  it('analyses a one-page PDF from the corpus, titled by its file name', async () => {
    const rosa = await signUp();
    const file = await pdf('scotus-transcript-p1.pdf');
    const res = await analyze(rosa, { analysisType: 'constitutional', country: 'US' }, [file]);
    expect(res.statusCode, res.body).toBe(200);
    const body = analyzeResponseSchema.parse(res.json());
    expect(body.metadata.pages).toBe(1);
    expect(body.citations.every((c) => c.page === 1)).toBe(true);
    const stored = (await t.app.inject({ method: 'GET', url: `/api/analyses/${body.analysisId}`, headers: { cookie: rosa.cookie } })).json();
    expect(stored.document).toEqual({ title: 'scotus-transcript-p1', type: 'pdf' });
    expect(await creditsOf(rosa)).toBe(0);

    // The stored result keeps the cited quotes, never the page: the extracted text is 668 characters long.
    const pageText = await t.runtime.container.get<TextExtractor>(TextExtractor).extract(new Uint8Array(file.bytes));
    const text = pageText.ok ? pageText.value.pages[0]!.text : '';
    expect(text.length).toBeGreaterThan(600);
    expect(JSON.stringify(stored)).not.toContain(JSON.stringify(text.trim()).slice(1, -1));
    expect(await pendingRows()).toEqual([]);
  });

  it('refuses a second analysis at 0 credits with 402 and the spec message, costing nothing', async () => {
    const rosa = await signUp();
    expect((await analyze(rosa, { text: ORDINANCE })).statusCode).toBe(200);
    const res = await analyze(rosa, { text: ORDINANCE });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ code: 'credits.insufficient', message: 'You need credits to perform analysis. Please upgrade your account.' });
    expect(await ledgerOf(rosa)).toEqual([['signup_grant', 1], ['analysis_debit', -1]]);
  });

  it('refuses 1,001 pasted characters for a Citizen with 413, before taking the credit', async () => {
    const rosa = await signUp();
    const res = await analyze(rosa, { text: 'x'.repeat(1001) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'document.too_many_characters', message: 'This text has 1,001 characters; your Citizen plan allows up to 1,000 characters.' });
    expect(await ledgerOf(rosa)).toEqual([['signup_grant', 1]]);
    expect((await analyze(rosa, { text: `${ORDINANCE} ${'y'.repeat(1000 - ORDINANCE.length - 1)}` })).statusCode).toBe(200);
  });

  it('refuses a 2-page PDF for a Citizen with 413 (page limit) before taking the credit', async () => {
    const rosa = await signUp();
    const res = await analyze(rosa, {}, [await pdf('ok-able-commission-licenses-m27.pdf')]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'document.too_many_pages', message: 'Your Citizen plan allows PDFs of up to 1 page; this one has more.' });
    expect(await ledgerOf(rosa)).toEqual([['signup_grant', 1]]);
    expect(await pendingRows()).toEqual([]);
  });

  it('refuses a one-page PDF with more text than a Citizen may analyse with 413, giving the credit back', async () => {
    const rosa = await signUp();
    const res = await analyze(rosa, {}, [await pdf('cupertino-usd-special-board-agenda-2016-04-06.pdf')]);
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('document.too_many_characters');
    expect(await creditsOf(rosa)).toBe(1);
  });

  it('refuses the 66-page board packet over a Patriot\'s 10,000 characters with 413 before taking the credit, its page limit raised', async () => {
    const rosa = await signUp();
    await upgrade(rosa, 'patriot');
    const patriot = (await uow.run((r) => r.tiers.get('patriot')))!;
    await uow.run((r) => r.tiers.update({ ...patriot, maxPages: 66 }));
    try {
      const res = await analyze(rosa, {}, [await pdf('wpld-board-packet-2018-08-15-scan.pdf')]);
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json()).toEqual({ code: 'document.too_many_characters', message: 'Your Patriot plan allows up to 10,000 characters of text per document; this PDF has more.' });
      expect(await ledgerOf(rosa)).toEqual([['signup_grant', 1]]);
      expect(await pendingRows()).toEqual([]);
    } finally {
      await uow.run((r) => r.tiers.update(patriot));
    }
  });

  it('analyses a 3-page PDF for a Patriot with a state and a custom focus', async () => {
    const rosa = await signUp();
    await upgrade(rosa, 'patriot', 4);
    const res = await analyze(rosa, {
      analysisType: 'custom', country: 'US', state: 'il', customPrompt: 'Who pays the levy?', title: 'Maintenance levy',
    }, [await pdf('wpld-ordinance-20-21-02-maintenance-levy.pdf')]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().metadata.pages).toBe(3);
    // The built-in analyzer knows the US Constitution only: the result says the state's law went unchecked.
    expect(res.json().metadata.warnings).toEqual([expect.stringContaining('Checking it against Illinois law needs a language-model analyzer')]);
    expect(await creditsOf(rosa)).toBe(4);
    // A longer document: the stored row holds the result's words and cited quotes, not the pages.
    const [row] = await t.runtime.database.orm.em.fork().execute<Array<Record<string, unknown>>>('select * from analyses where id = ?', [res.json().analysisId]);
    const extracted = await t.runtime.container.get<TextExtractor>(TextExtractor).extract(new Uint8Array(await corpus('wpld-ordinance-20-21-02-maintenance-levy.pdf')));
    const pages = extracted.ok ? extracted.value.pages.map((p) => p.text.trim()) : [];
    expect(pages).toHaveLength(3);
    for (const page of pages) expect(JSON.stringify(row)).not.toContain(JSON.stringify(page).slice(1, -1));
    expect(await pendingRows()).toEqual([]);
    const list = (await t.app.inject({ method: 'GET', url: '/api/analyses', headers: { cookie: rosa.cookie } })).json();
    expect(list.items[0]).toMatchObject({ analysisType: 'custom', document: { title: 'Maintenance levy', type: 'pdf' } });
  });

  it.each([
    [{ state: 'IL' }, 'State selection available for paying subscribers. Upgrade to select a state.'],
    [{ analysisType: 'custom', customPrompt: 'Spending' }, 'Custom analysis available for paying subscribers. Upgrade to access custom analysis.'],
  ])('refuses %j for a Citizen with 403, costing nothing', async (fields, message) => {
    const rosa = await signUp();
    const res = await analyze(rosa, { text: ORDINANCE, ...fields });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'tier.feature_unavailable', message });
    expect(await ledgerOf(rosa)).toEqual([['signup_grant', 1]]);
  });

  it('refuses a file over 10 MB with 413 document.too_large, costing nothing', async () => {
    const rosa = await signUp();
    const big = Buffer.concat([await corpus('scotus-transcript-p1.pdf'), Buffer.alloc(10 * 1024 * 1024)]);
    const res = await analyze(rosa, {}, [await pdf('big.pdf', big)]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'document.too_large', message: 'The file is larger than 10 MB. Please upload a smaller PDF.' });
    expect(await ledgerOf(rosa)).toEqual([['signup_grant', 1]]);
  });

  it('takes PDFs larger than the 1 MB JSON body limit: a 1.7 MB, 13-page budget reaches the Patriot page limit', async () => {
    const rosa = await signUp();
    await upgrade(rosa, 'patriot');
    const res = await analyze(rosa, {}, [await pdf('wpld-fy21-working-budget.pdf')]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'document.too_many_pages', message: 'Your Patriot plan allows PDFs of up to 5 pages; this one has more.' });
    expect(await creditsOf(rosa)).toBe(1);
  });

  it.each([
    ['a PNG named .pdf', async () => analyze(await signUpShared(), {}, [{ field: 'document', fileName: 'scan.pdf', bytes: await fixture('not-a-pdf.png') }]), 'document.not_pdf', 'Only PDF files are accepted.'],
    ['two files', async () => analyze(await signUpShared(), {}, [await pdf('scotus-transcript-p1.pdf'), await pdf('senate-expenditures.pdf')]), 'validation.invalid', 'Only one file can be uploaded at a time'],
    ['text under 50 characters', async () => analyze(await signUpShared(), { text: 'Too short to analyse.' }), 'document.too_short', 'The document needs at least 50 characters of text to analyse.'],
    ['neither file nor text', async () => analyze(await signUpShared(), { text: '   ' }), 'validation.invalid', 'Please upload a PDF or paste the text to analyse'],
    ['an unknown analysis type', async () => analyze(await signUpShared(), { text: ORDINANCE, analysisType: 'opinion' }), 'validation.invalid', undefined],
    ['a state outside the US', async () => analyze(await signUpShared(), { text: ORDINANCE, country: 'CA', state: 'IL' }), 'validation.invalid', 'A state can only be chosen in the United States'],
    ['a progressId that is not a UUID', async () => analyze(await signUpShared(), { text: ORDINANCE, progressId: '42' }), 'validation.invalid', 'progressId must be a UUID'],
  ])('refuses %s with 400, costing nothing', async (_label, send, code, message) => {
    const res = await send();
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(code);
    if (message) expect(res.json().message).toBe(message);
    expect(await ledgerOf(shared!)).toEqual([['signup_grant', 1]]);
  });

  it('refuses a PDF that cannot be opened with 400 before taking the credit', async () => {
    const rosa = await signUp();
    const res = await analyze(rosa, {}, [{ field: 'document', fileName: 'truncated.pdf', bytes: await fixture('truncated.pdf') }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'document.corrupt', message: 'This PDF is damaged and cannot be read.' });
    expect(await ledgerOf(rosa)).toEqual([['signup_grant', 1]]);
    expect(await pendingRows()).toEqual([]);
  });

  it('gives the credit back when the analysis fails (a blank PDF), leaving nothing pending', async () => {
    const rosa = await signUp();
    const res = await analyze(rosa, {}, [{ field: 'document', fileName: 'blank.pdf', bytes: await fixture('blank.pdf') }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('document.empty');
    expect(await creditsOf(rosa)).toBe(1);
    const history = await uow.run((r) => r.ledger.history(rosa.id));
    expect(history.map((h) => [h.reason, h.delta, h.balanceAfter])).toEqual([['signup_grant', 1, 1], ['analysis_debit', -1, 0], ['analysis_refund', 1, 1]]);
    expect(history[2]!.reference).toBe(history[1]!.reference);
    expect(await pendingRows()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/analyses', headers: { cookie: rosa.cookie } })).json().total).toBe(0);
  });
});

let shared: Member | null = null;
/** One member for refusals that must cost nothing: their ledger must still be the sign-up grant alone. */
const signUpShared = async () => (shared ??= await signUp());

describe('the history of analyses', () => {
  let rosa: Member;
  let bob: Member;
  const ids: string[] = [];
  beforeAll(async () => {
    rosa = await signUp();
    bob = await signUp();
    await upgrade(rosa, 'patriot', 2);
    for (const title of ['Library levy', 'School budget', 'LIBRARY hours']) {
      const res = await analyze(rosa, { text: ORDINANCE, title, analysisType: 'summary' });
      expect(res.statusCode).toBe(200);
      ids.push(res.json().analysisId);
    }
  });
  const get = (member: Member, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: member.cookie } });

  it('lists the user\'s analyses newest first, a page at a time, searching titles case-insensitively', async () => {
    const all = analysisListSchema.parse((await get(rosa, '/api/analyses')).json());
    expect(all).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(all.items.map((a) => a.document.title)).toEqual(['LIBRARY hours', 'School budget', 'Library levy']);
    const found = (await get(rosa, '/api/analyses?q=library&page=2&pageSize=1')).json();
    expect(found).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(found.items.map((a: { document: { title: string } }) => a.document.title)).toEqual(['Library levy']);
    expect((await get(rosa, '/api/analyses?pageSize=500')).statusCode).toBe(400);
    expect((await get(bob, '/api/analyses')).json()).toMatchObject({ items: [], total: 0 });
  });

  it('opens one analysis with its result, and answers 404 for another user\'s or an unknown id', async () => {
    const res = await get(rosa, `/api/analyses/${ids[0]}`);
    expect(res.statusCode).toBe(200);
    expect(analysisViewSchema.parse(res.json())).toMatchObject({ id: ids[0], document: { title: 'Library levy', type: 'text' } });
    for (const [member, id] of [[bob, ids[0]], [rosa, randomUUID()], [rosa, 'not-an-id']] as const) {
      const refused = await get(member, `/api/analyses/${id}`);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ code: 'analysis.not_found', message: 'Analysis not found' });
    }
  });

  it('deletes the user\'s own analysis with 204; another user\'s answers 404 and stays', async () => {
    const del = (member: Member, id: string) => t.app.inject({ method: 'DELETE', url: `/api/analyses/${id}`, headers: { cookie: member.cookie } });
    expect((await del(bob, ids[1]!)).statusCode).toBe(404);
    expect((await get(rosa, `/api/analyses/${ids[1]}`)).statusCode).toBe(200);
    const res = await del(rosa, ids[1]!);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await del(rosa, ids[1]!)).statusCode).toBe(404);
    expect((await get(rosa, '/api/dashboard')).json().stats.totalAnalyses).toBe(2);
  });

  it('requires sign-in', async () => {
    for (const [method, url] of [['GET', '/api/analyses'], ['GET', `/api/analyses/${ids[0]}`], ['DELETE', `/api/analyses/${ids[0]}`], ['GET', `/api/analyze/progress/${randomUUID()}`]] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(401);
    }
  });
});

describe('GET /api/analyze/progress/:progressId', () => {
  const events = (payload: string): AnalysisProgressEvent[] =>
    payload.split('\n\n').filter((block) => block.startsWith('data: ')).map((block) => analysisProgressEventSchema.parse(JSON.parse(block.slice(6))));

  it('streams the stages of a pending analysis, from the latest one when the stream opened, and ends after done', async () => {
    const rosa = await signUp();
    await upgrade(rosa, 'patriot', 1);
    const progressId = randomUUID();
    const posting = analyze(rosa, { progressId }, [await pdf('wpld-ordinance-20-21-02-maintenance-levy.pdf')]);
    // The stream opens once the POST has taken the analysis in (ADR 0005): a browser retries until then.
    await vi.waitFor(async () => expect(await pendingWith(progressId)).toHaveLength(1), { timeout: 10_000, interval: 20 });
    const stream = t.app.inject({ method: 'GET', url: `/api/analyze/progress/${progressId}`, headers: { cookie: rosa.cookie } });
    const posted = await posting;
    expect(posted.statusCode).toBe(200);
    const res = await stream;
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    // Queued first, then told its place in the queue (as recent analyses make it), then read page by page.
    const stages: AnalysisProgressEvent[] = [
      { stage: 'extracting', page: 1, pages: 3 },
      { stage: 'extracting', page: 2, pages: 3 },
      { stage: 'extracting', page: 3, pages: 3 },
      { stage: 'analysing' },
      { stage: 'checking_citations' },
      { stage: 'done' },
    ];
    const heard = events(res.payload);
    const worked = heard.filter((event) => event.stage !== 'queued');
    expect(worked.length).toBeGreaterThan(0);
    expect(worked).toEqual(stages.slice(stages.length - worked.length));
    expect(heard.slice(0, heard.length - worked.length).every((event) => event.stage === 'queued')).toBe(true);
  });

  it('gives a stream opened after the analysis its final event, failed with the message of a refusal', async () => {
    const rosa = await signUp();
    const progressId = randomUUID();
    expect((await analyze(rosa, { progressId, text: ORDINANCE, state: 'NY' })).statusCode).toBe(403);
    // Progress is written in the background (best effort): the refusal's event may land just after the answer.
    await t.runtime.container.get<PostgresProgressHub>(ProgressHub).flush();
    const res = await t.app.inject({ method: 'GET', url: `/api/analyze/progress/${progressId}`, headers: { cookie: rosa.cookie } });
    expect(events(res.payload)).toEqual([{ stage: 'failed', message: 'State selection available for paying subscribers. Upgrade to select a state.' }]);
  });

  it('refuses a progressId that is not a UUID with 400', async () => {
    const rosa = await signUp();
    const res = await t.app.inject({ method: 'GET', url: '/api/analyze/progress/42', headers: { cookie: rosa.cookie } });
    expect(res.statusCode).toBe(400);
  });

  it('answers 404 to another user\'s stream of the same id, during the analysis and after it', async () => {
    const rosa = await signUp();
    const bob = await signUp();
    const progressId = randomUUID();
    const bobsStream = () => t.app.inject({ method: 'GET', url: `/api/analyze/progress/${progressId}`, headers: { cookie: bob.cookie } });
    const posting = analyze(rosa, { progressId, text: ORDINANCE });
    await vi.waitFor(async () => expect(await pendingWith(progressId)).toHaveLength(1), { timeout: 10_000, interval: 20 });
    const during = await bobsStream();
    expect((await posting).statusCode).toBe(200);
    await t.runtime.container.get<PostgresProgressHub>(ProgressHub).flush();
    const after = await bobsStream();
    for (const res of [during, after]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'analysis.not_found', message: 'Analysis not found' });
    }
    // Rosa's own stream of it answers its outcome: there was one to hear.
    const rosas = await t.app.inject({ method: 'GET', url: `/api/analyze/progress/${progressId}`, headers: { cookie: rosa.cookie } });
    expect(events(rosas.payload)).toEqual([{ stage: 'done' }]);
  });
});
