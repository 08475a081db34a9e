import type { DomainError } from '../../shared/domain-error.ts';
import { err, ok, type Result } from '../../shared/result.ts';
import type { Clock } from '../../shared/clock.port.ts';
import type { Repositories, UnitOfWork } from '../../shared/unit-of-work.port.ts';
import type { PaymentEvent, PaymentGateway, SubscriptionState } from '../payment-gateway.port.ts';
import { payingSubscriptionStatuses } from '../billing-repository.port.ts';
import { paymentsNotConfigured } from '../payment-messages.ts';
import { applyRefund } from '../apply-refund.ts';
import { endReplacedSubscriptions, settlePaidInvoice } from '../settle-paid-invoice.ts';
import type { MessageComposer } from '../../notifications/message-composer.ts';

export type PaymentEventOutcome = 'processed' | 'duplicate' | 'ignored' | 'unreadable';

/**
 * A webhook delivery from the payment provider (docs/product/payments.md "Renewals and webhooks"): renewals, failed payments, refunds
 * and cancellations. The signature is checked before anything is read. Each event is handled once: it is
 * marked processed in the same transaction as its effects, so a delivery that fails is retried by the
 * provider, and a second delivery of the same event changes nothing.
 *
 * - `invoice.paid`: the invoice is read back from the provider and settled (the month's credits, once per
 *   invoice, whether or not payment-success reported it first).
 * - `invoice.payment_failed`: the subscription is past due; the tier stays until the provider ends it.
 * - a refund: a payment refunded in full takes back the credits it granted, as far as the balance allows.
 * - subscription updated or deleted: its status and period follow; when the last paid plan ends, the user
 *   returns to Citizen and keeps the credits already paid for.
 */
export class HandlePaymentEvent {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly gateway: PaymentGateway | null,
    private readonly clock: Clock,
    private readonly messages: MessageComposer,
  ) {}

  async execute(rawBody: Buffer, signature: string | undefined): Promise<Result<PaymentEventOutcome, DomainError>> {
    const gateway = this.gateway;
    if (!gateway) return err(paymentsNotConfigured());
    const read = gateway.readWebhook(rawBody, signature);
    if (!read.ok) return read;
    let event: PaymentEvent = read.value;
    if (event.kind === 'ignored' || event.kind === 'unreadable') return ok(event.kind);

    if (event.kind === 'invoice.paid') {
      // The event's copy may lack the payment; the provider's current invoice is the one to settle.
      const invoice = await gateway.getInvoice(event.invoice.invoiceId);
      if (!invoice.ok) return invoice;
      event = { ...event, invoice: invoice.value };
    }
    const handled = event;

    const outcome = await this.uow.run(async (repos) => {
      if (!(await repos.billing.markEventProcessed(handled.eventId, handled.kind, this.clock.now()))) {
        return { outcome: 'duplicate' as const, replaced: [] as string[] };
      }
      return { outcome: 'processed' as const, replaced: await this.apply(repos, handled) };
    });
    await endReplacedSubscriptions(gateway, outcome.replaced);
    return ok(outcome.outcome);
  }

  /** Answers the subscriptions to end at the provider (a plan switch paid by this event). */
  private async apply(repos: Repositories, event: Exclude<PaymentEvent, { kind: 'ignored' | 'unreadable' }>): Promise<string[]> {
    const now = this.clock.now();
    switch (event.kind) {
      case 'invoice.paid': {
        if (event.invoice.status !== 'paid') return [];
        const settled = await settlePaidInvoice(repos, event.invoice, this.clock, this.messages);
        return settled?.replacedSubscriptionIds ?? [];
      }
      case 'invoice.payment_failed': {
        const subscription = event.invoice.subscriptionId ? await repos.billing.findSubscription(event.invoice.subscriptionId) : null;
        if (subscription && subscription.status !== 'incomplete') {
          await repos.billing.saveSubscription({ ...subscription, status: 'past_due', updatedAt: now });
        }
        return [];
      }
      case 'payment.refunded': {
        const payment = await repos.billing.findPaymentByPaymentId(event.paymentId);
        if (payment) await applyRefund(repos, payment, event.amountRefundedCents);
        return [];
      }
      case 'subscription.updated':
      case 'subscription.deleted':
        await this.followSubscription(repos, event.subscription, event.kind === 'subscription.deleted');
        return [];
    }
  }

  private async followSubscription(repos: Repositories, state: SubscriptionState, deleted: boolean): Promise<void> {
    const stored = await repos.billing.findSubscription(state.subscriptionId);
    if (!stored) return;
    const now = this.clock.now();
    await repos.billing.saveSubscription({
      ...stored,
      status: deleted ? (stored.status === 'incomplete' ? 'incomplete_expired' : 'canceled') : state.status,
      cancelAtPeriodEnd: state.cancelAtPeriodEnd,
      currentPeriodEnd: state.currentPeriodEnd ?? stored.currentPeriodEnd,
      updatedAt: now,
    });
    if (!deleted) return;
    const stillPaying = (await repos.billing.openSubscriptions(stored.userId)).some((s) => payingSubscriptionStatuses.includes(s.status));
    if (!stillPaying) await repos.users.updateTier(stored.userId, 'citizen');
  }
}
