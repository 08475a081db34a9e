import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeResponseSchema, analysisViewSchema, shareLinkSchema, sharedAnalysisSchema } from '@civicwatch/core';
import { corpusDir } from '@civicwatch/adapters/testing/shared-corpus.ts';
import { buildAppFor } from '../server.ts';
import { buildTestApp, sessionCookie, type TestApp } from '../testing/test-app.ts';
import { multipartBody } from '../testing/multipart.ts';
import { SHARED_VIEWS_PER_MINUTE } from './shared.routes.ts';

const PUBLIC_URL = 'http://civicwatch.example';
const NOINDEX = 'noindex, nofollow';

let t: TestApp;
beforeAll(async () => {
  // Plain http: the injected requests are, and the session cookie is Secure only behind https.
  t = await buildTestApp({ PUBLIC_URL });
});
afterAll(async () => {
  await t?.close();
});

interface Member { id: string; email: string; firstName: string; cookie: string }

const signUp = async (): Promise<Member> => {
  const firstName = `Rosalind${randomUUID().slice(0, 6)}`;
  const email = `${firstName.toLowerCase()}@example.org`;
  const res = await t.app.inject({ method: 'POST', url: '/api/register', payload: { firstName, email, password: 'liberty1' } });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id, email, firstName, cookie: sessionCookie(res) };
};

