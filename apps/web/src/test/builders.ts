import {
  analysisResultSchema,
  comparisonEntry,
  comparisonResultSchema,
  perListSection,
  summaryPreview,
  type AnalysisResult,
  type CompareResponse,
  type ComparisonResult,
  type AnalysisListItem,
  type AnalysisView,
  type DashboardView,
  type SubscriptionTierView,
  type UserView,
} from '@civicwatch/core/contracts/index.ts';
import frenchMinutes from './fixtures/fr-chemere-minutes.result.json';
import levyVersions from './fixtures/wpld-levy-2019-2020.comparison.json';
import workingBudget from './fixtures/wpld-fy21-working-budget.result.json';

/** Test data that satisfies the shared contracts; override what a test is about. */
export function aUser(overrides: Partial<UserView> = {}): UserView {
  return {
    id: '6f1c2a7e-3b1d-4c55-9a0e-2f4b8d9c1e70',
    email: 'ada@example.org',
    firstName: 'Ada',
    lastName: 'Lovelace',
    state: 'IL',
    country: 'US',
    subscriptionTier: 'citizen',
    tier: 'citizen',
    credits: 1,
    role: 'user',
    isAdmin: false,
    emailPreferences: { productUpdates: true, analysisNotices: true, receipts: true },
    emailVerified: true,
    createdAt: '2025-03-01T12:00:00.000Z',
    ...overrides,
  };
}

export function aDashboard(overrides: Partial<DashboardView> = {}): DashboardView {
  return { user: aUser(), analyses: [], stats: { totalAnalyses: 0, thisMonthAnalyses: 0 }, ...overrides };
}

export function aTier(overrides: Partial<SubscriptionTierView> & Pick<SubscriptionTierView, 'id' | 'name' | 'price' | 'credits'>): SubscriptionTierView {
  return { features: [], stripePriceId: null, isActive: true, maxPages: 5, maxCharacters: 10_000, ...overrides };
}

export const unauthorized = { code: 'auth.unauthorized', message: 'Unauthorized' };

/** A complete result of the shared contract, with one verified and one unverified citation. */
export function aResult(overrides: Partial<AnalysisResult> = {}): AnalysisResult {
  return {
    summary: 'The council proposes a 4% property tax increase to fund road repairs.',
    // Every list of the catalogue: those named below with items, any other empty.
    ...perListSection((): string[] => []),
    keyInsights: ['Road repair spending doubles to $12 million.', 'The increase takes effect on July 1.'],
    constitutionalIssues: ['The public comment period is shorter than the charter requires.'],
    citizenAction: ['Attend the budget hearing on June 3.'],
    legalRisks: ['The levy may exceed the state cap without a referendum.'],
    sentiment: { rating: 4, confidence: 0.82 },
    facts: [
      { type: 'amount', statement: 'Road repairs get $12,000,000.', quote: 'road repairs: $12,000,000', page: 2, verified: true },
    ],
    metadata: {
      wordCount: 1234,
      processingTime: 2400,
      pages: 3,
      ocrPages: [2],
      analyzer: 'embedded',
      model: null,
      promptVersion: null,
      language: { code: 'en', name: 'English' },
      warnings: [],
      documentKind: 'ordinance',
    },
    citations: [
      { section: 'keyInsights', index: 0, page: 2, quote: 'road repairs: $12,000,000', verified: true },
      { section: 'constitutionalIssues', index: 0, page: 3, quote: 'comments close after seven days', verified: false },
    ],
    ...overrides,
  };
}

export function anAnalysis(overrides: Partial<AnalysisView> = {}): AnalysisView {
  return {
    id: '0b9e8f52-5a36-4a53-8f3b-7f0f4b3c2d11',
    createdAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    analysisType: 'constitutional',
    document: { title: 'City Budget 2026', type: 'pdf' },
    result: aResult(),
    shareUrl: null,
    ...overrides,
  };
}

/** `analysis` as the dashboard and the history list it: a summary-only result, the start of its summary. */
export function listed(analysis: AnalysisView): AnalysisListItem {
  const { summary } = analysis.result;
  return { ...analysis, result: { summary: summaryPreview(typeof summary === 'string' ? summary : '') } };
}

/**
 * What an analysis of a library district's levy ordinance (three pages) holds once facts exist: facts of four
 * groups, and a summary resting on three quotes of page 1 and one of page 3. The quotes are the document's own.
 */
/**
 * The embedded analyzer's result for a real French document: the minutes of Chéméré's municipal council,
 * 14 January 2014 (corpus fr-chemere-compte-rendu-conseil-municipal-2014-01-14.pdf, `civicwatch analyze --json`).
 * Accents, €, curly apostrophes, guillemets and ellipses as the analyzer writes them.
 */
export function aFrenchMinutesResult(): AnalysisResult {
  return analysisResultSchema.parse(frenchMinutes);
}

/**
 * The embedded analyzer's result for a real budget: a library district's working budget for FY21, 13 pages of
 * tables (corpus wpld-fy21-working-budget.pdf, `civicwatch analyze --json`). Five amounts among its facts, quoted
 * from rows that print no currency sign; points quoting pages 1, 2, 4, 6 and 9.
 */
