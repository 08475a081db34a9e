import { describe, expect, it } from 'vitest';
import { analysisResultSchema, type AnalyzerDraft, type AnalyzerName } from '../../contracts/analysis-result.contract.ts';
import type { Clock } from '../../shared/clock.port.ts';
import { domainError } from '../../shared/domain-error.ts';
import { err, ok } from '../../shared/result.ts';
import type { Repositories, UnitOfWork } from '../../shared/unit-of-work.port.ts';
import type { SettingKey } from '../../contracts/prompt-settings.ts';
import type { SettingRepository } from '../../settings/setting-repository.port.ts';
import type { AnalysisRequest, DocumentAnalyzer } from '../document-analyzer.port.ts';
import type { DocumentUnderstanding } from '../fact-finder.port.ts';
import type { ExtractedPage } from '../text-extractor.port.ts';
import type { DocumentLanguage } from '../../contracts/analysis-result.contract.ts';
import { aDraft } from '../../testing/drafts.ts';
import { FixedFactFinder, FixedLanguageDetector, FixedTextExtractor } from '../../testing/fakes.ts';
import { AnalyzeDocument, type AnalysisProgress, type AnalyzeDocumentInput } from './analyze-document.use-case.ts';

// Small fakes behind the ports: only what this use case touches.

class FakeSettings implements SettingRepository {
  constructor(private readonly values: Partial<Record<SettingKey, string>> = {}) {}
  async get(key: SettingKey) {
    return this.values[key] ?? null;
  }
  async list() {
    return Object.entries(this.values).map(([key, value]) => ({ key: key as SettingKey, value: value ?? '' }));
  }
  async set(key: SettingKey, value: string) {
    this.values[key] = value;
  }
}

const unitOfWork = (settings: SettingRepository): UnitOfWork => ({
  run: (work) => work({ settings } as Repositories),
  read: (work) => work({ settings } as Repositories),
});

const draft = (overrides: Partial<AnalyzerDraft> = {}): AnalyzerDraft => aDraft({
  summary: 'The Board levies a tax.',
  keyInsights: ['A tax of $0.10 is levied.'],
  citizenAction: ['Attend the hearing on June 3.'],
  sentiment: { rating: 2, confidence: 0.6 },
  citations: [
    { section: 'summary', index: 0, page: 1, quote: 'the Board shall levy a tax' },
    { section: 'keyInsights', index: 0, page: 2, quote: 'a tax of $0.10 per $100' },
    { section: 'citizenAction', index: 0, page: 2, quote: 'a hearing that nobody announced' },
    { section: 'citizenAction', index: 0, page: 9, quote: 'page nine does not exist' },
  ],
  ...overrides,
});

class FakeAnalyzer implements DocumentAnalyzer {
  requests: AnalysisRequest[] = [];
  constructor(
    private readonly output: AnalyzerDraft | 'down' = draft(),
    private readonly warnings?: string[],
    readonly name: AnalyzerName = 'embedded',
  ) {}
  async analyze(request: AnalysisRequest, options?: { onPart?: (part: number, parts: number) => void }) {
    this.requests.push(request);
    // As a language model reads a document of two parts.
    options?.onPart?.(1, 2);
    options?.onPart?.(2, 2);
    if (this.output === 'down') return err(domainError('analyzer.unavailable', 'The analysis service is unavailable.'));
    return ok({ draft: this.output, analyzer: this.name, model: 'fake-1', promptVersion: 'abc123', warnings: this.warnings });
  }
}

/** Advances 250 ms on every reading, so processing time is known. */
const steppingClock = (): Clock => {
  let t = Date.UTC(2025, 0, 1);
  return { now: () => new Date((t += 250)) };
};

const pdfPages: ExtractedPage[] = [
  { number: 1, text: 'ORDINANCE 20-21-02. Now therefore the Board shall levy a tax for building maintenance.', ocr: false },
  { number: 2, text: 'SECTION 2. There is levied a tax of $0.10 per $100 of equalized\nassessed value.', ocr: true },
];