/** A one-page PDF uploaded under a file name that names its owner: the title the shared view must not show. */
const PRIVATE_FILE_NAME = 'rosalind-garcia-tax-appeal.pdf';
const analyse = async (member: Member) => {
  const { payload, headers } = multipartBody({ analysisType: 'constitutional' }, [
    { field: 'document', fileName: PRIVATE_FILE_NAME, bytes: await readFile(path.join(corpusDir, 'scotus-transcript-p1.pdf')) },
  ]);
  const res = await t.app.inject({ method: 'POST', url: '/api/analyze', payload, headers: { ...headers, cookie: member.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return analyzeResponseSchema.parse(res.json());
};

const share = (member: Member | null, id: string) =>
  t.app.inject({ method: 'POST', url: `/api/analyses/${id}/share`, headers: member ? { cookie: member.cookie } : {} });
const revoke = (member: Member | null, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/analyses/${id}/share`, headers: member ? { cookie: member.cookie } : {} });
const openShared = (token: string, remoteAddress?: string) =>
  t.app.inject({ method: 'GET', url: `/api/shared/${encodeURIComponent(token)}`, ...(remoteAddress ? { remoteAddress } : {}) });
const ownView = async (member: Member, id: string) =>
  analysisViewSchema.parse((await t.app.inject({ method: 'GET', url: `/api/analyses/${id}`, headers: { cookie: member.cookie } })).json());

const noLongerShared = { code: 'share.not_found', message: 'This analysis is no longer shared' };
const notFound = { code: 'analysis.not_found', message: 'Analysis not found' };

describe('POST /api/analyses/{id}/share', () => {
  it('answers an unguessable link under PUBLIC_URL, the same one when asked again, and shows it to the owner', async () => {
    const rosa = await signUp();
    const analysis = await analyse(rosa);
    expect((await ownView(rosa, analysis.analysisId)).shareUrl).toBeNull();

    const res = await share(rosa, analysis.analysisId);
    expect(res.statusCode).toBe(200);
    const link = shareLinkSchema.parse(res.json());
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(link.url).toBe(`${PUBLIC_URL}/shared/${link.token}`);

    const again = await share(rosa, analysis.analysisId);
    expect(again.json()).toEqual(link);

    expect((await ownView(rosa, analysis.analysisId)).shareUrl).toBe(link.url);
    const history = (await t.app.inject({ method: 'GET', url: '/api/analyses', headers: { cookie: rosa.cookie } })).json();
    expect(history.items[0]).toMatchObject({ id: analysis.analysisId, shareUrl: link.url });
    const dashboard = (await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: { cookie: rosa.cookie } })).json();
    expect(dashboard.analyses[0]).toMatchObject({ id: analysis.analysisId, shareUrl: link.url });
  });

  it('answers 401 signed out, and 404 for another user\'s analysis or an unknown id', async () => {
    const rosa = await signUp();
    const bob = await signUp();
    const analysis = await analyse(rosa);

    expect((await share(null, analysis.analysisId)).statusCode).toBe(401);
    const bobs = await share(bob, analysis.analysisId);
    expect(bobs.statusCode).toBe(404);
    expect(bobs.json()).toEqual(notFound);
    expect((await share(rosa, randomUUID())).json()).toEqual(notFound);
    expect((await share(rosa, 'not-an-id')).statusCode).toBe(404);
    expect((await ownView(rosa, analysis.analysisId)).shareUrl).toBeNull();
  });
});

describe('GET /api/shared/{token}', () => {
  it('shows the analysis to anyone signed out, read-only, with noindex', async () => {
    const rosa = await signUp();
    const analysis = await analyse(rosa);
    const link = shareLinkSchema.parse((await share(rosa, analysis.analysisId)).json());

    const res = await openShared(link.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-robots-tag']).toBe(NOINDEX);
    const shared = sharedAnalysisSchema.parse(res.json());
    const { analysisId: _id, createdAt, ...result } = analysis;
    expect(shared).toEqual({ analysisType: 'constitutional', createdAt, sharedAt: link.sharedAt, result });
  });

  it('leaks nothing of the owner: no user id, e-mail, name, credits or file name', async () => {
    const rosa = await signUp();
    const analysis = await analyse(rosa);
    const link = shareLinkSchema.parse((await share(rosa, analysis.analysisId)).json());

    const raw = (await openShared(link.token)).body;
    expect(Object.keys(JSON.parse(raw)).sort()).toEqual(['analysisType', 'createdAt', 'result', 'sharedAt']);
    for (const personal of [rosa.id, rosa.email, rosa.firstName, analysis.analysisId, 'rosalind-garcia', PRIVATE_FILE_NAME]) {
      expect(raw).not.toContain(personal);
    }
    for (const key of ['"userId"', '"user_id"', '"email"', '"firstName"', '"credits"', '"title"', '"document"']) expect(raw).not.toContain(key);
  });

  it('answers 404 share.not_found, with noindex, for an unknown token', async () => {
    for (const token of ['x'.repeat(32), 'not a token', randomUUID()]) {
      const res = await openShared(token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(noLongerShared);
      expect(res.headers['x-robots-tag']).toBe(NOINDEX);
    }
  });

  it('refuses a flood of guesses from one address with 429, still noindex', async () => {
    const address = '10.9.8.7';
    for (let i = 0; i < SHARED_VIEWS_PER_MINUTE; i++) expect((await openShared(`guess-${i}`, address)).statusCode).toBe(404);
    const refused = await openShared('guess-one-more', address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate.limited' });
    expect(refused.headers['x-robots-tag']).toBe(NOINDEX);
  });
});

describe('DELETE /api/analyses/{id}/share', () => {
  it('turns the link off at once and idempotently; sharing again makes a new link', async () => {
    const rosa = await signUp();
    const analysis = await analyse(rosa);
    const link = shareLinkSchema.parse((await share(rosa, analysis.analysisId)).json());

    const res = await revoke(rosa, analysis.analysisId);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const gone = await openShared(link.token);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual(noLongerShared);
    expect((await ownView(rosa, analysis.analysisId)).shareUrl).toBeNull();
    expect((await revoke(rosa, analysis.analysisId)).statusCode).toBe(204);

    const renewed = shareLinkSchema.parse((await share(rosa, analysis.analysisId)).json());
    expect(renewed.token).not.toBe(link.token);
    expect((await openShared(link.token)).statusCode).toBe(404);
    expect((await openShared(renewed.token)).statusCode).toBe(200);
  });

  it('answers 401 signed out and 404 for another user\'s analysis, leaving the owner\'s link alive', async () => {
    const rosa = await signUp();
    const bob = await signUp();
    const analysis = await analyse(rosa);
    const link = shareLinkSchema.parse((await share(rosa, analysis.analysisId)).json());

    expect((await revoke(null, analysis.analysisId)).statusCode).toBe(401);
    const bobs = await revoke(bob, analysis.analysisId);
    expect(bobs.statusCode).toBe(404);
    expect(bobs.json()).toEqual(notFound);
    expect((await openShared(link.token)).statusCode).toBe(200);
  });
});

describe('DELETE /api/analyses/{id}', () => {
  it('takes the analysis\'s share link with it', async () => {
    const rosa = await signUp();
    const analysis = await analyse(rosa);
    const link = shareLinkSchema.parse((await share(rosa, analysis.analysisId)).json());

    expect((await t.app.inject({ method: 'DELETE', url: `/api/analyses/${analysis.analysisId}`, headers: { cookie: rosa.cookie } })).statusCode).toBe(204);
    const gone = await openShared(link.token);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual(noLongerShared);
  });
});

describe('the web app\'s /shared/{token} page', () => {
  it('is served with noindex, where other pages are not', async () => {
    const distDir = await mkdtemp(path.join(tmpdir(), 'cw-web-dist-'));
    await writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>CivicWatch</title><div id="root"></div>');
    const web = await buildAppFor(t.runtime, { webDistDir: distDir });
    try {
      for (const url of ['/shared/abc', '/Shared/abc?from=mail']) {
        const page = await web.inject({ method: 'GET', url });
        expect(page.statusCode).toBe(200);
        expect(page.headers['content-type']).toMatch(/text\/html/);
        expect(page.headers['x-robots-tag']).toBe(NOINDEX);
      }
      const home = await web.inject({ method: 'GET', url: '/history' });
      expect(home.statusCode).toBe(200);
      expect(home.headers['x-robots-tag']).toBeUndefined();
    } finally {
      await web.close();
      await rm(distDir, { recursive: true, force: true });
    }
  });
});
