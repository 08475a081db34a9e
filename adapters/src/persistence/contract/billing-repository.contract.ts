import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type NewPayment, type StoredSubscription, type User } from '@civicwatch/core';
import type { ContractHarness } from './harness.ts';

/** Customers, subscriptions, paid invoices and provider events (ADR 0006). */
export function billingRepositoryContract({ uow, register }: ContractHarness): void {
  describe('billing', () => {
    const at = (offsetSeconds = 0) => new Date((Math.floor(Date.now() / 1000) + offsetSeconds) * 1000);
    const aSubscription = (user: User, overrides: Partial<StoredSubscription> = {}): StoredSubscription => ({
      id: `sub_${randomUUID()}`,
      userId: user.id,
      customerId: `cus_${user.id}`,
      tierId: 'patriot',
      status: 'incomplete',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: null,
      promoId: null,
      createdAt: at(),
      updatedAt: at(),
      ...overrides,
    });
    const aPayment = (user: User, overrides: Partial<NewPayment> = {}): NewPayment => ({
      invoiceId: `in_${randomUUID()}`,
      userId: user.id,
      subscriptionId: null,
      paymentId: `pi_${randomUUID()}`,
      tierId: 'patriot',
      amountCents: 2900,
      refundedCents: 0,
      creditsGranted: 5,
      billingReason: 'subscription_create',
      paidAt: at(),
      ...overrides,
    });

    it('link one customer to a user, both ways, replacing it when asked', async () => {
      const user = await register();
      expect(await uow.run((r) => r.billing.customerIdOf(user.id))).toBeNull();
      await uow.run((r) => r.billing.saveCustomer(user.id, `cus_a_${user.id}`));
      expect(await uow.run((r) => r.billing.customerIdOf(user.id))).toBe(`cus_a_${user.id}`);
      expect(await uow.run((r) => r.billing.userIdOfCustomer(`cus_a_${user.id}`))).toBe(user.id);
      await uow.run((r) => r.billing.saveCustomer(user.id, `cus_b_${user.id}`));
      expect(await uow.run((r) => r.billing.customerIdOf(user.id))).toBe(`cus_b_${user.id}`);
      expect(await uow.run((r) => r.billing.userIdOfCustomer(`cus_a_${user.id}`))).toBeNull();
      expect(await uow.run((r) => r.billing.customerIdOf('not-a-uuid'))).toBeNull();
    });

    it('save subscriptions, update them in place and list the open ones newest first', async () => {
      const user = await register();
      const older = aSubscription(user, { createdAt: at(-60), updatedAt: at(-60) });
      const newer = aSubscription(user, { status: 'active', currentPeriodEnd: at(3600) });
      const ended = aSubscription(user, { status: 'canceled', createdAt: at(-30) });
      await uow.run(async (r) => { for (const s of [older, newer, ended]) await r.billing.saveSubscription(s); });
      expect(await uow.run((r) => r.billing.findSubscription(newer.id))).toEqual(newer);
      expect((await uow.run((r) => r.billing.openSubscriptions(user.id))).map((s) => s.id)).toEqual([newer.id, older.id]);
      const cancelled = { ...newer, cancelAtPeriodEnd: true, status: 'canceled' as const, updatedAt: at(5) };
      await uow.run((r) => r.billing.saveSubscription(cancelled));
      expect(await uow.run((r) => r.billing.findSubscription(newer.id))).toEqual(cancelled);
      expect((await uow.run((r) => r.billing.openSubscriptions(user.id))).map((s) => s.id)).toEqual([older.id]);
    });

    it('record a paid invoice once, even when it is reported several times at once', async () => {
      const user = await register();
      const payment = aPayment(user);
      const attempts = await Promise.all(Array.from({ length: 8 }, () => uow.run((r) => r.billing.recordPayment(payment))));
      expect(attempts.filter(Boolean)).toHaveLength(1);
      expect(await uow.run((r) => r.billing.findPaymentByPaymentId(payment.paymentId!))).toEqual(payment);
      expect(await uow.run((r) => r.billing.listPayments(user.id))).toEqual([payment]);
      await uow.run((r) => r.billing.setRefunded(payment.invoiceId, 1000));
      expect((await uow.run((r) => r.billing.findPaymentByPaymentId(payment.paymentId!)))?.refundedCents).toBe(1000);
    });

    it('never record a refund above the amount paid', async () => {
      const user = await register();
      const payment = aPayment(user);
      await uow.run((r) => r.billing.recordPayment(payment));
      await expect(uow.run((r) => r.billing.setRefunded(payment.invoiceId, 2901))).rejects.toThrow();
      expect((await uow.run((r) => r.billing.findPaymentByPaymentId(payment.paymentId!)))?.refundedCents).toBe(0);
    });

    it('mark a provider event processed once, even at once', async () => {
      const id = `evt_${randomUUID()}`;
      const attempts = await Promise.all(Array.from({ length: 8 }, () => uow.run((r) => r.billing.markEventProcessed(id, 'invoice.paid', new Date()))));
      expect(attempts.filter(Boolean)).toHaveLength(1);
    });

    it('forget a processed event whose transaction failed, so its redelivery is handled', async () => {
      const id = `evt_${randomUUID()}`;
      await expect(uow.run(async (r) => {
        await r.billing.markEventProcessed(id, 'invoice.paid', new Date());
        throw new Error('the handler failed');
      })).rejects.toThrow('the handler failed');
      expect(await uow.run((r) => r.billing.markEventProcessed(id, 'invoice.paid', new Date()))).toBe(true);
    });
  });
}
