import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { aPendingAnalysis, aUser } from './builders.ts';
import type { ContractHarness } from './harness.ts';

/** Analyses waiting in the queue (ADR 0012), kept with the debit they were written with. */
export function pendingAnalysisRepositoryContract({ uow, register, balanceOf }: ContractHarness): void {
  describe('pending analyses', () => {
    it('are inserted, listed oldest first and deleted once', async () => {
      const user = await register();
      const first = aPendingAnalysis(user.id, { createdAt: new Date(Date.UTC(2026, 0, 1)), progressId: randomUUID() });
      const second = aPendingAnalysis(user.id, {
        createdAt: new Date(Date.UTC(2026, 0, 2)),
        title: 'Budget',
        options: { analysisType: 'custom', country: 'US', state: 'IL', customPrompt: 'Parks' },
        source: { kind: 'pdf', bytes: new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0xff]) },
      });
      await uow.run(async (r) => {
        await r.pendingAnalyses.insert(second);
        await r.pendingAnalyses.insert(first);
      });
      const listed = (await uow.run((r) => r.pendingAnalyses.list())).filter((p) => p.userId === user.id);
      expect(listed).toEqual([first, second]);
      expect(await uow.run((r) => r.pendingAnalyses.find(second.id))).toEqual(second);
      expect(await uow.run((r) => r.pendingAnalyses.delete(first.id))).toBe(true);
      expect(await uow.run((r) => r.pendingAnalyses.find(first.id))).toBeNull();
      expect(await uow.run((r) => r.pendingAnalyses.delete(first.id))).toBe(false);
      expect(await uow.run((r) => r.pendingAnalyses.delete('not-a-uuid'))).toBe(false);
      expect((await uow.run((r) => r.pendingAnalyses.list())).map((p) => p.id)).not.toContain(first.id);
      await uow.run((r) => r.pendingAnalyses.delete(second.id));
    });

    it('keep a comparison\'s earlier version beside its later one, as text or as a PDF', async () => {
      const user = await register();
      const pdf = aPendingAnalysis(user.id, {
        title: 'Budget as adopted',
        options: { analysisType: 'comparison' },
        source: { kind: 'pdf', bytes: new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x01]) },
        earlier: { title: 'Tentative budget', source: { kind: 'pdf', bytes: new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x02]) } },
      });
      const text = aPendingAnalysis(user.id, {
        options: { analysisType: 'comparison' },
        earlier: { title: 'Last year', source: { kind: 'text', text: 'The levy is .02% of the value of taxable property.' } },
      });
      await uow.run(async (r) => {
        await r.pendingAnalyses.insert(pdf);
        await r.pendingAnalyses.insert(text);
      });
      expect(await uow.run((r) => r.pendingAnalyses.find(pdf.id))).toEqual(pdf);
      expect(await uow.run((r) => r.pendingAnalyses.find(text.id))).toEqual(text);
      expect(await uow.run((r) => r.pendingAnalyses.find(aPendingAnalysis(user.id).id))).toBeNull();
      await uow.run(async (r) => {
        await r.pendingAnalyses.delete(pdf.id);
        await r.pendingAnalyses.delete(text.id);
      });
    });

    it('find which of a user\'s own pending analyses follows a progress id', async () => {
      const [rosa, bob] = [await register(), await register()];
      const progressId = randomUUID();
      const pending = aPendingAnalysis(rosa.id, { progressId });
      await uow.run((r) => r.pendingAnalyses.insert(pending));
      const idOf = (userId: string, id: string) => uow.read((r) => r.pendingAnalyses.idOfProgress(userId, id));
      expect(await idOf(rosa.id, progressId)).toBe(pending.id);
      expect(await idOf(bob.id, progressId)).toBeNull();
      expect(await idOf(rosa.id, randomUUID())).toBeNull();
      expect(await idOf(rosa.id, 'not-a-uuid')).toBeNull();
      await uow.run((r) => r.pendingAnalyses.delete(pending.id));
      expect(await idOf(rosa.id, progressId)).toBeNull();
    });

    it('roll back with the debit they were written with', async () => {
      const user = await register(aUser(), 1);
      const id = randomUUID();
      await uow.run(async (r) => {
        await r.ledger.post({ userId: user.id, delta: -1, reason: 'analysis_debit', reference: id });
        await r.pendingAnalyses.insert(aPendingAnalysis(user.id, { id }));
        throw new Error('crash');
      }).catch(() => undefined);
      expect((await uow.run((r) => r.pendingAnalyses.list())).map((p) => p.id)).not.toContain(id);
      expect(await balanceOf(user.id)).toBe(1);
    });
  });
}
