import { beforeEach, describe, expect, it } from 'vitest';
import { InMemoryUnitOfWork } from '@civicwatch/adapters/persistence/in-memory/in-memory-unit-of-work.ts';
import { registerSchema } from '../../contracts/auth.contract.ts';
import type { AnalysisProgressEvent } from '../../contracts/analysis-history.contract.ts';
import { analysisOptionsSchema } from '../../contracts/analyze.contract.ts';
import { domainError } from '../../shared/domain-error.ts';
import { err, ok } from '../../shared/result.ts';
import { FixedClock, FixedLanguageDetector, SequentialIds, plainTextHasher, testMessages, testAccountLinks } from '../../testing/fakes.ts';
import { AdminPolicy } from '../../accounts/admin-policy.ts';
import { RegisterUser } from '../../accounts/register-user/register-user.use-case.ts';
import type { DocumentAnalyzer } from '../document-analyzer.port.ts';
import type { TextExtractor } from '../text-extractor.port.ts';
import type { ProgressHub } from '../progress-hub.port.ts';
import { AnalyzeDocument } from '../analyze-document/analyze-document.use-case.ts';
import { RecoverInterruptedAnalyses } from '../recover-interrupted-analyses/recover-interrupted-analyses.use-case.ts';
import { RunAnalysis, documentTitle } from './run-analysis.use-case.ts';

const TEXT = 'The Council levies a tax for the libraries. Residents may object at the hearing on June 3.';

const draft = {
  summary: 'The Council levies a tax.', keyInsights: [], constitutionalIssues: [], citizenAction: [], legalRisks: [],
  sentiment: { rating: 3, confidence: 0.5 }, citations: [{ section: 'summary' as const, index: 0, page: 1, quote: 'levies a tax' }],
};

type AnalyzerBehaviour = 'works' | 'down' | 'throws' | 'account deleted meanwhile';
class FakeAnalyzer implements DocumentAnalyzer {
  readonly name = 'embedded' as const;
  behaviour: AnalyzerBehaviour = 'works';
  async analyze() {
    if (this.behaviour === 'throws') throw new Error('socket hang up');
    if (this.behaviour === 'down') return err(domainError('analyzer.unavailable', 'The analysis service is unavailable.'));
    if (this.behaviour === 'account deleted meanwhile') await uow.run((r) => r.users.delete(userId));
    return ok({ draft, analyzer: this.name, model: null, promptVersion: null });
  }
}
const noPdfs: TextExtractor = { extract: async () => err(domainError('document.corrupt', 'unreadable')) };

class RecordingHub implements ProgressHub {
  events: AnalysisProgressEvent[] = [];
  publish(_key: unknown, event: AnalysisProgressEvent) {
    this.events.push(event);
  }
  subscribe() {
    return () => {};
  }
}

let uow: InMemoryUnitOfWork;
let analyzer: FakeAnalyzer;
let hub: RecordingHub;
let run: RunAnalysis;
let userId: string;

beforeEach(async () => {
  const clock = new FixedClock(new Date('2026-03-15T12:00:00Z'));
  uow = new InMemoryUnitOfWork({ clock });
  analyzer = new FakeAnalyzer();
  hub = new RecordingHub();
  const ids = new SequentialIds();
  run = new RunAnalysis(uow, new AnalyzeDocument(noPdfs, uow, analyzer, clock, new FixedLanguageDetector()), hub, ids, clock, testMessages(clock));
  const registered = await new RegisterUser(uow, plainTextHasher, new AdminPolicy([]), clock, ids, testMessages(clock), testAccountLinks(clock))
    .execute(registerSchema.parse({ firstName: 'Rosa', email: 'rosa@example.org', password: 'liberty1' }));
  userId = registered.ok ? registered.value.id : '';
});

const analyse = (fields: Record<string, string | undefined> = {}) => run.execute({
  userId, source: { kind: 'text', text: TEXT }, title: 'Levy', options: analysisOptionsSchema.parse(fields), progressId: 'p-1',
});
const ledger = async () => (await uow.run((r) => r.ledger.history(userId))).map((row) => [row.reason, row.delta, row.reference]);

