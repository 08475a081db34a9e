import { beforeEach, describe, expect, it } from 'vitest';
import { InMemoryUnitOfWork } from '../../testing/in-memory/in-memory-unit-of-work.ts';
import { registerSchema } from '../../contracts/auth.contract.ts';
import { isFinalProgress, type AnalysisProgressEvent } from '../../contracts/analysis-history.contract.ts';
import { analysisOptionsSchema } from '../../contracts/analyze.contract.ts';
import { domainError } from '../../shared/domain-error.ts';
import { err, ok } from '../../shared/result.ts';
import {
  FixedClock, FixedFactFinder, FixedLanguageDetector, FixedTextExtractor, FixedVersionComparer, SequentialIds, plainTextHasher,
  testMessages, testAccountLinks,
} from '../../testing/fakes.ts';
import { CompareVersions } from '../../comparison/compare-versions/compare-versions.use-case.ts';
import { RegisterUser } from '../../accounts/register-user/register-user.use-case.ts';
import type { DocumentAnalyzer } from '../document-analyzer.port.ts';
import type { ProgressHub } from '../progress-hub.port.ts';
import { AnalyzeDocument } from '../analyze-document/analyze-document.use-case.ts';
import { AbandonAnalysis } from '../abandon-analysis/abandon-analysis.use-case.ts';
import { documentTitle } from '../analysis-policy.ts';
import type { AnalysisJobState, AnalysisJobs, QueueStanding } from '../analysis-jobs.port.ts';
import { CancelAnalysis } from '../cancel-analysis/cancel-analysis.use-case.ts';
import { ProcessAnalysis } from '../process-analysis/process-analysis.use-case.ts';
import { SubmitAnalysis } from '../submit-analysis/submit-analysis.use-case.ts';
import { RunAnalysis } from './run-analysis.use-case.ts';
import { aDraft } from '../../testing/drafts.ts';

const TEXT = 'The Council levies a tax for the libraries. Residents may object at the hearing on June 3.';

const draft = aDraft({ summary: 'The Council levies a tax.', citations: [{ section: 'summary', index: 0, page: 1, quote: 'levies a tax' }] });

type AnalyzerBehaviour = 'works' | 'down' | 'throws' | 'throws once' | 'account deleted meanwhile' | 'cancelled meanwhile';
class FakeAnalyzer implements DocumentAnalyzer {
  readonly name = 'embedded' as const;
  behaviour: AnalyzerBehaviour = 'works';
  async analyze() {
    if (this.behaviour === 'throws') throw new Error('socket hang up');
    if (this.behaviour === 'throws once') {
      this.behaviour = 'works';
      throw new Error('socket hang up');
    }
    if (this.behaviour === 'down') return err(domainError('analyzer.unavailable', 'The analysis service is unavailable.'));
    if (this.behaviour === 'account deleted meanwhile') await uow.run((r) => r.users.delete(userId));
    if (this.behaviour === 'cancelled meanwhile') expect((await cancel.execute({ userId, progressId: 'p-1' })).ok).toBe(true);
    return ok({ draft, analyzer: this.name, model: null, promptVersion: null });
  }
}
const noPdfs = new FixedTextExtractor('corrupt');

class RecordingHub implements ProgressHub {
  events: AnalysisProgressEvent[] = [];
  publish(_key: unknown, event: AnalysisProgressEvent) {
    const last = this.events.at(-1);
    if (!last || !isFinalProgress(last)) this.events.push(event);
  }
  subscribe() {
    return () => {};
  }
  async hasRecent() {
    return this.events.length > 0;
  }
}

/**
 * The queue as the tests need it: `settled` plays the workers, taking each queued job and running its
 * attempts (at most `attempts`, as pg-boss's retry limit allows) until one answers, or answers `waiting`
 * or `abandoned` when a test says the workers never answer.
 */
