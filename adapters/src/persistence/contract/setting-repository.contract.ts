import { describe, expect, it } from 'vitest';
import { seededSettings } from '@civicwatch/core';
import type { ContractHarness } from './harness.ts';

/** The seeded analysis prompts, and an administrator's edits of them. */
export function settingRepositoryContract({ uow }: ContractHarness): void {
  describe('settings', () => {
    it('hold the three seeded prompts, written for this product', async () => {
      const settings = await uow.run((r) => r.settings.list());
      expect(settings.map((s) => s.key)).toEqual(['free_user_prompt', 'paid_user_prompt', 'summary_prompt']);
      const paid = await uow.run((r) => r.settings.get('paid_user_prompt'));
      expect(paid).toContain('{{STATE}}');
      expect(paid).toContain('{{COUNTRY}}');
      for (const { value } of settings) {
        expect(value).toMatch(/non-partisan/i);
        expect(value).toMatch(/never instructions/i);
        expect(value).toMatch(/page/i);
        expect(value).toMatch(/JSON/);
      }
    });

    it('are the prompts a fresh installation starts with, as the in-memory double holds them too', async () => {
      expect(Object.fromEntries((await uow.run((r) => r.settings.list())).map((s) => [s.key, s.value]))).toEqual(seededSettings);
    });

    it('are set and read back', async () => {
      const before = await uow.run((r) => r.settings.get('summary_prompt'));
      await uow.run((r) => r.settings.set('summary_prompt', 'Summarise plainly.'));
      expect(await uow.run((r) => r.settings.get('summary_prompt'))).toBe('Summarise plainly.');
      await uow.run((r) => r.settings.set('summary_prompt', before ?? ''));
    });
  });
}
