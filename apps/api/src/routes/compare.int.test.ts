import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TextExtractor, UnitOfWork, analysisListSchema, compareResponseSchema, type TierId } from '@civicwatch/core';
import { corpusDir } from '@civicwatch/adapters/testing/shared-corpus.ts';
import { buildTestApp, signUpFrom, type SignedUpMember, type TestApp } from '../testing/test-app.ts';
import { multipartBody, type MultipartFile } from '../testing/multipart.ts';

const LEVY = 'wpld-ordinance-20-21-02-maintenance-levy.pdf';
const MINUTES = 'chicago-ssa21-minutes-2018-01-29.pdf';
const corpus = (name: string) => readFile(path.join(corpusDir, name));

let t: TestApp;
let uow: UnitOfWork;
beforeAll(async () => {
  t = await buildTestApp();
  uow = t.runtime.container.get<UnitOfWork>(UnitOfWork);
});
afterAll(async () => { await t?.close(); });

let signUps = 0;
const signUp = (): Promise<SignedUpMember> => signUpFrom(t, `10.7.${++signUps}.1`);
const upgrade = (member: SignedUpMember, tier: TierId, extraCredits = 0) =>
  uow.run(async (r) => {
    await r.users.updateTier(member.id, tier);
    if (extraCredits) await r.ledger.post({ userId: member.id, delta: extraCredits, reason: 'admin_adjustment' });
  });
const compare = (member: SignedUpMember | null, fields: Record<string, string | undefined>, files: MultipartFile[] = []) => {
  const { payload, headers } = multipartBody(fields, files);
  return t.app.inject({ method: 'POST', url: '/api/compare', payload, headers: { ...headers, ...(member ? { cookie: member.cookie } : {}) } });
};
const version = async (field: 'before' | 'after', name: string): Promise<MultipartFile> => ({ field, fileName: name, bytes: await corpus(name) });
const ledgerOf = async (member: SignedUpMember) => (await uow.run((r) => r.ledger.history(member.id))).map((row) => [row.reason, row.delta]);

/** The levy's text with its publication date moved: a later version with one change of substance. */
const levyText = async (): Promise<string> => {
  const pages = await t.runtime.container.get<TextExtractor>(TextExtractor).extract(new Uint8Array(await corpus(LEVY)));
  if (!pages.ok) throw new Error(pages.error.message);
  return pages.value.pages.map((p) => p.text).join('\n\n');
};

describe('POST /api/compare', () => {
  it('answers 401 when signed out, and refuses a Citizen with the upgrade message, taking no credit', async () => {
    expect((await compare(null, { before: 'x', after: 'y' })).statusCode).toBe(401);
    const rosa = await signUp();
    const res = await compare(rosa, {}, [await version('before', LEVY), await version('after', LEVY)]);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'tier.feature_unavailable', message: 'Comparing versions is available for paying subscribers' });
    expect(await ledgerOf(rosa)).toEqual([['signup_grant', 1]]);
  });

  it('compares a PDF with pasted text for one credit, each change quoting both versions, and keeps it in the history', async () => {
    const ada = await signUp();
    await upgrade(ada, 'patriot', 2);
    const later = (await levyText()).replace('July 23, 2020', 'July 30, 2020');
    const res = await compare(ada, { after: later, afterTitle: 'Levy, corrected' }, [await version('before', LEVY)]);
    expect(res.statusCode).toBe(200);
    const body = compareResponseSchema.parse(res.json());
    expect(body.changes).toHaveLength(1);
    expect(body.changes[0]).toMatchObject({ type: 'date', before: { page: 3, verified: true }, after: { page: 1, verified: true } });
    expect(body.metadata).toMatchObject({ related: true, earlier: { title: 'wpld-ordinance-20-21-02-maintenance-levy', pages: 3 }, later: { title: 'Levy, corrected', pages: 1 } });
    expect(await ledgerOf(ada)).toEqual([['signup_grant', 1], ['admin_adjustment', 2], ['analysis_debit', -1]]);
    const list = analysisListSchema.parse((await t.app.inject({ method: 'GET', url: '/api/analyses', headers: { cookie: ada.cookie } })).json());
    expect(list.items[0]).toMatchObject({ id: body.analysisId, analysisType: 'comparison', document: { title: 'Levy, corrected', type: 'text' } });
  });

  it('says when two documents are no versions of one another, for one credit', async () => {
    const lee = await signUp();
    await upgrade(lee, 'defender');
    const res = await compare(lee, {}, [await version('before', LEVY), await version('after', MINUTES)]);
    expect(res.statusCode, res.body).toBe(200);
    const body = compareResponseSchema.parse(res.json());
    expect(body.metadata.related).toBe(false);
    expect(body.summary).toMatch(/^These two documents do not look like versions of one document/);
    expect((await ledgerOf(lee)).filter(([reason]) => reason === 'analysis_debit')).toEqual([['analysis_debit', -1]]);
  });

  it('refuses a missing or doubled version and a non-PDF by name, before taking a credit', async () => {
    const sam = await signUp();
    await upgrade(sam, 'patriot');
    const missing = await compare(sam, { before: 'The Council levies a tax of .02% for the libraries of the district.' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ code: 'validation.invalid', message: 'Later version: please upload a PDF or paste its text' });
    const both = await compare(sam, { before: 'text', after: 'text' }, [await version('before', LEVY)]);
    expect(both.json()).toMatchObject({ message: 'Earlier version: send either a PDF or text, not both' });
    const gif = await compare(sam, { before: 'The Council levies a tax of .02% for the libraries of the district.' }, [{ field: 'after', fileName: 'x.pdf', bytes: Buffer.from('GIF89a') }]);
    expect(gif.statusCode).toBe(400);
    expect(gif.json()).toEqual({ code: 'document.not_pdf', message: 'Later version: Only PDF files are accepted.' });
    expect(await ledgerOf(sam)).toEqual([['signup_grant', 1]]);
  });
});