class WorkingQueue implements AnalysisJobs {
  attempts = 3;
  answer: 'run' | 'never' | 'abandon' = 'run';
  /** Where the job stands at each ask, while no worker has taken it; it is taken once these run out. */
  standings: QueueStanding[] = [];
  async standing(): Promise<QueueStanding | null> {
    return this.standings[0] ?? null;
  }
  async settled(analysisId: string): Promise<AnalysisJobState> {
    if (this.standings.shift()) return { status: 'waiting' };
    const job = uow.state.analysisJobs.find((j) => j.analysisId === analysisId);
    if (!job) return { status: 'cancelled' };
    if (this.answer === 'never') return { status: 'waiting' };
    if (this.answer === 'abandon') {
      await abandon.execute(job);
      return { status: 'abandoned' };
    }
    for (let attempt = 1; ; attempt++) {
      try {
        return { status: 'settled', outcome: await processAnalysis.execute({ ...job, lastAttempt: attempt === this.attempts }) };
      } catch (error) {
        if (attempt === this.attempts) throw error;
      }
    }
  }
}

let uow: InMemoryUnitOfWork;
let analyzer: FakeAnalyzer;
let hub: RecordingHub;
let queue: WorkingQueue;
let submit: SubmitAnalysis;
let processAnalysis: ProcessAnalysis;
let abandon: AbandonAnalysis;
let run: RunAnalysis;
let cancel: CancelAnalysis;
let userId: string;

beforeEach(async () => {
  const clock = new FixedClock(new Date('2026-03-15T12:00:00Z'));
  uow = new InMemoryUnitOfWork({ clock });
  analyzer = new FakeAnalyzer();
  hub = new RecordingHub();
  queue = new WorkingQueue();
  const ids = new SequentialIds();
  submit = new SubmitAnalysis(uow, hub, ids, clock, noPdfs);
  const analyze = new AnalyzeDocument(noPdfs, uow, analyzer, clock, new FixedLanguageDetector(), new FixedFactFinder());
  const compare = new CompareVersions(noPdfs, new FixedVersionComparer(), new FixedLanguageDetector(), new FixedFactFinder(), clock);
  processAnalysis = new ProcessAnalysis(uow, analyze, compare, hub, clock, testMessages(clock));
  abandon = new AbandonAnalysis(uow, hub);
  run = new RunAnalysis(uow, submit, queue, hub);
  cancel = new CancelAnalysis(uow, hub);
  const registered = await new RegisterUser(uow, plainTextHasher, clock, ids, testMessages(clock), testAccountLinks(clock))
    .execute(registerSchema.parse({ firstName: 'Rosa', email: 'rosa@example.org', password: 'liberty1' }));
  userId = registered.ok ? registered.value.id : '';
});

const input = (fields: Record<string, string | undefined> = {}) => ({
  userId, source: { kind: 'text' as const, text: TEXT }, title: 'Levy', options: analysisOptionsSchema.parse(fields), progressId: 'p-1',
});
const analyse = (fields: Record<string, string | undefined> = {}) => run.execute(input(fields));
const ledger = async () => (await uow.run((r) => r.ledger.history(userId))).map((row) => [row.reason, row.delta, row.reference]);
const creditsLeft = async () => (await uow.run((r) => r.users.findById(userId)))?.credits;
const pending = () => uow.run((r) => r.pendingAnalyses.list());

