import { beforeEach, describe, expect, it } from 'vitest';
import { InMemoryUnitOfWork } from '../testing/in-memory/in-memory-unit-of-work.ts';
import { registerSchema } from '../contracts/auth.contract.ts';
import { SHARE_NOT_FOUND_MESSAGE } from '../contracts/share.contract.ts';
import { FixedClock, SequentialIds, SequentialTokens, TEST_PUBLIC_URL, plainTextHasher, testMessages, testAccountLinks } from '../testing/fakes.ts';
import { RegisterUser } from '../accounts/register-user/register-user.use-case.ts';
import { toAnalysisView, toShareLinkView } from './analysis-view.ts';
import { CreateShareLink } from './create-share-link/create-share-link.use-case.ts';
import { DeleteAnalysis } from './delete-analysis/delete-analysis.use-case.ts';
import { GetAnalysis } from './get-analysis/get-analysis.use-case.ts';
import { GetSharedAnalysis } from './get-shared-analysis/get-shared-analysis.use-case.ts';
import { RevokeShareLink } from './revoke-share-link/revoke-share-link.use-case.ts';

let uow: InMemoryUnitOfWork;
let clock: FixedClock;
let ids: SequentialIds;
let share: CreateShareLink;
let revoke: RevokeShareLink;
let open: GetSharedAnalysis;

const result = {
  summary: 'The Council levies a library tax.', keyInsights: ['$0.10 per $100'], constitutionalIssues: [], citizenAction: [],
  legalRisks: [], sentiment: { rating: 3, confidence: 0.6 }, metadata: { wordCount: 120 }, citations: [],
};

beforeEach(() => {
  clock = new FixedClock(new Date('2026-03-15T12:00:00Z'));
  uow = new InMemoryUnitOfWork({ clock });
  ids = new SequentialIds();
  share = new CreateShareLink(uow, new SequentialTokens(), clock);
  revoke = new RevokeShareLink(uow);
  open = new GetSharedAnalysis(uow);
});

const registerUser = async (email: string) => {
  const registered = await new RegisterUser(uow, plainTextHasher, clock, ids, testMessages(clock), testAccountLinks(clock))
    .execute(registerSchema.parse({ firstName: 'Rosa', email, password: 'liberty1' }));
  if (!registered.ok) throw new Error(registered.error.message);
  return registered.value.id;
};

/** A finished analysis of the user's, titled by its file name as an upload without a typed title is. */
const analysisOf = async (userId: string) => {
  const id = ids.next();
  await uow.run((r) => r.analyses.save({
    id, userId, createdAt: new Date('2026-03-14T09:30:00Z'), analysisType: 'constitutional',
    document: { title: 'rosa-garcia-eviction-notice', type: 'pdf' }, result,
  }));
  return id;
};

const notFound = { ok: false, error: { code: 'analysis.not_found', message: 'Analysis not found' } };
const noLongerShared = { ok: false, error: { code: 'share.not_found', message: SHARE_NOT_FOUND_MESSAGE } };

describe('CreateShareLink', () => {
  it('shares the owner\'s analysis under a new token, and answers that same link when asked again', async () => {
    const rosa = await registerUser('rosa@example.org');
    const id = await analysisOf(rosa);

    const first = await share.execute(rosa, id);
    expect(first).toEqual({ ok: true, value: { token: 'token-1', sharedAt: new Date('2026-03-15T12:00:00Z') } });
    clock.set(new Date('2026-03-16T08:00:00Z'));
    expect(await share.execute(rosa, id)).toEqual(first);
    expect(toShareLinkView(first.ok ? first.value : never(), TEST_PUBLIC_URL)).toEqual({
      url: 'https://civicwatch.test/shared/token-1', token: 'token-1', sharedAt: '2026-03-15T12:00:00.000Z',
    });
  });

  it('tells the owner the live link in the analysis view, and null once it is revoked', async () => {
    const rosa = await registerUser('rosa@example.org');
    const id = await analysisOf(rosa);
    const view = async () => {
      const found = await new GetAnalysis(uow).execute(rosa, id);
      return found.ok ? toAnalysisView(found.value, TEST_PUBLIC_URL).shareUrl : never();
    };
    expect(await view()).toBeNull();
    await share.execute(rosa, id);
    expect(await view()).toBe('https://civicwatch.test/shared/token-1');
    await revoke.execute(rosa, id);
    expect(await view()).toBeNull();
  });

  it('answers analysis.not_found for another user\'s analysis or an unknown id, and shares nothing', async () => {
    const rosa = await registerUser('rosa@example.org');
    const bob = await registerUser('bob@example.org');
    const id = await analysisOf(rosa);

    expect(await share.execute(bob, id)).toEqual(notFound);
    expect(await share.execute(rosa, '00000000-0000-4000-8000-999999999999')).toEqual(notFound);
    expect(await open.execute('token-1')).toEqual(noLongerShared);
    expect(await open.execute('token-2')).toEqual(noLongerShared);
  });
});

