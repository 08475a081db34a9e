import { describe, expect, it } from 'vitest';
import { seededTiers } from '@civicwatch/core';
import type { ContractHarness } from './harness.ts';

/** The seeded tiers, and an administrator's edits of them. */
export function subscriptionTierRepositoryContract({ uow }: ContractHarness): void {
  describe('subscription tiers', () => {
    it('are seeded Citizen, Patriot, Defender, in that order, with their prices, credits and limits', async () => {
      const tiers = await uow.run((r) => r.tiers.list());
      expect(tiers.map((t) => [t.id, t.name, t.priceCents, t.monthlyCredits, t.maxPages, t.maxCharacters])).toEqual([
        ['citizen', 'Citizen', 0, 1, 1, 1000],
        ['patriot', 'Patriot', 2900, 5, 5, 10000],
        ['defender', 'Defender', 9900, 50, 5, 10000],
      ]);
      expect(tiers.every((t) => t.isActive && t.stripePriceId === null)).toBe(true);
      expect(tiers[1]!.features).toContain('5 watchdog analyses per month');
      expect(tiers[2]!.features).toContain('50 watchdog analyses per month');
    });

    it('are the tiers a fresh installation starts with, as the in-memory double holds them too', async () => {
      expect(await uow.run((r) => r.tiers.list())).toEqual(seededTiers);
    });

    it('never advertise what they do not grant', async () => {
      const features = (await uow.run((r) => r.tiers.list())).flatMap((t) => t.features).join('\n');
      expect(features).not.toMatch(/unlimited|100 analyses/i);
    });

    it('are found by id', async () => {
      expect((await uow.run((r) => r.tiers.get('patriot')))?.name).toBe('Patriot');
    });
  });

  describe('subscription tier edits', () => {
    it('write every editable field and read them back', async () => {
      const original = await uow.run((r) => r.tiers.get('defender'));
      expect(original).not.toBeNull();
      const edited = { ...original!, priceCents: 12_300, monthlyCredits: 60, features: ['Everything'], maxPages: 9, maxCharacters: 20_000, stripePriceId: 'price_contract', isActive: false };
      try {
        await uow.run((r) => r.tiers.update(edited));
        expect(await uow.run((r) => r.tiers.get('defender'))).toEqual(edited);
      } finally {
        await uow.run((r) => r.tiers.update(original!));
      }
      expect(await uow.run((r) => r.tiers.get('defender'))).toEqual(original);
    });
  });
}