const input = (overrides: Partial<AnalyzeDocumentInput> = {}): AnalyzeDocumentInput => ({
  source: { kind: 'pdf', bytes: new Uint8Array([0x25, 0x50, 0x44, 0x46]) },
  title: 'Levy ordinance',
  analysisType: 'constitutional',
  jurisdiction: { country: 'US', state: 'IL' },
  customFocus: null,
  paidTier: true,
  ...overrides,
});

const english: DocumentLanguage = { code: 'en', name: 'English' };
const spanish: DocumentLanguage = { code: 'es', name: 'Spanish' };

const setUp = (opts: {
  pages?: ExtractedPage[] | 'corrupt';
  /** What the extractor says about its reading of `pages`. */
  readingWarnings?: string[];
  analyzer?: FakeAnalyzer;
  settings?: Partial<Record<SettingKey, string>>;
  language?: DocumentLanguage | null;
  understanding?: DocumentUnderstanding;
} = {}) => {
  const analyzer = opts.analyzer ?? new FakeAnalyzer();
  const languages = new FixedLanguageDetector(opts.language === undefined ? english : opts.language);
  const facts = new FixedFactFinder(opts.understanding);
  const useCase = new AnalyzeDocument(
    new FixedTextExtractor(opts.pages === 'corrupt' ? 'corrupt' : { pages: opts.pages ?? pdfPages, warnings: opts.readingWarnings ?? [] }),
    unitOfWork(new FakeSettings(opts.settings ?? { paid_user_prompt: 'Check for {{STATE}}, {{COUNTRY}}.', free_user_prompt: 'Federal check.', summary_prompt: 'Summarise.' })),
    analyzer,
    steppingClock(),
    languages,
    facts,
  );
  return { useCase, analyzer, languages };
};

