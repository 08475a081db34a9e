import type { NewPayment, StoredSubscription } from '../payments/billing-repository.port.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { UnitOfWork } from '../shared/unit-of-work.port.ts';

/**
 * Makes `userId` a Patriot as a paid checkout leaves one: a customer at the provider, a running
 * subscription, its paid invoice and the month's five credits.
 */
export async function givePaidPatriotPlan(uow: UnitOfWork, userId: string, clock: Clock) {
  const subscription: StoredSubscription = {
    id: `sub_${userId}`, userId, customerId: `cus_${userId}`, tierId: 'patriot', status: 'active', cancelAtPeriodEnd: false,
    currentPeriodEnd: new Date('2026-04-15T12:00:00Z'), promoId: null, createdAt: clock.now(), updatedAt: clock.now(),
  };
  const payment: NewPayment = {
    invoiceId: `in_${userId}`, userId, subscriptionId: subscription.id, paymentId: `pi_${userId}`, tierId: 'patriot',
    amountCents: 2900, refundedCents: 0, creditsGranted: 5, billingReason: 'subscription_create', paidAt: clock.now(),
  };
  await uow.run(async (r) => {
    await r.billing.saveCustomer(userId, subscription.customerId);
    await r.billing.saveSubscription(subscription);
    await r.billing.recordPayment(payment);
    await r.users.updateTier(userId, 'patriot');
    await r.ledger.post({ userId, delta: 5, reason: 'payment', reference: `invoice:${payment.invoiceId}` });
  });
  return { subscription, payment };
}
