import { defaultPrompts, type SettingKey, type SubscriptionTier } from '@civicwatch/core';

/**
 * The defaults a new database starts with: the three tiers and the analysis prompts. The seed migration
 * and the in-memory unit of work both read this module, so the two can never advertise different tiers.
 *
 * Contract: the seed migration inserts these rows once. Changing a value here changes only databases
 * created afterwards; an existing database keeps what an administrator may have edited, so a change that
 * must reach existing installations needs its own migration.
 */

/** Features are promises the product keeps: never "unlimited", never more analyses than the tier grants. */
export const defaultTiers: readonly SubscriptionTier[] = [
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

/** The prompts a new database starts with are core's defaults: one text, read by the seed and the use case. */
export const defaultSettings: Readonly<Record<SettingKey, string>> = defaultPrompts;
