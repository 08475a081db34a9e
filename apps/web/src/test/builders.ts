import type { DashboardView, SubscriptionTierView, UserView } from '@civicwatch/core/contracts/index.ts';

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
    emailPreferences: { productUpdates: true, analysisNotices: true },
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
