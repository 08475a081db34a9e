import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { summaryPreview } from '@civicwatch/core';
import type { ContractHarness } from './harness.ts';

/** A summary longer than lists show: they read its start only. */
const LONG_SUMMARY = 'The district asks voters to renew its operating levy for four more years. '.repeat(6);

/** Stored analyses: lists, search, the whole export, deletion and share links (ADR 0010). */
export function analysisRepositoryContract({ uow, register }: ContractHarness): void {
  describe('analyses', () => {
    it('answer the newest as lists show them with how many there are, in all and since a date, in one read; and count them', async () => {
      const user = await register();
      const other = await register();
      const day = (d: number) => new Date(Date.UTC(2026, 0, d, 12));
      await uow.run(async (r) => {
        for (const [owner, d] of [[user, 1], [user, 15], [user, 20], [other, 16]] as const) {
          await r.analyses.save({
            id: randomUUID(), userId: owner.id, createdAt: day(d), analysisType: 'constitutional',
            document: { title: `Bill ${d}`, type: 'pdf' }, result: { summary: `About bill ${d}`, keyInsights: [] },
          });
        }
      });
      const overview = await uow.read((r) => r.analyses.overview(user.id, 2, day(15)));
      expect(overview.recent.map((a) => a.document.title)).toEqual(['Bill 20', 'Bill 15']);
      expect(overview.recent[0]).toMatchObject({ userId: user.id, analysisType: 'constitutional', createdAt: day(20), summary: 'About bill 20', share: null });
      // A list reads what it shows, never the whole result (issue 19).
      expect(overview.recent[0]).not.toHaveProperty('result');
      expect([overview.total, overview.totalSince]).toEqual([3, 2]);
      expect(await uow.read((r) => r.analyses.overview(user.id, 0, day(21)))).toEqual({ recent: [], total: 3, totalSince: 0 });
      for (const nobody of [randomUUID(), 'not-a-uuid']) {
        expect(await uow.read((r) => r.analyses.overview(nobody, 5, day(1)))).toEqual({ recent: [], total: 0, totalSince: 0 });
      }
      expect(await uow.run((r) => r.analyses.count(user.id))).toBe(3);
      expect(await uow.run((r) => r.analyses.count(user.id, day(15)))).toBe(2);
      expect(await uow.run((r) => r.analyses.count(randomUUID()))).toBe(0);
    });

    it('list one user\'s analyses newest first, a page at a time, searching titles case-insensitively', async () => {
      const user = await register();
      const other = await register();
      const tag = `T${randomUUID().slice(0, 6)}`;
      const at = (s: number) => new Date(Date.UTC(2026, 1, 1, 12, 0, s));
      await uow.run(async (r) => {
        for (const [owner, s, title] of [
          [user, 1, `Levy ${tag} one`], [user, 2, 'Budget'], [user, 3, `LEVY ${tag.toLowerCase()} two`],
          [user, 4, 'Levy 100%_off'], [other, 5, `Levy ${tag} other`],
        ] as const) {
          await r.analyses.save({
            id: randomUUID(), userId: owner.id, createdAt: at(s), analysisType: 'summary',
            document: { title, type: 'text' }, result: { summary: `${title}: ${LONG_SUMMARY}`, keyInsights: ['cited'], citations: [] },
          });
        }
      });
      const all = await uow.run((r) => r.analyses.list({ userId: user.id, offset: 0, limit: 10 }));
      expect(all.total).toBe(4);
      expect(all.items.map((a) => a.document.title)).toEqual(['Levy 100%_off', `LEVY ${tag.toLowerCase()} two`, 'Budget', `Levy ${tag} one`]);
      expect(all.items[2]).not.toHaveProperty('result');
      expect(all.items[2]!.summary).toBe(summaryPreview(`Budget: ${LONG_SUMMARY}`));
      expect(all.items[2]!.summary).toMatch(/…$/);
      const found = await uow.run((r) => r.analyses.list({ userId: user.id, search: tag.toUpperCase(), offset: 0, limit: 1 }));
      expect(found.total).toBe(2);
      expect(found.items.map((a) => a.document.title)).toEqual([`LEVY ${tag.toLowerCase()} two`]);
      const second = await uow.run((r) => r.analyses.list({ userId: user.id, search: tag, offset: 1, limit: 1 }));
      expect(second.items.map((a) => a.document.title)).toEqual([`Levy ${tag} one`]);
      expect((await uow.run((r) => r.analyses.list({ userId: user.id, search: '%_', offset: 0, limit: 10 }))).total).toBe(1);
      expect((await uow.run((r) => r.analyses.list({ userId: 'not-a-uuid', offset: 0, limit: 10 }))).total).toBe(0);
    });

    it('answer every analysis of one user, newest first, with its whole result', async () => {
      const user = await register();
      const other = await register();
      const at = (minutes: number) => new Date(Date.UTC(2026, 1, 1, 12, minutes));
      await uow.run(async (r) => {
        for (const [owner, minutes] of [[user, 1], [other, 2], [user, 3], [user, 2]] as const) {
          await r.analyses.save({
            id: randomUUID(), userId: owner.id, createdAt: at(minutes), analysisType: 'summary',
            document: { title: `Minutes ${minutes}`, type: 'text' }, result: { summary: `Meeting ${minutes}`, keyInsights: ['A vote.'] },
          });
        }
      });
      const all = await uow.run((r) => r.analyses.all(user.id));
      expect(all.map((a) => a.document.title)).toEqual(['Minutes 3', 'Minutes 2', 'Minutes 1']);
      expect(all[0]).toMatchObject({ userId: user.id, result: { summary: 'Meeting 3', keyInsights: ['A vote.'] } });
      expect(await uow.run((r) => r.analyses.all('not-a-uuid'))).toEqual([]);
    });

    it('get and delete only the owner\'s analysis', async () => {
      const user = await register();
      const other = await register();
      const analysis = {
        id: randomUUID(), userId: user.id, createdAt: new Date(Date.UTC(2026, 2, 1)), analysisType: 'custom' as const,
        document: { title: 'Ordinance', type: 'pdf' }, result: { summary: 'About it' },
      };
      await uow.run((r) => r.analyses.save(analysis));
      expect(await uow.run((r) => r.analyses.get(user.id, analysis.id))).toMatchObject({ ...analysis, share: null });
      expect(await uow.run((r) => r.analyses.get(other.id, analysis.id))).toBeNull();
      expect(await uow.run((r) => r.analyses.get(user.id, 'not-a-uuid'))).toBeNull();
      expect(await uow.run((r) => r.analyses.delete(other.id, analysis.id))).toBe(false);
      expect(await uow.run((r) => r.analyses.delete(user.id, analysis.id))).toBe(true);
      expect(await uow.run((r) => r.analyses.delete(user.id, analysis.id))).toBe(false);
      expect(await uow.run((r) => r.analyses.get(user.id, analysis.id))).toBeNull();
    });

    it('keep the language of the analysed document, and none when it was undetermined', async () => {
      const user = await register();
      const analysis = (language: string | null) => ({
        id: randomUUID(), userId: user.id, createdAt: new Date(Date.UTC(2026, 2, 1)), analysisType: 'summary' as const,
        document: { title: 'Ordenanza', type: 'text' }, language, result: { summary: 'Sobre las terrazas' },
      });
      const spanish = analysis('es');
      const undetermined = analysis(null);
      await uow.run(async (r) => {
        await r.analyses.save(spanish);
        await r.analyses.save(undetermined);
      });
      expect(await uow.run((r) => r.analyses.get(user.id, spanish.id))).toMatchObject({ language: 'es' });
      expect(await uow.run((r) => r.analyses.get(user.id, undetermined.id))).toMatchObject({ language: null });
    });

    it('share only the owner\'s analysis, keep its first link until it is revoked, and lose it with the analysis', async () => {
      const user = await register();
      const other = await register();
      const analysis = {
        id: randomUUID(), userId: user.id, createdAt: new Date(Date.UTC(2026, 2, 1)), analysisType: 'summary' as const,
        document: { title: 'Levy', type: 'text' }, result: { summary: 'About it' },
      };
      await uow.run((r) => r.analyses.save(analysis));
      const first = { token: `share-${randomUUID()}`, sharedAt: new Date(Date.UTC(2026, 2, 2)) };
      const second = { token: `share-${randomUUID()}`, sharedAt: new Date(Date.UTC(2026, 2, 3)) };

      expect(await uow.run((r) => r.analyses.share(other.id, analysis.id, first))).toBeNull();
      expect(await uow.run((r) => r.analyses.share(user.id, 'not-a-uuid', first))).toBeNull();
      expect(await uow.run((r) => r.analyses.findShared(first.token))).toBeNull();
      expect(await uow.run((r) => r.analyses.share(user.id, analysis.id, first))).toEqual(first);
      expect(await uow.run((r) => r.analyses.share(user.id, analysis.id, second))).toEqual(first);
      expect(await uow.run((r) => r.analyses.get(user.id, analysis.id))).toMatchObject({ share: first });
      expect(await uow.run((r) => r.analyses.findShared(first.token))).toMatchObject({ ...analysis, share: first });
      expect(await uow.run((r) => r.analyses.findShared(second.token))).toBeNull();
      expect(await uow.run((r) => r.analyses.findShared('\u0000'))).toBeNull();

      expect(await uow.run((r) => r.analyses.unshare(other.id, analysis.id))).toBe(false);
      expect(await uow.run((r) => r.analyses.findShared(first.token))).not.toBeNull();
      expect(await uow.run((r) => r.analyses.unshare(user.id, analysis.id))).toBe(true);
      expect(await uow.run((r) => r.analyses.unshare(user.id, analysis.id))).toBe(true);
      expect(await uow.run((r) => r.analyses.findShared(first.token))).toBeNull();
      expect(await uow.run((r) => r.analyses.get(user.id, analysis.id))).toMatchObject({ share: null });

      expect(await uow.run((r) => r.analyses.share(user.id, analysis.id, second))).toEqual(second);
      await uow.run((r) => r.analyses.delete(user.id, analysis.id));
      expect(await uow.run((r) => r.analyses.findShared(second.token))).toBeNull();
      expect(await uow.run((r) => r.analyses.unshare(user.id, analysis.id))).toBe(false);
    });

    it('give an analysis shared by several requests at once one link', async () => {
      const user = await register();
      const analysis = {
        id: randomUUID(), userId: user.id, createdAt: new Date(Date.UTC(2026, 2, 1)), analysisType: 'summary' as const,
        document: { title: 'Levy', type: 'text' }, result: { summary: 'About it' },
      };
      await uow.run((r) => r.analyses.save(analysis));
      const links = await Promise.all(Array.from({ length: 5 }, (_, i) =>
        uow.run((r) => r.analyses.share(user.id, analysis.id, { token: `share-${randomUUID()}`, sharedAt: new Date(Date.UTC(2026, 2, 2, i)) }))));
      expect(new Set(links.map((l) => l?.token)).size).toBe(1);
      expect(await uow.run((r) => r.analyses.get(user.id, analysis.id))).toMatchObject({ share: links[0] });
    });
  });
}
