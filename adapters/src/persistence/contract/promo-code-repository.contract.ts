import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { domainError, err, RedeemPromo, systemClock, type PromoCode } from '@civicwatch/core';
import type { ContractHarness } from './harness.ts';

/** Promo codes, their uses and redemptions, and RedeemPromo racing on them. */
export function promoCodeRepositoryContract({ uow, register, balanceOf }: ContractHarness): void {
  describe('promo codes', () => {
    const aPromo = (overrides: Partial<PromoCode> = {}): PromoCode => ({
      id: randomUUID(),
      code: `P${randomUUID().replaceAll('-', '').slice(0, 10).toUpperCase()}`,
      type: 'credits',
      credits: 5,
      discountPercent: 0,
      maxUses: 1,
      currentUses: 0,
      expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
      isActive: true,
      createdAt: new Date(Math.floor(Date.now() / 1000) * 1000),
      ...overrides,
    });
    const stored = async (code: string) => uow.run((r) => r.promos.findByCode(code));

    it('are inserted, found by code, listed and deleted with their redemptions', async () => {
      const promo = aPromo({ type: 'discount', credits: 0, discountPercent: 25, maxUses: 3 });
      expect(await uow.run((r) => r.promos.insert(promo))).toEqual({ ok: true, value: undefined });
      expect(await stored(promo.code)).toEqual(promo);
      expect(await stored(promo.code.toLowerCase())).toBeNull();
      expect(await uow.run((r) => r.promos.findById(promo.id))).toEqual(promo);
      expect(await uow.run((r) => r.promos.findById('not-a-uuid'))).toBeNull();
      expect((await uow.run((r) => r.promos.list())).map((p) => p.id)).toContain(promo.id);
      const user = await register();
      await uow.run((r) => r.promos.recordRedemption(promo.id, user.id, new Date()));
      expect(await uow.run((r) => r.promos.delete(promo.id))).toBe(true);
      expect(await uow.run((r) => r.promos.delete(promo.id))).toBe(false);
      expect(await uow.run((r) => r.promos.delete('not-a-uuid'))).toBe(false);
      expect(await uow.run((r) => r.promos.hasRedeemed(promo.id, user.id))).toBe(false);
    });

    it('list the codes an account redeemed, oldest first', async () => {
      const [spring, summer] = [aPromo({ maxUses: 5 }), aPromo({ maxUses: 5 })];
      const user = await register();
      const other = await register();
      const at = (day: number) => new Date(Date.UTC(2026, 2, day, 12));
      await uow.run(async (r) => {
        for (const promo of [spring, summer]) await r.promos.insert(promo);
        await r.promos.recordRedemption(summer.id, user.id, at(20));
        await r.promos.recordRedemption(spring.id, user.id, at(10));
        await r.promos.recordRedemption(spring.id, other.id, at(11));
      });
      expect(await uow.run((r) => r.promos.redemptionsOf(user.id)))
        .toEqual([{ code: spring.code, redeemedAt: at(10) }, { code: summer.code, redeemedAt: at(20) }]);
      expect(await uow.run((r) => r.promos.redemptionsOf('not-a-uuid'))).toEqual([]);
    });

    it('refuse a second code of the same name, even at once', async () => {
      const code = aPromo().code;
      const attempts = await Promise.all(Array.from({ length: 5 }, () => uow.run((r) => r.promos.insert(aPromo({ code })))));
      expect(attempts.filter((a) => a.ok)).toHaveLength(1);
      expect(attempts.filter((a) => !a.ok).every((a) => !a.ok && a.error.code === 'promo.code_taken')).toBe(true);
    });

    it('claim a use only while active, unexpired and under max uses', async () => {
      const promo = aPromo({ maxUses: 2 });
      const off = aPromo({ isActive: false });
      const past = aPromo({ expiresAt: new Date(Date.now() - 1000) });
      await uow.run(async (r) => { for (const p of [promo, off, past]) await r.promos.insert(p); });
      const now = new Date();
      expect(await uow.run((r) => r.promos.claimUse(promo.id, now))).toBe(true);
      expect(await uow.run((r) => r.promos.claimUse(promo.id, now))).toBe(true);
      expect(await uow.run((r) => r.promos.claimUse(promo.id, now))).toBe(false);
      expect((await stored(promo.code))?.currentUses).toBe(2);
      expect(await uow.run((r) => r.promos.claimUse(off.id, now))).toBe(false);
      expect(await uow.run((r) => r.promos.claimUse(past.id, now))).toBe(false);
      expect(await uow.run((r) => r.promos.claimUse(randomUUID(), now))).toBe(false);
    });

    it('record one redemption per account and code', async () => {
      const promo = aPromo({ maxUses: 5 });
      await uow.run((r) => r.promos.insert(promo));
      const user = await register();
      expect(await uow.run((r) => r.promos.hasRedeemed(promo.id, user.id))).toBe(false);
      expect(await uow.run((r) => r.promos.recordRedemption(promo.id, user.id, new Date()))).toBe(true);
      expect(await uow.run((r) => r.promos.recordRedemption(promo.id, user.id, new Date()))).toBe(false);
      expect(await uow.run((r) => r.promos.hasRedeemed(promo.id, user.id))).toBe(true);
    });

    it('roll a claimed use back with the transaction that claimed it', async () => {
      const promo = aPromo();
      await uow.run((r) => r.promos.insert(promo));
      await uow.run(async (r) => {
        await r.promos.claimUse(promo.id, new Date());
        return err(domainError('promo.used_up', 'changed my mind'));
      });
      expect((await stored(promo.code))?.currentUses).toBe(0);
    });

    // RedeemPromo on this adapter: the guarantees come from the database, so they are checked on each one.
    it('let exactly 3 of 20 accounts redeeming a code of max uses 3 at once through', async () => {
      const promo = aPromo({ credits: 4, maxUses: 3 });
      await uow.run((r) => r.promos.insert(promo));
      const users = await Promise.all(Array.from({ length: 20 }, () => register()));
      const redeem = new RedeemPromo(uow, systemClock);
      const results = await Promise.all(users.map((u) => redeem.execute(u.id, promo.code)));
      expect(results.filter((r) => r.ok)).toHaveLength(3);
      expect(new Set(results.flatMap((r) => (r.ok ? [] : [r.error.code])))).toEqual(new Set(['promo.used_up']));
      expect((await stored(promo.code))?.currentUses).toBe(3);
      const balances = await Promise.all(users.map((u) => balanceOf(u.id)));
      expect(balances.filter((b) => b === 4)).toHaveLength(3);
      expect(balances.filter((b) => b === 0)).toHaveLength(17);
    });

    it('let one account redeeming a code 10 times at once through once', async () => {
      const promo = aPromo({ credits: 7, maxUses: 100 });
      await uow.run((r) => r.promos.insert(promo));
      const user = await register();
      const redeem = new RedeemPromo(uow, systemClock);
      const results = await Promise.all(Array.from({ length: 10 }, () => redeem.execute(user.id, promo.code)));
      expect(results.filter((r) => r.ok)).toEqual([{ ok: true, value: { credits: 7, balance: 7 } }]);
      expect(new Set(results.flatMap((r) => (r.ok ? [] : [r.error.code])))).toEqual(new Set(['promo.already_redeemed']));
      expect((await stored(promo.code))?.currentUses).toBe(1);
      expect(await balanceOf(user.id)).toBe(7);
      const rows = await uow.run((r) => r.ledger.history(user.id));
      expect(rows.map((row) => [row.reason, row.reference])).toEqual([['promo', `promo:${promo.id}:${user.id}`]]);
    });
  });
}