describe('SubmitAnalysis', () => {
  it('takes one credit and queues a job of ids, the document waiting in the pending row', async () => {
    const submitted = await submit.execute(input());
    const id = submitted.ok ? submitted.value.id : '';
    expect(await ledger()).toEqual([['signup_grant', 1, userId], ['analysis_debit', -1, id]]);
    expect(uow.state.analysisJobs).toEqual([{ analysisId: id, userId }]);
    expect(await pending()).toEqual([expect.objectContaining({
      id, userId, progressId: 'p-1', title: 'Levy', source: { kind: 'text', text: TEXT }, options: { analysisType: 'constitutional', country: 'US' },
    })]);
    expect(hub.events).toEqual([{ stage: 'queued' }]);
  });

  it('queues nothing and writes nothing without a credit', async () => {
    expect((await submit.execute(input())).ok).toBe(true);
    const second = await submit.execute(input());
    expect(!second.ok && second.error.code).toBe('credits.insufficient');
    expect(uow.state.analysisJobs).toHaveLength(1);
    expect(await pending()).toHaveLength(1);
  });

  it('refuses a Citizen\'s state and custom analysis before taking the credit', async () => {
    for (const fields of [{ state: 'IL' }, { analysisType: 'custom', customPrompt: 'Spending' }]) {
      const result = await submit.execute(input(fields));
      expect(!result.ok && result.error.code).toBe('tier.feature_unavailable');
    }
    expect(await ledger()).toEqual([['signup_grant', 1, userId]]);
    expect(uow.state.analysisJobs).toEqual([]);
  });

  it('refuses a non-PDF by its bytes before taking the credit', async () => {
    const result = await submit.execute({
      userId, source: { kind: 'pdf', bytes: new TextEncoder().encode('GIF89a not a pdf') }, title: 'x', options: analysisOptionsSchema.parse({}),
    });
    expect(!result.ok && result.error.code).toBe('document.not_pdf');
    expect(await ledger()).toEqual([['signup_grant', 1, userId]]);
  });

  it('opens a PDF before taking the credit, and refuses one that cannot be read with the reader\'s own message', async () => {
    // noPdfs refuses every PDF as damaged when it opens it.
    const result = await submit.execute({ ...input(), source: { kind: 'pdf', bytes: new TextEncoder().encode('%PDF-1.7 damaged') } });
    expect(result).toEqual({ ok: false, error: { code: 'document.corrupt', message: 'This PDF could not be read.' } });
    expect(await ledger()).toEqual([['signup_grant', 1, userId]]);
    expect(uow.state.analysisJobs).toEqual([]);
    expect(hub.events.map((e) => e.stage)).toEqual(['failed']);
  });

  it('opens no PDF for a user without a credit: opening a scan counts its pages, which is work', async () => {
    expect((await submit.execute(input())).ok).toBe(true);
    const opened: Uint8Array[] = [];
    const clock = new FixedClock(new Date('2026-03-15T12:05:00Z'));
    const watched = new SubmitAnalysis(uow, hub, new SequentialIds(), clock, { extract: noPdfs.extract.bind(noPdfs), check: async (bytes) => (opened.push(bytes), noPdfs.check()) });
    const result = await watched.execute({ ...input(), source: { kind: 'pdf', bytes: new TextEncoder().encode('%PDF-1.7 a scan') } });
    expect(!result.ok && result.error.code).toBe('credits.insufficient');
    expect(opened).toEqual([]);
  });
});

describe('RunAnalysis', () => {
  it('answers the analysis a worker stored under the debit\'s reference, with each stage reported', async () => {
    const result = await analyse();
    expect(result.ok).toBe(true);
    const id = result.ok ? result.value.id : '';
    expect(result.ok && result.value.result.summary).toBe('The Council levies a tax.');
    expect(await ledger()).toEqual([['signup_grant', 1, userId], ['analysis_debit', -1, id]]);
    expect(await uow.run((r) => r.analyses.get(userId, id))).toMatchObject({ document: { title: 'Levy', type: 'text' }, language: 'en' });
    expect(await pending()).toEqual([]);
    expect(hub.events.map((e) => e.stage)).toEqual(['queued', 'extracting', 'analysing', 'checking_citations', 'done']);
  });

  it('keeps nothing, and says why, when the account is deleted while its analysis runs', async () => {
    analyzer.behaviour = 'account deleted meanwhile';
    const result = await analyse();
    expect(result).toEqual({ ok: false, error: { code: 'auth.unauthorized', message: 'This account was deleted while the analysis ran, so nothing was saved.' } });
    expect(await uow.run((r) => r.analyses.count(userId))).toBe(0);
    expect(await pending()).toEqual([]);
    expect(await ledger()).toEqual([]);
  });

  it('gives the credit back, once, when the analyzer is unavailable', async () => {
    analyzer.behaviour = 'down';
    const result = await analyse();
    expect(!result.ok && result.error.code).toBe('analyzer.unavailable');
    const rows = await ledger();
    expect(rows.map(([reason, delta]) => [reason, delta])).toEqual([['signup_grant', 1], ['analysis_debit', -1], ['analysis_refund', 1]]);
    expect(rows[2]![2]).toBe(rows[1]![2]);
    expect(hub.events.at(-1)).toEqual({ stage: 'failed', message: 'The analysis service is unavailable.' });
    expect(await pending()).toEqual([]);
  });

  it('retries an attempt that throws, keeping the credit taken, and stores the analysis once', async () => {
    analyzer.behaviour = 'throws once';
    const result = await analyse();
    expect(result.ok).toBe(true);
    expect((await ledger()).map(([reason]) => reason)).toEqual(['signup_grant', 'analysis_debit']);
    expect(await uow.run((r) => r.analyses.count(userId))).toBe(1);
  });

  it('gives the credit back when the last attempt throws too', async () => {
    analyzer.behaviour = 'throws';
    const result = await analyse();
    expect(result).toEqual({ ok: false, error: { code: 'analysis.failed', message: 'The analysis could not be completed. Your credit has been returned.' } });
    expect((await ledger()).map(([reason]) => reason)).toEqual(['signup_grant', 'analysis_debit', 'analysis_refund']);
    expect(hub.events.at(-1)).toEqual({ stage: 'failed', message: 'The analysis could not be completed. Your credit has been returned.' });
    expect(await pending()).toEqual([]);
  });

  it('answers analysis.failed for a job whose workers all died, its credit returned by AbandonAnalysis', async () => {
    queue.answer = 'abandon';
    const result = await analyse();
    expect(!result.ok && result.error.code).toBe('analysis.failed');
    expect(await creditsLeft()).toBe(1);
    expect(await pending()).toEqual([]);
  });

  it('stops waiting with analysis.still_running, leaving the credit with the job', async () => {
    queue.answer = 'never';
    const result = await analyse();
    expect(!result.ok && result.error.code).toBe('analysis.still_running');
    expect(await creditsLeft()).toBe(0);
    expect(await pending()).toHaveLength(1);
  });
});