export function aWorkingBudgetResult(): AnalysisResult {
  return analysisResultSchema.parse(workingBudget);
}

export function aLevyOrdinanceResult(overrides: Partial<AnalysisResult> = {}): AnalysisResult {
  return aResult({
    summary:
      'The Board of Trustees levies a special tax of .02% of the value of all taxable property for the 2020-2021 fiscal year, ' +
      'for library buildings, their maintenance and repairs. The ordinance was adopted on July 15, 2020 and published on July 23, 2020.',
    keyInsights: ['Taxes: a special tax of .02% of the value of all taxable property in the District shall be levied for the fiscal year 2020-2021.'],
    constitutionalIssues: [],
    citizenAction: ['Ask the Board of Library Trustees how the special tax will be spent.'],
    legalRisks: [],
    facts: [
      {
        type: 'decision',
        statement: 'The Board levies a special tax for library buildings and their upkeep for fiscal year 2020-2021.',
        quote: 'shall be levied for the fiscal year 2020-2021',
        page: 1,
        verified: true,
      },
      {
        type: 'vote',
        statement: 'Seven trustees voted yes; none voted no, abstained or were absent.',
        quote: 'AYES: DuRocher, Lezon, Picha, Richardson, Ruzicka, Stull, Warren',
        page: 2,
        verified: true,
      },
      {
        type: 'rate',
        statement: 'The special tax is .02% of the value of all taxable property in the District.',
        quote: 'the amount of said special tax is .02% of the value of all taxable property',
        page: 1,
        verified: true,
      },
      { type: 'date', statement: 'The Board adopted the ordinance on July 15, 2020.', quote: 'ADOPTED this 15 th day of July 2020', page: 2, verified: true },
      {
        type: 'deadline',
        statement: 'The ordinance had to be published within 15 days of its adoption.',
        quote: 'within fifteen (15) days after the date of adoption',
        page: 1,
        verified: true,
      },
      { type: 'date', statement: 'The ordinance was published on July 23, 2020.', quote: 'the Ordinance was published on July 23, 2020', page: 3, verified: true },
      {
        type: 'affected',
        statement: 'Owners of taxable property in the library district pay the tax.',
        quote: 'value of all taxable property in the District as equalized or assessed',
        page: 1,
        verified: true,
      },
    ],
    metadata: { ...aResult().metadata, wordCount: 478, pages: 3, ocrPages: [], documentKind: 'ordinance' },
    citations: [
      { section: 'summary', index: 0, page: 1, quote: 'a special tax of .02% of the value of all taxable property', verified: true },
      { section: 'summary', index: 0, page: 1, quote: 'for the purchase of buildings', verified: true },
      { section: 'summary', index: 0, page: 1, quote: 'maintenance, repairs and alterations of library buildings and equipment', verified: true },
      { section: 'summary', index: 0, page: 3, quote: 'the Ordinance was published on July 23, 2020', verified: true },
      { section: 'keyInsights', index: 0, page: 1, quote: 'shall be levied for the fiscal year 2020-2021', verified: true },
      { section: 'citizenAction', index: 0, page: 1, quote: 'Board of Trustees of the Warrenville Public Library District', verified: true },
      { section: 'citizenAction', index: 0, page: 1, quote: 'the Board may change the rate each year', verified: false },
    ],
    ...overrides,
  });
}

/**
 * The embedded comparer's result for a real pair of versions: a library district's maintenance levy of 2019 (a
 * scan, read by OCR) and of 2020 (a text PDF), corpus versions/ pair dev-2, `civicwatch compare --json`. Nine
 * changes (fiscal years, dates, the vote), each with its page in both versions.
 */
export function aLevyComparison(overrides: Partial<ComparisonResult> = {}): ComparisonResult {
  return { ...comparisonResultSchema.parse(levyVersions), ...overrides };
}

/** The comparison of a document with itself, as the comparer words it: no change of substance. */
export function aNoChangeComparison(): ComparisonResult {
  const levy = aLevyComparison();
  return aLevyComparison({
    summary: `${comparisonEntry.empty} The rate of .02% is unchanged.`,
    changes: [],
    metadata: { ...levy.metadata, earlier: levy.metadata.later, processingTime: 2_100 },
  });
}

export function aCompareResponse(result: ComparisonResult = aLevyComparison()): CompareResponse {
  return { ...result, analysisId: '7a1e9c3b-2d4f-4e6a-8b0c-1d2e3f4a5b6c', createdAt: new Date().toISOString() };
}

/** A comparison in the history: its title is the later version's. */
export function aComparisonEntry(overrides: Partial<AnalysisView> = {}): AnalysisView {
  return anAnalysis({
    id: '3c9d2e1f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
    analysisType: 'comparison',
    document: { title: 'wpld-ordinance-20-21-02-maintenance-levy', type: 'pdf' },
    result: aLevyComparison(),
    ...overrides,
  });
}
