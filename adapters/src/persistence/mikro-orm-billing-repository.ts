import type { EntityManager } from '@mikro-orm/postgresql';
import type { Kysely } from 'kysely';
import type { InferEntity } from '@mikro-orm/core';
import {
  openSubscriptionStatuses,
  type BillingRepository, type InvoiceBillingReason, type NewPayment, type StoredPayment, type StoredSubscription, type SubscriptionStatus, type TierId,
} from '@civicwatch/core';
import { BillingCustomerEntity, PaymentEntity, SubscriptionEntity } from './entities/billing.entity.ts';
import { isUuid } from './sql-helpers.ts';
import { kysely, type Database } from './kysely-database.ts';

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
 * Reads bypass the identity map, like the other repositories: rows also change by Kysely's queries. The writes
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
    await this.db.insertInto('billing_customers').values({ user_id: userId, customer_id: customerId })
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet((eb) => ({ customer_id: eb.ref('excluded.customer_id') })))
      .execute();
  }

  async findSubscription(id: string): Promise<StoredSubscription | null> {
    const row = await this.em.findOne(SubscriptionEntity, { id }, { disableIdentityMap: true });
    return row ? toSubscription(row) : null;
  }

  async saveSubscription(s: StoredSubscription): Promise<void> {
    await this.db.insertInto('subscriptions')
      .values({
        id: s.id, user_id: s.userId, customer_id: s.customerId, tier_id: s.tierId, status: s.status, cancel_at_period_end: s.cancelAtPeriodEnd,
        current_period_end: s.currentPeriodEnd, promo_id: s.promoId, created_at: s.createdAt, updated_at: s.updatedAt,
      })
      .onConflict((conflict) => conflict.column('id').doUpdateSet((eb) => ({
        tier_id: eb.ref('excluded.tier_id'), status: eb.ref('excluded.status'),
        cancel_at_period_end: eb.ref('excluded.cancel_at_period_end'), current_period_end: eb.ref('excluded.current_period_end'),
        promo_id: eb.ref('excluded.promo_id'), updated_at: eb.ref('excluded.updated_at'),
      })))
      .execute();
  }

  async openSubscriptions(userId: string): Promise<StoredSubscription[]> {
    if (!isUuid(userId)) return [];
    const rows = await this.em.find(SubscriptionEntity, { user: userId, status: { $in: [...openSubscriptionStatuses] } },
      { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], disableIdentityMap: true });
    return rows.map(toSubscription);
  }

  async recordPayment(payment: NewPayment): Promise<boolean> {
    const inserted = await this.db.insertInto('payments')
      .values({
        invoice_id: payment.invoiceId, user_id: payment.userId, subscription_id: payment.subscriptionId, payment_id: payment.paymentId,
        tier_id: payment.tierId, amount_cents: payment.amountCents, refunded_cents: payment.refundedCents,
        credits_granted: payment.creditsGranted, billing_reason: payment.billingReason, paid_at: payment.paidAt,
      })
      .onConflict((conflict) => conflict.doNothing())
      .returning('invoice_id')
      .executeTakeFirst();
    return inserted !== undefined;
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
    await this.db.updateTable('payments').set({ refunded_cents: refundedCents }).where('invoice_id', '=', invoiceId).execute();
  }

  async markEventProcessed(eventId: string, type: string, at: Date): Promise<boolean> {
    const inserted = await this.db.insertInto('payment_events').values({ id: eventId, type, processed_at: at })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  private get db(): Kysely<Database> {
    return kysely(this.em);
  }
}