describe('RunAnalysis: waiting in the queue', () => {
  it('tells the analysis\'s place in the queue and its estimated wait as they change, then its progress', async () => {
    const standing = (ahead: number): QueueStanding => ({ ahead, running: 1, recentRunSeconds: [40, 20, 30] });
    queue.standings = [standing(2), standing(2), standing(1), standing(0)];
    expect((await analyse()).ok).toBe(true);
    expect(hub.events.slice(0, 4)).toEqual([
      { stage: 'queued' },
      { stage: 'queued', ahead: 2, estimatedSeconds: 75 },
      { stage: 'queued', ahead: 1, estimatedSeconds: 45 },
      { stage: 'queued', ahead: 0, estimatedSeconds: 15 },
    ]);
    expect(hub.events.at(-1)).toEqual({ stage: 'done' });
  });

  it('tells no estimate before any analysis has run', async () => {
    queue.standings = [{ ahead: 3, running: 1, recentRunSeconds: [] }];
    expect((await analyse()).ok).toBe(true);
    expect(hub.events[1]).toEqual({ stage: 'queued', ahead: 3 });
  });
});

describe('CancelAnalysis', () => {
  it('gives a queued analysis\'s credit back, drops its document and its job, and tells whoever waits', async () => {
    const submitted = await submit.execute(input());
    const id = submitted.ok ? submitted.value.id : '';
    const job = uow.state.analysisJobs[0]!;
    expect(await cancel.execute({ userId, progressId: 'p-1' })).toEqual({ ok: true, value: true });
    expect(await ledger()).toEqual([['signup_grant', 1, userId], ['analysis_debit', -1, id], ['analysis_refund', 1, id]]);
    expect(await pending()).toEqual([]);
    expect(uow.state.analysisJobs).toEqual([]);
    expect(hub.events.at(-1)).toEqual({ stage: 'cancelled', message: 'Analysis cancelled. Your credit has been returned.' });
    // A worker that took the job just before: nothing is stored, refunded again or told.
    const told = hub.events.length;
    expect(await processAnalysis.execute({ ...job, lastAttempt: true })).toMatchObject({ stored: false, error: { code: 'analysis.failed' } });
    expect(await uow.run((r) => r.analyses.count(userId))).toBe(0);
    expect(await creditsLeft()).toBe(1);
    expect(hub.events).toHaveLength(told);
  });

  it('answers not found, changing nothing, for an analysis that ended, and for someone else\'s', async () => {
    expect((await analyse()).ok).toBe(true);
    expect(await cancel.execute({ userId, progressId: 'p-1' })).toEqual({
      ok: false, error: { code: 'analysis.not_found', message: 'This analysis has already ended.' },
    });
    await uow.run((r) => r.ledger.post({ userId, delta: 1, reason: 'admin_adjustment', reference: 'more' }));
    await submit.execute(input());
    expect((await cancel.execute({ userId: 'someone-else', progressId: 'p-1' })).ok).toBe(false);
    expect(await pending()).toHaveLength(1);
  });

  it('stores nothing of an analysis cancelled while it ran, and the waiting request says it was cancelled', async () => {
    analyzer.behaviour = 'cancelled meanwhile';
    const result = await analyse();
    expect(result).toEqual({ ok: false, error: { code: 'analysis.cancelled', message: 'Analysis cancelled. Your credit has been returned.' } });
    expect(await uow.run((r) => r.analyses.count(userId))).toBe(0);
    expect((await ledger()).map(([reason]) => reason)).toEqual(['signup_grant', 'analysis_debit', 'analysis_refund']);
    expect(hub.events.at(-1)).toEqual({ stage: 'cancelled', message: 'Analysis cancelled. Your credit has been returned.' });
  });

  it('stops an attempt whose signal aborts: quietly when cancelled, handing the job back when its worker stops', async () => {
    analyzer.behaviour = 'throws';
    await submit.execute(input());
    const job = uow.state.analysisJobs[0]!;
    const stopped = AbortSignal.abort();
    // The worker is stopping: the row is still there, so the job goes back for a retry.
    await expect(processAnalysis.execute({ ...job, lastAttempt: false, signal: stopped })).rejects.toThrow();
    await cancel.execute({ userId, progressId: 'p-1' });
    const told = hub.events.length;
    expect(await processAnalysis.execute({ ...job, lastAttempt: true, signal: stopped })).toMatchObject({ stored: false });
    expect(hub.events).toHaveLength(told);
    expect((await ledger()).map(([reason]) => reason)).toEqual(['signup_grant', 'analysis_debit', 'analysis_refund']);
  });
});