describe('RunAnalysis', () => {
  it('keeps nothing, and says why, when the account is deleted while its analysis runs', async () => {
    analyzer.behaviour = 'account deleted meanwhile';
    const result = await analyse();
    expect(result).toEqual({ ok: false, error: { code: 'auth.unauthorized', message: 'This account was deleted while the analysis ran, so nothing was saved.' } });
    expect(await uow.run((r) => r.analyses.count(userId))).toBe(0);
    expect(await uow.run((r) => r.pendingAnalyses.list())).toEqual([]);
    expect(await ledger()).toEqual([]);
  });

  it('takes one credit, stores the analysis under the debit\'s reference and reports each stage', async () => {
    const result = await analyse();
    expect(result.ok).toBe(true);
    const id = result.ok ? result.value.id : '';
    expect(await ledger()).toEqual([['signup_grant', 1, userId], ['analysis_debit', -1, id]]);
    expect(await uow.run((r) => r.analyses.get(userId, id))).toMatchObject({ document: { title: 'Levy', type: 'text' }, language: 'en' });
    expect(await uow.run((r) => r.pendingAnalyses.list())).toEqual([]);
    expect(hub.events.map((e) => e.stage)).toEqual(['queued', 'extracting', 'analysing', 'checking_citations', 'done']);
  });

  it('gives the credit back when the analyzer is unavailable', async () => {
    analyzer.behaviour = 'down';
    const result = await analyse();
    expect(!result.ok && result.error.code).toBe('analyzer.unavailable');
    const rows = await ledger();
    expect(rows.map(([reason, delta]) => [reason, delta])).toEqual([['signup_grant', 1], ['analysis_debit', -1], ['analysis_refund', 1]]);
    expect(rows[2]![2]).toBe(rows[1]![2]);
    expect(hub.events.at(-1)).toEqual({ stage: 'failed', message: 'The analysis service is unavailable.' });
    expect(await uow.run((r) => r.pendingAnalyses.list())).toEqual([]);
  });

  it('gives the credit back when the analysis throws, and rethrows', async () => {
    analyzer.behaviour = 'throws';
    await expect(analyse()).rejects.toThrow('socket hang up');
    expect((await uow.run((r) => r.users.findById(userId)))?.credits).toBe(1);
    expect(hub.events.at(-1)).toEqual({ stage: 'failed', message: 'The analysis could not be completed. Your credit has been returned.' });
    expect(await uow.run((r) => r.pendingAnalyses.list())).toEqual([]);
  });

  it('refuses a Citizen\'s state and custom analysis before taking the credit', async () => {
    for (const fields of [{ state: 'IL' }, { analysisType: 'custom', customPrompt: 'Spending' }]) {
      const result = await analyse(fields);
      expect(!result.ok && result.error.code).toBe('tier.feature_unavailable');
    }
    expect(await ledger()).toEqual([['signup_grant', 1, userId]]);
  });

  it('refuses a non-PDF by its bytes before taking the credit', async () => {
    const result = await run.execute({
      userId, source: { kind: 'pdf', bytes: new TextEncoder().encode('GIF89a not a pdf') }, title: 'x', options: analysisOptionsSchema.parse({}),
    });
    expect(!result.ok && result.error.code).toBe('document.not_pdf');
    expect(await ledger()).toEqual([['signup_grant', 1, userId]]);
  });
});

describe('RunAnalysis: the analysis-complete e-mail', () => {
  const notices = async () => (await uow.run((r) => r.outbox.list({ offset: 0, limit: 100 }))).messages.filter((m) => m.kind === 'analysis_complete');

  it('goes into the outbox with the stored analysis, naming the document, for a user who wants analysis notices', async () => {
    expect((await analyse()).ok).toBe(true);
    const [notice, ...more] = await notices();
    expect(more).toEqual([]);
    expect(notice).toMatchObject({ userId, to: 'rosa@example.org', subject: 'Your CivicWatch analysis is ready: Levy', sentAt: null });
    expect(notice!.text).toContain('Your analysis of "Levy" is complete.');
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

describe('RecoverInterruptedAnalyses', () => {
  it('refunds every analysis a dead process left pending, once', async () => {
    const id = '11111111-1111-4111-8111-111111111111';
    await uow.run(async (r) => {
      await r.ledger.post({ userId, delta: -1, reason: 'analysis_debit', reference: id });
      await r.pendingAnalyses.insert({ id, userId, createdAt: new Date() });
    });
    const recover = new RecoverInterruptedAnalyses(uow);
    expect(await recover.execute()).toBe(1);
    expect(await recover.execute()).toBe(0);
    expect(await ledger()).toEqual([['signup_grant', 1, userId], ['analysis_debit', -1, id], ['analysis_refund', 1, id]]);
    expect((await uow.run((r) => r.users.findById(userId)))?.credits).toBe(1);
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
