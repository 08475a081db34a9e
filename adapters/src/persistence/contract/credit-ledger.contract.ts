import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { domainError, err, INSUFFICIENT_CREDITS_MESSAGE } from '@civicwatch/core';
import { aUser } from './builders.ts';
import type { ContractHarness } from './harness.ts';

/** The balance and its ledger (ADR 0002): never below zero, each entry applied once. */
export function creditLedgerContract({ uow, register, balanceOf }: ContractHarness): void {
  describe('credit ledger', () => {
    it('moves the balance and records each change with the balance after it', async () => {
      const user = await register();
      expect(await uow.run((r) => r.ledger.post({ userId: user.id, delta: 5, reason: 'payment', reference: `inv-${user.id}` })))
        .toEqual({ ok: true, value: { balance: 5 } });
      expect(await uow.run((r) => r.ledger.post({ userId: user.id, delta: -1, reason: 'analysis_debit', reference: randomUUID() })))
        .toEqual({ ok: true, value: { balance: 4 } });
      expect(await uow.run((r) => r.ledger.post({ userId: user.id, delta: 2, reason: 'admin_adjustment' })))
        .toEqual({ ok: true, value: { balance: 6 } });

      const history = await uow.run((r) => r.ledger.history(user.id));
      expect(history.map((h) => [h.reason, h.delta, h.balanceAfter])).toEqual([
        ['payment', 5, 5], ['analysis_debit', -1, 4], ['admin_adjustment', 2, 6],
      ]);
      expect(history[2]!.reference).toBeNull();
      expect(history.every((h) => h.userId === user.id && h.createdAt instanceof Date)).toBe(true);
      expect(await balanceOf(user.id)).toBe(6);
    });

    it('refuses a debit below zero and leaves no trace of it', async () => {
      const user = await register(aUser(), 1);
      const refused = await uow.run((r) => r.ledger.post({ userId: user.id, delta: -2, reason: 'analysis_debit', reference: randomUUID() }));
      expect(refused).toEqual(err(domainError('credits.insufficient', INSUFFICIENT_CREDITS_MESSAGE)));
      expect(await balanceOf(user.id)).toBe(1);
      expect(await uow.run((r) => r.ledger.history(user.id))).toHaveLength(1);
    });

    it('lets exactly 5 of 50 concurrent debits of 1 through from a balance of 5', async () => {
      const user = await register(aUser(), 5);
      const debits = await Promise.all(Array.from({ length: 50 }, () =>
        uow.run((r) => r.ledger.post({ userId: user.id, delta: -1, reason: 'analysis_debit', reference: randomUUID() }))));
      expect(debits.filter((d) => d.ok)).toHaveLength(5);
      expect(debits.filter((d) => !d.ok).every((d) => !d.ok && d.error.code === 'credits.insufficient')).toBe(true);
      expect(await balanceOf(user.id)).toBe(0);
      const history = await uow.run((r) => r.ledger.history(user.id));
      expect(history).toHaveLength(6);
      expect(history.reduce((sum, h) => sum + h.delta, 0)).toBe(0);
      expect(history.map((h) => h.balanceAfter)).toEqual([5, 4, 3, 2, 1, 0]);
    });

    it('applies an entry once: a replay of the same reason and reference changes nothing', async () => {
      const user = await register(aUser(), 1);
      const entry = { userId: user.id, delta: 5, reason: 'payment' as const, reference: `pi-${randomUUID()}` };
      expect(await uow.run((r) => r.ledger.post(entry))).toEqual({ ok: true, value: { balance: 6 } });
      await uow.run((r) => r.ledger.post({ userId: user.id, delta: -1, reason: 'analysis_debit', reference: randomUUID() }));
      expect(await uow.run((r) => r.ledger.post(entry))).toEqual({ ok: true, value: { balance: 5 } });
      const concurrent = await Promise.all(Array.from({ length: 5 }, () => uow.run((r) => r.ledger.post(entry))));
      expect(concurrent.every((c) => c.ok && c.value.balance === 5)).toBe(true);
      expect((await uow.run((r) => r.ledger.history(user.id))).filter((h) => h.reference === entry.reference)).toHaveLength(1);
    });

    it('applies concurrent first deliveries of one reference once', async () => {
      const user = await register();
      const entry = { userId: user.id, delta: 5, reason: 'renewal' as const, reference: `in-${randomUUID()}` };
      const results = await Promise.all(Array.from({ length: 6 }, () => uow.run((r) => r.ledger.post(entry))));
      expect(results.every((c) => c.ok && c.value.balance === 5)).toBe(true);
      expect(await balanceOf(user.id)).toBe(5);
    });

    it('lists one user\'s rows newest first, a page at a time, with the number of all of them', async () => {
      const user = await register(aUser(), 1);
      await register(aUser(), 4);
      await uow.run(async (r) => {
        for (const delta of [2, -1, 5]) await r.ledger.post({ userId: user.id, delta, reason: 'admin_adjustment' });
      });
      const first = await uow.run((r) => r.ledger.list(user.id, { offset: 0, limit: 3 }));
      expect(first.total).toBe(4);
      expect(first.rows.map((row) => [row.delta, row.balanceAfter])).toEqual([[5, 7], [-1, 2], [2, 3]]);
      const rest = await uow.run((r) => r.ledger.list(user.id, { offset: 3, limit: 3 }));
      expect(rest).toEqual({ rows: [(await uow.run((r) => r.ledger.history(user.id)))[0]], total: 4 });
      expect(await uow.run((r) => r.ledger.list('not-a-uuid', { offset: 0, limit: 3 }))).toEqual({ rows: [], total: 0 });
    });

    it('answers user.not_found for an unknown user', async () => {
      const result = await uow.run((r) => r.ledger.post({ userId: randomUUID(), delta: 1, reason: 'promo' }));
      expect(!result.ok && result.error.code).toBe('user.not_found');
    });
  });
}