describe('ProcessAnalysis and AbandonAnalysis: a job run more than once', () => {
  it('settles an analysis once, however often its job is run or abandoned afterwards', async () => {
    const submitted = await submit.execute(input());
    const job = uow.state.analysisJobs[0]!;
    expect(await processAnalysis.execute({ ...job, lastAttempt: false })).toEqual({ stored: true });
    // A retry of a job whose worker died after storing, then a stray dead letter: nothing more happens.
    expect(await processAnalysis.execute({ ...job, lastAttempt: true })).toEqual({ stored: true });
    expect(await abandon.execute(job)).toBe(false);
    expect(await uow.run((r) => r.analyses.count(userId))).toBe(1);
    expect(await ledger()).toEqual([['signup_grant', 1, userId], ['analysis_debit', -1, submitted.ok ? submitted.value.id : '']]);
  });

  it('refunds an abandoned analysis once, and a later attempt finds it settled as failed', async () => {
    await submit.execute(input());
    const job = uow.state.analysisJobs[0]!;
    expect(await abandon.execute(job)).toBe(true);
    expect(await abandon.execute(job)).toBe(false);
    expect(await processAnalysis.execute({ ...job, lastAttempt: false })).toEqual({
      stored: false, error: { code: 'analysis.failed', message: 'The analysis could not be completed. Your credit has been returned.' },
    });
    expect((await ledger()).map(([reason]) => reason)).toEqual(['signup_grant', 'analysis_debit', 'analysis_refund']);
    expect(await creditsLeft()).toBe(1);
  });
});

describe('RunAnalysis: the analysis-complete e-mail', () => {
  const notices = async () => (await uow.run((r) => r.outbox.list({ offset: 0, limit: 100 }))).messages.filter((m) => m.kind === 'analysis_complete');

  it('goes into the outbox with the stored analysis, naming the document, for a user who wants analysis notices', async () => {
    // The title is shown only to a verified address (message-composer.ts): she has opened her welcome e-mail's link.
    await uow.run(({ users }) => users.markEmailVerified(userId, new Date('2026-03-15T12:00:00Z')));
    expect((await analyse()).ok).toBe(true);
    const [notice, ...more] = await notices();
    expect(more).toEqual([]);
    expect(notice).toMatchObject({ userId, to: 'rosa@example.org', subject: 'Your CivicWatch analysis is ready: "Levy"', sentAt: null });
    expect(notice!.text).toContain('Your analysis of the document titled "Levy" is complete.');
    expect(notice!.text).toContain('https://civicwatch.test/history');
    expect(notice!.text).toContain(`https://civicwatch.test/unsubscribe?token=unsubscribe.${userId}`);
  });

  it('is not written for a user who turned analysis notices off, nor for a failed analysis', async () => {
    analyzer.behaviour = 'down';
    expect((await analyse()).ok).toBe(false);
    expect(await notices()).toEqual([]);

    analyzer.behaviour = 'works';
    await uow.run(async ({ users }) => {
      const user = (await users.findById(userId))!;
      await users.updateProfile({ ...user, emailPreferences: { productUpdates: true, analysisNotices: false, receipts: true } });
    });
    expect((await analyse()).ok).toBe(true);
    expect(await notices()).toEqual([]);
  });
});

