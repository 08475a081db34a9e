import type { RefundInput, RefundResponse } from '../../contracts/admin.contract.ts';
import { domainError, type DomainError } from '../../shared/domain-error.ts';
import { err, ok, type Result } from '../../shared/result.ts';
import type { Clock } from '../../shared/clock.port.ts';
import type { IdGenerator } from '../../shared/id-generator.port.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import type { PaymentGateway } from '../../payments/payment-gateway.port.ts';
import { paymentsNotConfigured } from '../../payments/payment-messages.ts';
import { applyRefund } from '../../payments/apply-refund.ts';
import type { AdminActor } from '../audit-log.port.ts';
import { adminMessages, userNotFound } from '../admin-messages.ts';
import { audit } from '../audit.ts';

/**
 * POST /api/admin/refund (docs/product/credits-and-tiers.md "What each tier may do", docs/product/payments.md "Refunds"; docs/product/payments.md "Refunds"): refunds part or all of the user's latest
 * payment through Stripe, never more than is left of it, with the reason stored in the audit log and at
 * Stripe. A refund that completes the payment takes back its credits (applyRefund), exactly as when Stripe
 * reports a refund made in its Dashboard.
 */
export class RefundPayment {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly gateway: PaymentGateway | null,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  async execute(actor: AdminActor, input: RefundInput): Promise<Result<RefundResponse, DomainError>> {
    const gateway = this.gateway;
    if (!gateway) return err(paymentsNotConfigured());
    const amountCents = Math.round(input.amount * 100);

    const found = await this.uow.run(async ({ users, billing }) => {
      const user = await users.findById(input.userId);
      if (!user) return err(userNotFound());
      const latest = (await billing.listPayments(input.userId)).find((p) => p.paymentId !== null && p.amountCents > 0);
      if (!latest) return err(domainError('validation.invalid', adminMessages.noRefundablePayment));
      const left = latest.amountCents - latest.refundedCents;
      if (amountCents > left) return err(domainError('validation.invalid', adminMessages.refundTooLarge((left / 100).toFixed(2))));
      return ok({ payment: latest, email: user.email });
    });
    if (!found.ok) return found;
    const { payment, email } = found.value;

    const refunded = await gateway.refund({
      paymentId: payment.paymentId!,
      amountCents,
      reason: input.reason,
      idempotencyKey: `refund-${this.ids.next()}`,
    });
    if (!refunded.ok) return refunded;

    // The total this refund makes, from the row read before Stripe was called: if Stripe's charge.refunded
    // was handled meanwhile, it already recorded the same total and applyRefund changes nothing.
    const refundedTotal = payment.refundedCents + refunded.value.amountCents;
    return this.uow.run(async (repos) => {
      const current = (await repos.billing.findPaymentByPaymentId(payment.paymentId!)) ?? payment;
      await applyRefund(repos, current, refundedTotal);
      await audit(repos, { actor, clock: this.clock, ids: this.ids }, 'user.refund', email,
        { refundedCents: payment.refundedCents },
        { refundedCents: refundedTotal, amountCents: refunded.value.amountCents, invoiceId: payment.invoiceId, refundId: refunded.value.refundId, reason: input.reason });
      return ok({ refundId: refunded.value.refundId, amount: refunded.value.amountCents / 100, invoiceId: payment.invoiceId });
    });
  }
}
