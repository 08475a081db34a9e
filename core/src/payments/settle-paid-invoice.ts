import type { Clock } from '../shared/clock.port.ts';
import type { Repositories } from '../shared/unit-of-work.port.ts';
import type { TierId } from '../contracts/tiers.contract.ts';
import type { InvoiceRecord, PaymentGateway } from './payment-gateway.port.ts';
import { payingSubscriptionStatuses } from './billing-repository.port.ts';
import type { MessageComposer } from '../notifications/message-composer.ts';

export interface Settlement {
  userId: string;
  tierId: TierId;
  /** The balance after the settlement. */
  balance: number;
  /** 0 when the invoice had been settled before. */
  creditsGranted: number;
  /** Other paid subscriptions of the user, to end at the provider now that this one is paid (a plan switch). */
  replacedSubscriptionIds: string[];
}

/**
 * Grants what a paid invoice buys, once per invoice, whoever reports it first: `payment-success` or the
 * webhook (docs/product/payments.md "Confirming a payment"). Runs inside the caller's transaction.
 *
 * The invoice row's primary key decides "first": a second report inserts nothing and grants nothing.
 * A first invoice also counts its checkout promo code as used (a credits code adds its credits now, after
 * the payment, as the checkout page promised), and moves the user to the tier. Answers null when the
 * invoice belongs to no user of ours. The receipt e-mail goes into the outbox with the first settlement only,
 * for users who keep receipts on.
 */
export async function settlePaidInvoice(
  repos: Repositories,
  invoice: InvoiceRecord,
  clock: Clock,
  messages: MessageComposer,
): Promise<Settlement | null> {
  const { billing, ledger, tiers, users, promos, outbox } = repos;
  const subscription = invoice.subscriptionId ? await billing.findSubscription(invoice.subscriptionId) : null;
  const userId = subscription?.userId ?? (await billing.userIdOfCustomer(invoice.customerId));
  if (!userId) return null;
  const user = await users.findById(userId);
  if (!user) return null;

  // The invoice's Price is the provider's word on what was bought; the stored checkout is the fallback.
  const allTiers = await tiers.list();
  const tier = allTiers.find((t) => invoice.priceId !== null && t.stripePriceId === invoice.priceId)
    ?? allTiers.find((t) => t.id === subscription?.tierId);
  if (!tier) return null;

  const now = clock.now();
  const recorded = await billing.recordPayment({
    invoiceId: invoice.invoiceId,
    userId,
    subscriptionId: invoice.subscriptionId,
    paymentId: invoice.paymentId,
    tierId: tier.id,
    amountCents: invoice.amountPaidCents,
    refundedCents: 0,
    creditsGranted: tier.monthlyCredits,
    billingReason: invoice.billingReason,
    paidAt: now,
  });
  if (!recorded) {
    // Reported before, perhaps by a transaction that committed while this one waited on the invoice's key:
    // the balance read above may predate it.
    const current = await users.findById(userId);
    return { userId, tierId: tier.id, balance: current?.credits ?? user.credits, creditsGranted: 0, replacedSubscriptionIds: [] };
  }

  const renewal = invoice.billingReason === 'subscription_cycle';
  const posted = await ledger.post({ userId, delta: tier.monthlyCredits, reason: renewal ? 'renewal' : 'payment', reference: `invoice:${invoice.invoiceId}` });
  if (!posted.ok) throw new Error(`Granting the credits of invoice ${invoice.invoiceId} failed: ${posted.error.message}`);
  let balance = posted.value.balance;
  let creditsGranted = tier.monthlyCredits;

  if (!renewal && subscription?.promoId) {
    const promo = await promos.findById(subscription.promoId);
    if (promo && (await promos.recordRedemption(promo.id, userId, now))) {
      // The buyer was promised this code when the checkout started; a code that ran out meanwhile is still honoured.
      await promos.claimUse(promo.id, now);
      if (promo.type === 'credits' && promo.credits > 0) {
        const bonus = await ledger.post({ userId, delta: promo.credits, reason: 'promo', reference: `promo:${promo.id}:${userId}` });
        if (!bonus.ok) throw new Error(`Granting the credits of promo ${promo.code} failed: ${bonus.error.message}`);
        balance = bonus.value.balance;
        creditsGranted += promo.credits;
      }
    }
  }

  const replacedSubscriptionIds: string[] = [];
  if (subscription) {
    await billing.saveSubscription({
      ...subscription,
      tierId: tier.id,
      status: 'active',
      currentPeriodEnd: invoice.periodEnd ?? subscription.currentPeriodEnd,
      updatedAt: now,
    });
    for (const other of await billing.openSubscriptions(userId)) {
      if (other.id === subscription.id || !payingSubscriptionStatuses.includes(other.status)) continue;
      replacedSubscriptionIds.push(other.id);
      await billing.saveSubscription({ ...other, status: 'canceled', updatedAt: now });
    }
  }
  await users.updateTier(userId, tier.id);
  // The user may turn receipts off in account settings; the invoice itself stays at the provider (Billing).
  if (user.emailPreferences.receipts) {
    await outbox.enqueue(messages.paymentReceipt(user, {
      tierName: tier.name,
      amountCents: invoice.amountPaidCents,
      creditsGranted,
      renewal,
      invoiceId: invoice.invoiceId,
    }));
  }
  return { userId, tierId: tier.id, balance, creditsGranted, replacedSubscriptionIds };
}

/**
 * After a plan switch is paid, the old plan ends at the provider. Our records already say so; a provider
 * failure here is left for the provider's own `customer.subscription.deleted` or an administrator, and
 * never undoes the payment just settled.
 */
export async function endReplacedSubscriptions(gateway: PaymentGateway, subscriptionIds: readonly string[]): Promise<void> {
  for (const id of subscriptionIds) await gateway.cancelSubscriptionNow(id);
}
