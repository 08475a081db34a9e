import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { domainError, err } from '@civicwatch/core';
import { aUser } from './builders.ts';
import type { ContractHarness } from './harness.ts';

/** The unit of work itself: what a run commits, what it rolls back, and reads beside runs. */
export function transactionsContract({ uow, register, balanceOf }: ContractHarness): void {
  describe('transactions', () => {
    it('roll back everything when the work returns a failed Result, and hand that Result back', async () => {
      const user = aUser();
      const failure = err(domainError('validation.invalid', 'nope'));
      const result = await uow.run(async (r) => {
        await r.users.insert(user);
        await r.ledger.post({ userId: user.id, delta: 3, reason: 'signup_grant', reference: user.id });
        return failure;
      });
      expect(result).toEqual(failure);
      expect(await uow.run((r) => r.users.findById(user.id))).toBeNull();
    });

    it('roll back everything when the work throws, and rethrow', async () => {
      const user = aUser();
      await expect(uow.run(async (r) => {
        await r.users.insert(user);
        throw new Error('boom');
      })).rejects.toThrow('boom');
      expect(await uow.run((r) => r.users.findById(user.id))).toBeNull();
    });

    it('roll back the debit of a failed run, so the credit is still there', async () => {
      const user = await register(aUser(), 1);
      await uow.run(async (r) => {
        await r.ledger.post({ userId: user.id, delta: -1, reason: 'analysis_debit', reference: randomUUID() });
        return err(domainError('analyzer.unavailable', 'down'));
      });
      expect(await balanceOf(user.id)).toBe(1);
    });

    it('join a run started inside a run; a failed inner run undoes only its own changes', async () => {
      const outer = aUser();
      const inner = aUser();
      await uow.run(async (r) => {
        await r.users.insert(outer);
        const innerResult = await uow.run(async (r2) => {
          await r2.users.insert(inner);
          return err(domainError('validation.invalid', 'inner'));
        });
        expect(innerResult.ok).toBe(false);
        return 'done';
      });
      expect(await uow.run((r) => r.users.findById(outer.id))).not.toBeNull();
      expect(await uow.run((r) => r.users.findById(inner.id))).toBeNull();
    });

    it('let reads run side by side, seeing what is committed, and a read inside a run see that run\'s writes', async () => {
      const user = await register(aUser(), 2);
      const [found, overview, count] = await uow.read((r) =>
        Promise.all([r.users.findById(user.id), r.analyses.overview(user.id, 5, new Date(0)), r.analyses.count(user.id)]));
      expect(found?.credits).toBe(2);
      expect(overview.recent).toEqual([]);
      expect(count).toBe(0);

      const other = aUser();
      await uow.run(async (r) => {
        await r.users.insert(other);
        expect((await uow.read((inside) => inside.users.findById(other.id)))?.id).toBe(other.id);
        return err(domainError('validation.invalid', 'undo'));
      });
      expect(await uow.read((r) => r.users.findById(other.id))).toBeNull();
    });
  });
}
