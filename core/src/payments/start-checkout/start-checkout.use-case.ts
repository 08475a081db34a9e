import { normalizePromoCode, type CreatePaymentIntentResponse, type TierId } from '../../contracts/index.ts';
import { domainError, type DomainError } from '../../shared/domain-error.ts';
import { err, ok, type Result } from '../../shared/result.ts';
import type { Clock } from '../../shared/clock.port.ts';
import type { IdGenerator } from '../../shared/id-generator.port.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import type { PaymentGateway } from '../payment-gateway.port.ts';
import { payingSubscriptionStatuses } from '../billing-repository.port.ts';
import { alreadyRedeemed, promoRefusal, unknownPromo } from '../../promos/promo-checks.ts';
import type { PromoCode } from '../../promos/promo-code.ts';
import { firstMonthDollars, tierDollars } from '../checkout-price.ts';
import { paymentMessages, paymentsNotConfigured } from '../payment-messages.ts';
import { endReplacedSubscriptions, settlePaidInvoice } from '../settle-paid-invoice.ts';
import type { MessageComposer } from '../../notifications/message-composer.ts';

export interface StartCheckoutInput {
  tier: Exclude<TierId, 'citizen'>;
  /** Whole dollars the page shows; checked against the server's own price when given. */
  amount?: number;
  originalAmount?: number;
  promoCode?: string;
}

export interface CheckoutRules {
  /** True where a verification link can reach the user (SMTP_URL set): an unverified account may not subscribe. */
  verifiedEmailRequired: boolean;
}

/**
 * Starts a monthly subscription to a paid tier (docs/product/payments.md "Checkout" and "create-subscription";
 * docs/product/payments.md "Checkout"). The server prices the tier itself and refuses an amount that disagrees. A
 * discount code takes its percent off the first month through a coupon that applies once; a credits code
 * is remembered and adds its credits when the first invoice is paid. Nothing is granted here unless the
 * first invoice costs nothing (a 100% code) and the provider already reports it paid. Where the server can
 * deliver e-mail, only an account whose address is verified may subscribe (`email.unverified` otherwise); where
 * it cannot, no verification link can arrive, so the rule would stop everyone (docs/product/accounts.md "E-mail verification").
 *
 * Provider calls happen outside any transaction; an earlier checkout of this user that was never paid is
 * ended first, so abandoned attempts do not pile up at the provider.
 */
export class StartCheckout {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly gateway: PaymentGateway | null,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly messages: MessageComposer,
    private readonly rules: CheckoutRules,
  ) {}

  async execute(userId: string, input: StartCheckoutInput): Promise<Result<CreatePaymentIntentResponse, DomainError>> {
    const gateway = this.gateway;
    if (!gateway) return err(paymentsNotConfigured());

    const plan = await this.uow.run(async ({ users, tiers, billing, promos }) => {
      const user = await users.findById(userId);
      if (!user) return err(domainError('auth.unauthorized', 'Unauthorized'));
      // The receipts and the provider's customer go to this address: proven the user's where a link can prove it (ADR 0008).
      if (this.rules.verifiedEmailRequired && !user.emailVerifiedAt) return err(domainError('email.unverified', paymentMessages.emailUnverified));
      const tier = await tiers.get(input.tier);
      if (!tier || !tier.isActive || tier.priceCents <= 0 || !tier.stripePriceId) {
        return err(domainError('billing.tier_unavailable', paymentMessages.tierUnavailable(tier?.name ?? input.tier)));
      }
      const open = await billing.openSubscriptions(userId);
      if (user.tierId === tier.id && open.some((s) => s.tierId === tier.id && payingSubscriptionStatuses.includes(s.status))) {
        return err(domainError('billing.already_subscribed', paymentMessages.alreadySubscribed(tier.name)));
      }
      let promo: PromoCode | null = null;
      const code = input.promoCode ? normalizePromoCode(input.promoCode) : '';
      if (code) {
        promo = await promos.findByCode(code);
        if (!promo) return err(unknownPromo());
        if (await promos.hasRedeemed(promo.id, userId)) return err(alreadyRedeemed());
        const refusal = promoRefusal(promo, this.clock.now());
        if (refusal) return err(refusal);
      }
      const discountPercent = promo?.type === 'discount' ? promo.discountPercent : 0;
      const fullDollars = tierDollars(tier.priceCents);
      const dueDollars = firstMonthDollars(tier.priceCents, discountPercent);
      if ((input.amount !== undefined && input.amount !== dueDollars) || (input.originalAmount !== undefined && input.originalAmount !== fullDollars)) {
        return err(domainError('payment.amount_mismatch', paymentMessages.amountMismatch(tier.name, dueDollars)));
      }
      return ok({
        user,
        tier: { ...tier, stripePriceId: tier.stripePriceId },
        promo,
        dueDollars,
        customerId: await billing.customerIdOf(userId),
        unpaid: open.filter((s) => s.status === 'incomplete'),
      });
    });
    if (!plan.ok) return plan;
    const { user, tier, promo, dueDollars, unpaid } = plan.value;

    const customer = await gateway.ensureCustomer({
      userId,
      email: user.email,
      name: [user.firstName, user.lastName].filter(Boolean).join(' ') || null,
      existingCustomerId: plan.value.customerId,
    });
    if (!customer.ok) return customer;
    const { customerId } = customer.value;
    if (customerId !== plan.value.customerId) await this.uow.run(({ billing }) => billing.saveCustomer(userId, customerId));

    for (const stale of unpaid) {
      const ended = await gateway.cancelSubscriptionNow(stale.id);
      if (!ended.ok) return ended;
      await this.uow.run(({ billing }) => billing.saveSubscription({ ...stale, status: 'canceled', updatedAt: this.clock.now() }));
    }

    const started = await gateway.startSubscription({
      customerId,
      priceId: tier.stripePriceId,
      firstInvoiceDiscountCents: tier.priceCents - dueDollars * 100,
      metadata: { userId, tierId: tier.id },
      idempotencyKey: `checkout-${this.ids.next()}`,
    });
    if (!started.ok) return started;
    const subscription = started.value;

    const settled = await this.uow.run(async (repos) => {
      const now = this.clock.now();
      await repos.billing.saveSubscription({
        id: subscription.subscriptionId,
        userId,
        customerId,
        tierId: tier.id,
        status: subscription.status,
        cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
        currentPeriodEnd: subscription.currentPeriodEnd,
        promoId: promo?.id ?? null,
        createdAt: now,
        updatedAt: now,
      });
      return subscription.invoice.status === 'paid' ? settlePaidInvoice(repos, subscription.invoice, this.clock, this.messages) : null;
    });
    if (settled) await endReplacedSubscriptions(gateway, settled.replacedSubscriptionIds);

    return ok({
      ...(subscription.clientSecret ? { clientSecret: subscription.clientSecret } : {}),
      subscriptionId: subscription.subscriptionId,
      amount: dueDollars,
      paid: settled !== null,
      ...(settled ? { credits: settled.balance } : {}),
    });
  }
}