describe('AnalyzeDocument', () => {
  it('returns a schema-valid result with metadata and grounded citations', async () => {
    const { useCase } = setUp();
    const result = await useCase.execute(input());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(analysisResultSchema.safeParse(result.value).success).toBe(true);
    expect(result.value.metadata).toEqual({
      wordCount: 28,
      processingTime: 250,
      pages: 2,
      ocrPages: [2],
      analyzer: 'embedded',
      model: 'fake-1',
      promptVersion: 'abc123',
      language: english,
      warnings: [],
      documentKind: null,
    });
    expect(result.value.citations).toEqual([
      { section: 'summary', index: 0, page: 1, quote: 'the Board shall levy a tax', verified: true },
      { section: 'keyInsights', index: 0, page: 2, quote: 'a tax of $0.10 per $100', verified: true },
      { section: 'citizenAction', index: 0, page: 2, quote: 'a hearing that nobody announced', verified: false },
    ]);
  });

  it('reports its stages in order, passing on the extractor\'s pages and the analyzer\'s parts', async () => {
    const { useCase } = setUp();
    const stages: AnalysisProgress[] = [];
    await useCase.execute(input({ onProgress: (p) => stages.push(p) }));
    expect(stages).toEqual([
      { stage: 'extracting', page: 1, pages: 2 },
      { stage: 'ocr', page: 2, pages: 2 },
      { stage: 'analysing' },
      { stage: 'analysing', part: 1, parts: 2 },
      { stage: 'analysing', part: 2, parts: 2 },
      { stage: 'checking_citations' },
    ]);
  });

  it('analyses pasted text as one page', async () => {
    const { useCase, analyzer } = setUp();
    const text = 'The City Council will hold a public hearing on the budget on June 3, 2021.';
    const result = await useCase.execute(input({ source: { kind: 'text', text } }));
    expect(analyzer.requests[0]?.pages).toEqual([{ number: 1, text, ocr: false }]);
    expect(result.ok && result.value.metadata.pages).toBe(1);
  });

  it('refuses text shorter than 50 characters without calling the analyzer', async () => {
    const { useCase, analyzer } = setUp();
    const result = await useCase.execute(input({ source: { kind: 'text', text: '   Too short to say anything useful.   ' } }));
    expect(result).toMatchObject({ ok: false, error: { code: 'document.too_short' } });
    expect(analyzer.requests).toHaveLength(0);
  });

  it('passes extraction and analyzer failures on unchanged', async () => {
    expect(await setUp({ pages: 'corrupt' }).useCase.execute(input())).toMatchObject({ ok: false, error: { code: 'document.corrupt' } });
    expect(await setUp({ analyzer: new FakeAnalyzer('down') }).useCase.execute(input())).toMatchObject({
      ok: false,
      error: { code: 'analyzer.unavailable' },
    });
  });

  it('gives the analyzer the paid prompt with the state name, or the free prompt for Citizen', async () => {
    const paid = setUp();
    await paid.useCase.execute(input());
    expect(paid.analyzer.requests[0]?.prompt).toBe('Check for Illinois, United States.');

    const free = setUp();
    await free.useCase.execute(input({ paidTier: false }));
    expect(free.analyzer.requests[0]?.prompt).toBe('Federal check.');

    const summary = setUp();
    await summary.useCase.execute(input({ analysisType: 'summary' }));
    expect(summary.analyzer.requests[0]?.prompt).toBe('Summarise.');
  });

  it('passes the custom focus only for custom analyses, delimited in the prompt', async () => {
    const custom = setUp();
    await custom.useCase.execute(input({ analysisType: 'custom', customFocus: 'library fees' }));
    expect(custom.analyzer.requests[0]?.customFocus).toBe('library fees');
    expect(custom.analyzer.requests[0]?.prompt).toContain('<<<CITIZEN_FOCUS>>>\nlibrary fees\n<<<END_CITIZEN_FOCUS>>>');

    const constitutional = setUp();
    await constitutional.useCase.execute(input({ customFocus: 'library fees' }));
    expect(constitutional.analyzer.requests[0]?.customFocus).toBeNull();
  });

  it('takes a missing prompt setting for a broken installation: the attempt throws, to be retried and then refunded', async () => {
    const { useCase, analyzer } = setUp({ settings: {} });
    await expect(useCase.execute(input())).rejects.toThrow('The paid_user_prompt setting is missing: run civicwatch migrate');
    expect(analyzer.requests).toEqual([]);
  });

  it('gives the analyzer the document\'s kind and its facts whose quote is on their page, and only those to the result', async () => {
    const understanding: DocumentUnderstanding = {
      kind: 'ordinance',
      date: '2020-06-17',
      facts: [
        { type: 'rate', statement: 'The Board levies a tax of $0.10 per $100 of assessed value.', quote: 'a tax of $0.10 per $100', page: 2 },
        { type: 'amount', statement: 'The levy raises $2 million.', quote: 'raises $2,000,000', page: 2 },
        { type: 'decision', statement: 'The Board levies a tax.', quote: 'the Board shall levy a tax', page: 9 },
      ],
    };
    const { useCase, analyzer } = setUp({ understanding });
    const result = await useCase.execute(input());
    // A language model is told the facts it is given are verified: they must be.
    expect(analyzer.requests[0]?.understanding).toEqual({ ...understanding, facts: [{ ...understanding.facts[0], verified: true }] });
    if (!result.ok) throw new Error(result.error.code);
    expect(result.value.metadata.documentKind).toBe('ordinance');
    expect(result.value.facts).toEqual([{ ...understanding.facts[0], verified: true }]);
  });

  it('detects the language of the extracted pages and gives it to the analyzer and the result', async () => {
    const { useCase, analyzer, languages } = setUp({ language: spanish });
    const result = await useCase.execute(input());
    expect(languages.texts).toEqual([pdfPages.map((p) => p.text).join('\n\n')]);
    expect(analyzer.requests[0]?.language).toEqual(spanish);
    expect(result.ok && result.value.metadata.language).toEqual(spanish);
  });

  it('tells the model the language of a document that is not in English, after the administrator\'s prompt', async () => {
    const { useCase, analyzer } = setUp({ language: spanish });
    await useCase.execute(input());
    expect(analyzer.requests[0]?.prompt).toBe(
      'Check for Illinois, United States.\n\nThe document is written in Spanish. Write your analysis in English, and copy each ' +
        'quote exactly as it appears in the document, in Spanish, without translating it.',
    );
  });

  it('adds nothing to the prompt for an English document or an undetermined language, and records undetermined as null', async () => {
    const inEnglish = setUp();
    await inEnglish.useCase.execute(input());
    expect(inEnglish.analyzer.requests[0]?.prompt).toBe('Check for Illinois, United States.');

    const unknown = setUp({ language: null });
    const result = await unknown.useCase.execute(input());
    expect(unknown.analyzer.requests[0]?.prompt).toBe('Check for Illinois, United States.');
    expect(result.ok && result.value.metadata.language).toBeNull();
  });

  it('passes the analyzer\'s warnings on to the result for the reader', async () => {
    const warning = 'This document appears to be in Spanish.';
    const { useCase } = setUp({ language: spanish, analyzer: new FakeAnalyzer(draft(), [warning]) });
    const result = await useCase.execute(input());
    expect(result.ok && result.value.metadata.warnings).toEqual([warning]);
  });

  it('looks for every figure of a language model in the document, and flags on its point and in the warnings one it lacks', async () => {
    const invented = draft({
      keyInsights: ['A tax of $0.10 per $100 raises $2,000,000 a year.'],
      citations: [
        { section: 'keyInsights', index: 0, page: 2, quote: 'a tax of $0.10 per $100' },
        { section: 'citizenAction', index: 0, page: 1, quote: 'the Board shall levy a tax' },
      ],
    });
    const { useCase } = setUp({ analyzer: new FakeAnalyzer(invented, ['A caveat of the analyzer.'], 'openai') });
    const result = await useCase.execute(input());
    if (!result.ok) throw new Error(result.error.code);

    expect(result.value.keyInsights).toEqual(['A tax of $0.10 per $100 raises $2,000,000 a year. (Check this: the document does not contain $2,000,000.)']);
    expect(result.value.citizenAction).toEqual(['Attend the hearing on June 3. (Check this: the document does not contain June 3.)']);
    // Both quotes are on their pages; the points still say more than the document does.
    expect(result.value.citations.map((c) => c.verified)).toEqual([false, false]);
    expect(result.value.summary).toBe('The Board levies a tax.');
    expect(result.value.metadata.warnings).toEqual([
      'A caveat of the analyzer.',
      'The analysis mentions $2,000,000 and June 3, which the document does not contain.',
    ]);
  });

  it('tells the reader first what the extractor could not read as it should, then the analyzer\'s own caveats', async () => {
    const reading = 'Scanned page 2 read poorly whichever way it was turned: its text may be incomplete.';
    const { useCase } = setUp({ readingWarnings: [reading], analyzer: new FakeAnalyzer(draft(), ['A caveat of the analyzer.']) });
    const result = await useCase.execute(input());
    expect(result.ok && result.value.metadata.warnings).toEqual([reading, 'A caveat of the analyzer.']);
  });

  it('leaves the embedded analyzer\'s figures alone: it copies them from the pages', async () => {
    const { useCase } = setUp();
    const result = await useCase.execute(input());
    expect(result.ok && result.value.citizenAction).toEqual(['Attend the hearing on June 3.']);
    expect(result.ok && result.value.metadata.warnings).toEqual([]);
  });

  it('refuses an analyzer draft that breaks the result schema', async () => {
    const { useCase } = setUp({ analyzer: new FakeAnalyzer(draft({ sentiment: { rating: 9, confidence: 2 } })) });
    expect(await useCase.execute(input())).toMatchObject({ ok: false, error: { code: 'analyzer.invalid_output' } });
  });

  it('stops when the caller aborts', async () => {
    const { useCase, analyzer } = setUp();
    const controller = new AbortController();
    controller.abort(new Error('client went away'));
    await expect(useCase.execute(input({ signal: controller.signal }))).rejects.toThrow('client went away');
    expect(analyzer.requests).toHaveLength(0);
  });
});
