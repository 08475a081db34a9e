import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type NewPayment } from '@civicwatch/core';
import { aPendingAnalysis, aUser } from './builders.ts';
import type { ContractHarness } from './harness.ts';

/** What administration reads and writes: configured admins, roles, deletion, the audit log and statistics. */
export function adminRepositoriesContract({ uow, register }: ContractHarness): void {
  describe('administration', () => {
    it('store the ADMIN_EMAILS the server started with, in order, replacing the last list', async () => {
      const before = await uow.run((r) => r.users.configuredAdminEmails());
      try {
        await uow.run((r) => r.users.saveConfiguredAdminEmails(['chief@example.org', 'deputy@example.org']));
        expect(await uow.run((r) => r.users.configuredAdminEmails())).toEqual(['chief@example.org', 'deputy@example.org']);
        await uow.run((r) => r.users.saveConfiguredAdminEmails(['deputy@example.org']));
        expect(await uow.run((r) => r.users.configuredAdminEmails())).toEqual(['deputy@example.org']);
      } finally {
        await uow.run((r) => r.users.saveConfiguredAdminEmails(before));
      }
    });

    it('sets one account\'s role', async () => {
      const user = await register();
      await uow.run((r) => r.users.setRole(user.id, 'admin'));
      expect((await uow.run((r) => r.users.findById(user.id)))?.role).toBe('admin');
      await uow.run((r) => r.users.setRole(user.id, 'user'));
      expect((await uow.run((r) => r.users.findById(user.id)))?.role).toBe('user');
    });

    it('deletes an account with its ledger, analyses-in-flight and billing, keeping the audit entries it wrote and its invoices, anonymised', async () => {
      const admin = await register();
      const user = await register(aUser(), 3);
      const payment: NewPayment = {
        invoiceId: `in_${randomUUID()}`, userId: user.id, subscriptionId: `sub_${user.id}`, paymentId: `pi_${randomUUID()}`, tierId: 'patriot',
        amountCents: 2900, refundedCents: 0, creditsGranted: 5, billingReason: 'subscription_create', paidAt: new Date(Date.UTC(2026, 2, 1)),
      };
      await uow.run(async (r) => {
        await r.pendingAnalyses.insert(aPendingAnalysis(user.id));
        await r.billing.saveCustomer(user.id, `cus_${user.id}`);
        await r.billing.recordPayment(payment);
        await r.audit.record({ id: randomUUID(), actorId: admin.id, actorLabel: admin.email, action: 'user.credits', target: user.id, before: { credits: 0 }, after: { credits: 3 }, createdAt: new Date() });
      });
      expect(await uow.run((r) => r.users.delete(user.id))).toBe(true);
      expect(await uow.run((r) => r.users.delete(user.id))).toBe(false);
      expect(await uow.run((r) => r.users.findById(user.id))).toBeNull();
      expect(await uow.run((r) => r.ledger.history(user.id))).toEqual([]);
      expect(await uow.run((r) => r.billing.userIdOfCustomer(`cus_${user.id}`))).toBeNull();
      expect((await uow.run((r) => r.pendingAnalyses.list())).some((p) => p.userId === user.id)).toBe(false);
      expect(await uow.run((r) => r.billing.listPayments(user.id))).toEqual([]);
      expect(await uow.run((r) => r.billing.findPaymentByPaymentId(payment.paymentId!))).toEqual({ ...payment, userId: null });

      expect(await uow.run((r) => r.users.delete(admin.id))).toBe(true);
      const { entries } = await uow.run((r) => r.audit.list({ offset: 0, limit: 500 }));
      const kept = entries.find((e) => e.target === user.id);
      expect(kept).toMatchObject({ actorId: null, actorLabel: admin.email, action: 'user.credits', before: { credits: 0 }, after: { credits: 3 } });
      expect(await uow.run((r) => r.users.delete('not-a-uuid'))).toBe(false);
    });

    it('lists audit entries newest first, a page at a time', async () => {
      const admin = await register();
      const base = Date.now() + 10_000_000;
      const ids = [0, 1, 2].map(() => randomUUID());
      await uow.run(async (r) => {
        for (const [i, id] of ids.entries()) {
          await r.audit.record({ id, actorId: admin.id, actorLabel: admin.email, action: 'prompt.update', target: 'summary_prompt', before: null, after: { n: i }, createdAt: new Date(base + i * 1000) });
        }
      });
      const first = await uow.run((r) => r.audit.list({ offset: 0, limit: 2 }));
      expect(first.entries.map((e) => e.id)).toEqual([ids[2], ids[1]]);
      expect(first.total).toBeGreaterThanOrEqual(3);
      expect((await uow.run((r) => r.audit.list({ offset: 2, limit: 1 }))).entries.map((e) => e.id)).toEqual([ids[0]]);
    });

    it('count users by tier and role, and credits spent on analyses less their refunds', async () => {
      const before = await uow.run((r) => r.stats.summary());
      const citizen = await register(aUser(), 3);
      const patriot = await register(aUser({ tierId: 'patriot' }));
      await register(aUser({ role: 'admin' }));
      await uow.run(async (r) => {
        await r.ledger.post({ userId: citizen.id, delta: -1, reason: 'analysis_debit', reference: `a-${citizen.id}-1` });
        await r.ledger.post({ userId: citizen.id, delta: -1, reason: 'analysis_debit', reference: `a-${citizen.id}-2` });
        await r.ledger.post({ userId: citizen.id, delta: 1, reason: 'analysis_refund', reference: `a-${citizen.id}-2` });
      });
      const after = await uow.run((r) => r.stats.summary());
      expect(after.totalUsers - before.totalUsers).toBe(3);
      expect(after.freeUsers - before.freeUsers).toBe(2);
      expect(after.paidUsers - before.paidUsers).toBe(1);
      expect(after.admins - before.admins).toBe(1);
      expect(after.creditsSpent - before.creditsSpent).toBe(1);
      expect(patriot.tierId).toBe('patriot');
    });

    it('give analyses, sign-ups and revenue net of refunds for each UTC day of a range, a day with nothing as zeros', async () => {
      // June 2039: no other test writes there, so the days hold exactly what this test stores.
      const at = (iso: string) => new Date(iso);
      const member = await register(aUser({ createdAt: at('2039-06-10T08:00:00Z') }));
      await register(aUser({ createdAt: at('2039-05-31T23:59:59Z') }));
      const analysis = (createdAt: string) => ({
        id: randomUUID(), userId: member.id, createdAt: at(createdAt), analysisType: 'summary' as const,
        document: { title: 'Levy', type: 'text' as const }, result: { summary: 'A levy' },
      });
      const payment = (paidAt: string, amountCents: number): NewPayment => ({
        invoiceId: `in_${randomUUID()}`, userId: member.id, subscriptionId: null, paymentId: amountCents ? `pi_${randomUUID()}` : null, tierId: 'patriot',
        amountCents, refundedCents: 0, creditsGranted: 5, billingReason: 'subscription_create', paidAt: at(paidAt),
      });
      const refunded = payment('2039-06-20T09:00:00Z', 2900);
      await uow.run(async (r) => {
        for (const createdAt of ['2039-06-14T23:59:59.999Z', '2039-06-15T00:00:00Z', '2039-05-31T12:00:00Z', '2039-07-01T00:00:00Z']) {
          await r.analyses.save(analysis(createdAt));
        }
        for (const paid of [refunded, payment('2039-06-20T23:00:00Z', 9900), payment('2039-06-21T10:00:00Z', 0), payment('2039-05-31T10:00:00Z', 2900)]) {
          await r.billing.recordPayment(paid);
        }
        await r.billing.setRefunded(refunded.invoiceId, 1000);
      });

      const days = await uow.read((r) => r.stats.daily({ first: '2039-06-01', last: '2039-06-30' }));
      const busy: Record<string, { analyses?: number; signUps?: number; revenueCents?: number }> = {
        '2039-06-10': { signUps: 1 },
        '2039-06-14': { analyses: 1 },
        '2039-06-15': { analyses: 1 },
        '2039-06-20': { revenueCents: 1900 + 9900 },
      };
      expect(days).toEqual(Array.from({ length: 30 }, (_, i) => {
        const day = `2039-06-${String(i + 1).padStart(2, '0')}`;
        return { day, analyses: 0, signUps: 0, revenueCents: 0, ...busy[day] };
      }));
      expect(await uow.read((r) => r.stats.daily({ first: '2039-06-14', last: '2039-06-14' }))).toEqual([{ day: '2039-06-14', analyses: 1, signUps: 0, revenueCents: 0 }]);
    });
  });
}
