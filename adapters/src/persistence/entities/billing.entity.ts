import { defineEntity, p } from '@mikro-orm/core';
import { PromoCodeEntity } from './promo-code.entity.ts';
import { SubscriptionTierEntity } from './subscription-tier.entity.ts';
import { UserEntity } from './user.entity.ts';

/** The user's customer at the payment provider: one each, never shared. */
export const BillingCustomerEntity = defineEntity({
  name: 'BillingCustomer',
  tableName: 'billing_customers',
  properties: {
    user: () => p.manyToOne(UserEntity).fieldName('user_id').mapToPk().primary().deleteRule('cascade'),
    customerId: p.text().unique('billing_customers_customer_id_unique'),
    createdAt: p.datetime().defaultRaw('now()'),
  },
});

/** A subscription at the provider, as last reported; the provider's id is the key. */
export const SubscriptionEntity = defineEntity({
  name: 'Subscription',
  tableName: 'subscriptions',
  properties: {
    id: p.text().primary(),
    user: () => p.manyToOne(UserEntity).fieldName('user_id').mapToPk().deleteRule('cascade').index('subscriptions_user_id_index'),
    customerId: p.text(),
    tier: () => p.manyToOne(SubscriptionTierEntity).fieldName('tier_id').mapToPk(),
    status: p.text(),
    cancelAtPeriodEnd: p.boolean().default(false),
    currentPeriodEnd: p.datetime().nullable(),
    promo: () => p.manyToOne(PromoCodeEntity).fieldName('promo_id').mapToPk().nullable().deleteRule('set null'),
    createdAt: p.datetime().defaultRaw('now()'),
    updatedAt: p.datetime().defaultRaw('now()'),
  },
});

/**
 * One row per paid invoice: inserting it is what grants the month's credits, once. It outlives its account,
 * anonymised (ADR 0009).
 */
export const PaymentEntity = defineEntity({
  name: 'Payment',
  tableName: 'payments',
  properties: {
    invoiceId: p.text().primary(),
    user: () => p.manyToOne(UserEntity).fieldName('user_id').mapToPk().nullable().deleteRule('set null').index('payments_user_id_index'),
    subscriptionId: p.text().nullable(),
    paymentId: p.text().nullable().unique('payments_payment_id_unique'),
    tier: () => p.manyToOne(SubscriptionTierEntity).fieldName('tier_id').mapToPk(),
    amountCents: p.integer().check('amount_cents >= 0'),
    refundedCents: p.integer().default(0).check('refunded_cents >= 0 and refunded_cents <= amount_cents'),
    creditsGranted: p.integer().check('credits_granted >= 0'),
    billingReason: p.text(),
    paidAt: p.datetime().defaultRaw('now()'),
  },
});

/** Provider events already handled: the key makes each delivery count once. */
export const PaymentEventEntity = defineEntity({
  name: 'PaymentEvent',
  tableName: 'payment_events',
  properties: {
    id: p.text().primary(),
    type: p.text(),
    processedAt: p.datetime().defaultRaw('now()'),
  },
});
