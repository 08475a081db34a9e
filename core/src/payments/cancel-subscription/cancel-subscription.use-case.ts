import type { SubscriptionView } from '../../contracts/index.ts';
import { domainError, type DomainError } from '../../shared/domain-error.ts';
import { err, ok, type Result } from '../../shared/result.ts';
import type { Clock } from '../../shared/clock.port.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import type { PaymentGateway } from '../payment-gateway.port.ts';
import { payingSubscriptionStatuses } from '../billing-repository.port.ts';
import { paymentMessages, paymentsNotConfigured } from '../payment-messages.ts';
import { toSubscriptionView } from '../subscription-view.ts';

/**
 * Manage Subscription → Cancel Subscription (docs/product/payments.md "Cancelling a subscription"): the plan is cancelled at the end of
 * the period already paid for; the tier and the credits stay until then, and the provider's
 * `customer.subscription.deleted` at that date returns the user to Citizen.
 */
export class CancelSubscription {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly gateway: PaymentGateway | null,
    private readonly clock: Clock,
  ) {}

  async execute(userId: string): Promise<Result<NonNullable<SubscriptionView>, DomainError>> {
    const gateway = this.gateway;
    if (!gateway) return err(paymentsNotConfigured());
    const current = await this.uow.run(async ({ billing }) =>
      (await billing.openSubscriptions(userId)).find((s) => payingSubscriptionStatuses.includes(s.status)) ?? null);
    if (!current) return err(domainError('billing.no_subscription', paymentMessages.noSubscription));

    const state = await gateway.cancelAtPeriodEnd(current.id);
    if (!state.ok) return state;
    const updated = {
      ...current,
      status: state.value.status,
      cancelAtPeriodEnd: state.value.cancelAtPeriodEnd,
      currentPeriodEnd: state.value.currentPeriodEnd ?? current.currentPeriodEnd,
      updatedAt: this.clock.now(),
    };
    await this.uow.run(({ billing }) => billing.saveSubscription(updated));
    return ok(toSubscriptionView(updated));
  }
}
