import type { AnalysisResult, DashboardAnalysis, DashboardView, SubscriptionTierView, UserView } from '@civicwatch/core/contracts/index.ts';

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

export function anAnalysis(overrides: Partial<DashboardAnalysis> = {}): DashboardAnalysis {
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