describe('GetSharedAnalysis', () => {
  it('opens the analysis for anyone with the token, with its findings and dates and nothing of its owner', async () => {
    const rosa = await registerUser('rosa@example.org');
    const id = await analysisOf(rosa);
    await share.execute(rosa, id);

    expect(await open.execute('token-1')).toEqual({
      ok: true,
      value: { analysisType: 'constitutional', createdAt: '2026-03-14T09:30:00.000Z', sharedAt: '2026-03-15T12:00:00.000Z', result },
    });
    const text = JSON.stringify(await open.execute('token-1'));
    for (const personal of [rosa, 'rosa@example.org', 'Rosa', 'rosa-garcia-eviction-notice', id]) expect(text).not.toContain(personal);
  });

  it('opens a shared comparison without the titles of its two versions, which are their file names', async () => {
    const rosa = await registerUser('rosa@example.org');
    const id = ids.next();
    const version = (title: string) => ({ title, pages: 3, ocrPages: [], language: null, documentKind: 'ordinance' });
    const comparison = {
      summary: 'The later version differs in 1 place: 1 date.', changes: [],
      metadata: { related: true, earlier: version('rosa-garcia-lease-2025'), later: version('rosa-garcia-lease-2026'), analyzer: 'embedded', model: null, processingTime: 900, warnings: [] },
    };
    await uow.run((r) => r.analyses.save({
      id, userId: rosa, createdAt: new Date('2026-03-14T09:30:00Z'), analysisType: 'comparison',
      document: { title: 'rosa-garcia-lease-2026', type: 'pdf' }, result: comparison,
    }));
    await share.execute(rosa, id);

    const opened = await open.execute('token-1');
    expect(opened).toMatchObject({ ok: true, value: { analysisType: 'comparison', result: { summary: comparison.summary, metadata: { earlier: { title: '', pages: 3 }, later: { title: '' } } } } });
    expect(JSON.stringify(opened)).not.toContain('rosa-garcia');
  });

  it('answers share.not_found for an unknown or empty token', async () => {
    expect(await open.execute('no-such-token')).toEqual(noLongerShared);
    expect(await open.execute('')).toEqual(noLongerShared);
  });

  it('answers share.not_found once the analysis is deleted', async () => {
    const rosa = await registerUser('rosa@example.org');
    const id = await analysisOf(rosa);
    await share.execute(rosa, id);
    await new DeleteAnalysis(uow).execute(rosa, id);
    expect(await open.execute('token-1')).toEqual(noLongerShared);
  });
});

describe('RevokeShareLink', () => {
  it('stops the link at once, is idempotent, and a new share makes a new link', async () => {
    const rosa = await registerUser('rosa@example.org');
    const id = await analysisOf(rosa);
    await share.execute(rosa, id);

    expect(await revoke.execute(rosa, id)).toEqual({ ok: true, value: undefined });
    expect(await open.execute('token-1')).toEqual(noLongerShared);
    expect(await revoke.execute(rosa, id)).toEqual({ ok: true, value: undefined });

    expect(await share.execute(rosa, id)).toMatchObject({ ok: true, value: { token: 'token-2' } });
    expect(await open.execute('token-1')).toEqual(noLongerShared);
    expect((await open.execute('token-2')).ok).toBe(true);
  });

  it('answers analysis.not_found for another user\'s analysis, and the owner\'s link keeps working', async () => {
    const rosa = await registerUser('rosa@example.org');
    const bob = await registerUser('bob@example.org');
    const id = await analysisOf(rosa);
    await share.execute(rosa, id);

    expect(await revoke.execute(bob, id)).toEqual(notFound);
    expect((await open.execute('token-1')).ok).toBe(true);
  });
});

function never(): never {
  throw new Error('unexpected failure');
}