describe('documentTitle', () => {
  it('takes the typed title, else the file name without .pdf, else the spec\'s defaults', () => {
    expect(documentTitle({ kind: 'pdf', title: '  Levy  ', fileName: 'a.pdf' })).toBe('Levy');
    expect(documentTitle({ kind: 'pdf', fileName: 'Budget 2024.PDF' })).toBe('Budget 2024');
    expect(documentTitle({ kind: 'pdf', fileName: '' })).toBe('Government Document');
    expect(documentTitle({ kind: 'text' })).toBe('Text Document');
  });
});

describe('RunAnalysis of two versions', () => {
  const EARLIER = 'The Council levies a tax of .02% for the libraries. Residents may object at the hearing on June 3.';
  const versions = (overrides: Partial<{ earlier: string; later: string }> = {}) => ({
    userId,
    source: { kind: 'text' as const, text: overrides.later ?? TEXT },
    title: 'Levy as adopted',
    options: { analysisType: 'comparison' as const },
    earlier: { title: 'Draft levy', source: { kind: 'text' as const, text: overrides.earlier ?? EARLIER } },
    progressId: 'p-2',
  });
  const onTier = (tierId: 'citizen' | 'patriot') => uow.run((r) => r.users.updateTier(userId, tierId));

  it('refuses a Citizen with the upgrade message before taking the credit', async () => {
    const result = await run.execute(versions());
    expect(result).toEqual({ ok: false, error: { code: 'tier.feature_unavailable', message: 'Comparing versions is available for paying subscribers' } });
    expect(await ledger()).toEqual([['signup_grant', 1, userId]]);
    expect(uow.state.analysisJobs).toEqual([]);
  });

  it('compares both versions for one credit and keeps the comparison in the history, the documents gone', async () => {
    await onTier('patriot');
    const result = await run.execute(versions());
    expect(result.ok).toBe(true);
    const id = result.ok ? result.value.id : '';
    expect(result.ok && result.value.result.metadata).toMatchObject({
      related: true,
      earlier: { title: 'Draft levy', pages: 1 },
      later: { title: 'Levy as adopted', pages: 1 },
    });
    expect(await ledger()).toEqual([['signup_grant', 1, userId], ['analysis_debit', -1, id]]);
    expect(await uow.run((r) => r.analyses.get(userId, id))).toMatchObject({ analysisType: 'comparison', document: { title: 'Levy as adopted', type: 'text' } });
    expect(await pending()).toEqual([]);
    expect(hub.events.map((e) => e.stage)).toEqual(['queued', 'extracting', 'extracting', 'comparing', 'checking_citations', 'done']);
    expect(hub.events.filter((e) => e.stage === 'extracting')).toEqual([
      { stage: 'extracting', page: 1, pages: 1, version: 'earlier' },
      { stage: 'extracting', page: 1, pages: 1, version: 'later' },
    ]);
  });

  it('names the version it refuses, and takes no credit for it', async () => {
    await onTier('patriot');
    const result = await run.execute({ ...versions(), source: { kind: 'pdf', bytes: new TextEncoder().encode('GIF89a') } });
    expect(result).toEqual({ ok: false, error: { code: 'document.not_pdf', message: 'Later version: Only PDF files are accepted.' } });
    const short = await run.execute(versions({ earlier: 'Too short.' }));
    expect(!short.ok && short.error.message).toBe('Earlier version: The document needs at least 50 characters of text to analyse.');
    const damaged = await run.execute({ ...versions(), source: { kind: 'pdf', bytes: new TextEncoder().encode('%PDF-1.4 damaged') } });
    expect(damaged).toEqual({ ok: false, error: { code: 'document.corrupt', message: 'Later version: This PDF could not be read.' } });
    expect(await ledger()).toEqual([['signup_grant', 1, userId]]);
  });
});
