import type { EntityManager } from '@mikro-orm/postgresql';
import type { InferEntity } from '@mikro-orm/core';
import {
  openSubscriptionStatuses,
  type BillingRepository, type InvoiceBillingReason, type NewPayment, type StoredPayment, type StoredSubscription, type SubscriptionStatus, type TierId,
} from '@civicwatch/core';
import { BillingCustomerEntity, PaymentEntity, SubscriptionEntity } from './entities/billing.entity.ts';
import { isUuid } from './sql-helpers.ts';

type SubscriptionRow = InferEntity<typeof SubscriptionEntity>;
type PaymentRow = InferEntity<typeof PaymentEntity>;

const toSubscription = (row: SubscriptionRow): StoredSubscription => ({
  id: row.id,
  userId: row.user,
  customerId: row.customerId,
  tierId: row.tier as TierId,
  status: row.status as SubscriptionStatus,
  cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  currentPeriodEnd: row.currentPeriodEnd ?? null,
  promoId: row.promo ?? null,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

const toPayment = (row: PaymentRow): StoredPayment => ({
  invoiceId: row.invoiceId,
  userId: row.user ?? null,
  subscriptionId: row.subscriptionId ?? null,
  paymentId: row.paymentId ?? null,
  tierId: row.tier as TierId,
  amountCents: row.amountCents,
  refundedCents: row.refundedCents,
  creditsGranted: row.creditsGranted,
  billingReason: row.billingReason as InvoiceBillingReason,
  paidAt: row.paidAt,
});

/**
 * Reads bypass the identity map, like the other repositories: rows also change by raw SQL. The writes
 * that decide "once" (a paid invoice, a provider event) are single INSERT … ON CONFLICT DO NOTHING
 * statements, so two concurrent reports of one invoice wait on its key and only the first inserts (a
 * payment's row conflicts on both its invoice and its payment id, hence no conflict target).
 */
export class MikroOrmBillingRepository implements BillingRepository {
  constructor(private readonly em: EntityManager) {}

  async customerIdOf(userId: string): Promise<string | null> {
    if (!isUuid(userId)) return null;
    const row = await this.em.findOne(BillingCustomerEntity, { user: userId }, { disableIdentityMap: true });
    return row?.customerId ?? null;
  }

  async userIdOfCustomer(customerId: string): Promise<string | null> {
    const row = await this.em.findOne(BillingCustomerEntity, { customerId }, { disableIdentityMap: true });
    return row?.user ?? null;
  }

  async saveCustomer(userId: string, customerId: string): Promise<void> {
    await this.em.execute(
      `insert into billing_customers (user_id, customer_id) values (?, ?)
       on conflict (user_id) do update set customer_id = excluded.customer_id`,
      [userId, customerId]);
  }

  async findSubscription(id: string): Promise<StoredSubscription | null> {
    const row = await this.em.findOne(SubscriptionEntity, { id }, { disableIdentityMap: true });
    return row ? toSubscription(row) : null;
  }

  async saveSubscription(s: StoredSubscription): Promise<void> {
    await this.em.execute(
      `insert into subscriptions (id, user_id, customer_id, tier_id, status, cancel_at_period_end, current_period_end, promo_id, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (id) do update set tier_id = excluded.tier_id, status = excluded.status,
         cancel_at_period_end = excluded.cancel_at_period_end, current_period_end = excluded.current_period_end,
         promo_id = excluded.promo_id, updated_at = excluded.updated_at`,
      [s.id, s.userId, s.customerId, s.tierId, s.status, s.cancelAtPeriodEnd, s.currentPeriodEnd, s.promoId, s.createdAt, s.updatedAt]);
  }

  async openSubscriptions(userId: string): Promise<StoredSubscription[]> {
    if (!isUuid(userId)) return [];
    const rows = await this.em.find(SubscriptionEntity, { user: userId, status: { $in: [...openSubscriptionStatuses] } },
      { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], disableIdentityMap: true });
    return rows.map(toSubscription);
  }

  async recordPayment(payment: NewPayment): Promise<boolean> {
    const inserted = await this.em.execute<unknown[]>(
      `insert into payments (invoice_id, user_id, subscription_id, payment_id, tier_id, amount_cents, refunded_cents, credits_granted, billing_reason, paid_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       on conflict do nothing
       returning invoice_id`,
      [payment.invoiceId, payment.userId, payment.subscriptionId, payment.paymentId, payment.tierId, payment.amountCents,
        payment.refundedCents, payment.creditsGranted, payment.billingReason, payment.paidAt]);
    return inserted.length === 1;
  }

  async findPaymentByPaymentId(paymentId: string): Promise<StoredPayment | null> {
    const row = await this.em.findOne(PaymentEntity, { paymentId }, { disableIdentityMap: true });
    return row ? toPayment(row) : null;
  }

  async listPayments(userId: string): Promise<StoredPayment[]> {
    if (!isUuid(userId)) return [];
    const rows = await this.em.find(PaymentEntity, { user: userId }, { orderBy: [{ paidAt: 'desc' }, { invoiceId: 'desc' }], disableIdentityMap: true });
    return rows.map(toPayment);
  }

  async setRefunded(invoiceId: string, refundedCents: number): Promise<void> {
    await this.em.execute('update payments set refunded_cents = ? where invoice_id = ?', [refundedCents, invoiceId]);
  }

  async markEventProcessed(eventId: string, type: string, at: Date): Promise<boolean> {
    const inserted = await this.em.execute<unknown[]>(
      'insert into payment_events (id, type, processed_at) values (?, ?, ?) on conflict (id) do nothing returning id',
      [eventId, type, at]);
    return inserted.length === 1;
  }
}
