import type { SubscriptionTier } from './subscription-tier.ts';

/*
 * The tiers a freshly migrated database holds: what migration 0002 wrote (frozen there), with whatever a later
 * migration changed. Core's in-memory unit of work (core/src/testing) starts from them; the persistence contract
 * checks that a migrated database and this list agree, so a migration that changes a tier changes it here too
 * (ADR 0031).
 */

/** Features are promises the product keeps: never "unlimited", never more analyses than the tier grants. */
export const seededTiers: readonly SubscriptionTier[] = [
  {
    id: 'citizen',
    name: 'Citizen',
    priceCents: 0,
    monthlyCredits: 1,
    features: ['1 free analysis', 'PDF and text', 'Basic constitutional check', 'Shareable reports'],
    maxPages: 1,
    maxCharacters: 1_000,
    stripePriceId: null,
    isActive: true,
    sortOrder: 1,
  },
  {
    id: 'patriot',
    name: 'Patriot',
    priceCents: 2_900,
    monthlyCredits: 5,
    features: [
      '5 watchdog analyses per month',
      'Advanced constitutional analysis',
      'State-level analysis',
      'Custom oversight prompts',
      'Priority processing',
      'History tracking',
    ],
    maxPages: 5,
    maxCharacters: 10_000,
    stripePriceId: null,
    isActive: true,
    sortOrder: 2,
  },
  {
    id: 'defender',
    name: 'Defender',
    priceCents: 9_900,
    monthlyCredits: 50,
    features: [
      '50 watchdog analyses per month',
      'Advanced and state constitutional analysis',
      'Custom oversight prompts',
      'Priority processing',
      'Advanced oversight features',
    ],
    maxPages: 5,
    maxCharacters: 10_000,
    stripePriceId: null,
    isActive: true,
    sortOrder: 3,
  },
];
