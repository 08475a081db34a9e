import type { PaymentSuccessResponse } from '../../contracts/index.ts';
import { domainError, type DomainError } from '../../shared/domain-error.ts';
import { err, ok, type Result } from '../../shared/result.ts';
import type { Clock } from '../../shared/clock.port.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import type { PaymentGateway } from '../payment-gateway.port.ts';
import { paymentMessages, paymentNotFound, paymentsNotConfigured } from '../payment-messages.ts';
import { endReplacedSubscriptions, settlePaidInvoice } from '../settle-paid-invoice.ts';
import type { MessageComposer } from '../../notifications/message-composer.ts';

/**
 * The checkout page reports a confirmed card payment (docs/product/payments.md "Confirming a payment"; docs/product/payments.md "Confirming a payment").
 * Nothing the browser says is believed: the payment is read back from the provider and must have
 * succeeded, belong to the caller's customer, and have paid an invoice of exactly its amount. The invoice
 * is then settled once, so a replay, or the webhook reporting the same invoice, grants nothing more.
 * Another user's payment reads as not found.
 */
export class ConfirmPayment {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly gateway: PaymentGateway | null,
    private readonly clock: Clock,
    private readonly messages: MessageComposer,
  ) {}

  async execute(userId: string, paymentId: string): Promise<Result<PaymentSuccessResponse, DomainError>> {
    const gateway = this.gateway;
    if (!gateway) return err(paymentsNotConfigured());
    const customerId = await this.uow.run(({ billing }) => billing.customerIdOf(userId));
    if (!customerId) return err(paymentNotFound());

    const payment = await gateway.getPayment(paymentId);
    if (!payment.ok) return payment;
    if (payment.value.customerId !== customerId || !payment.value.invoiceId) return err(paymentNotFound());
    if (payment.value.status !== 'succeeded') return err(domainError('payment.not_completed', paymentMessages.notCompleted));

    const invoice = await gateway.getInvoice(payment.value.invoiceId);
    if (!invoice.ok) return invoice;
    if (invoice.value.status !== 'paid' || invoice.value.customerId !== customerId || invoice.value.amountPaidCents !== payment.value.amountCents) {
      return err(domainError('payment.not_completed', paymentMessages.invoiceMismatch));
    }

    const settled = await this.uow.run((repos) => settlePaidInvoice(repos, invoice.value, this.clock, this.messages));
    if (!settled || settled.userId !== userId) return err(paymentNotFound());
    await endReplacedSubscriptions(gateway, settled.replacedSubscriptionIds);
    return ok({ credits: settled.balance, tier: settled.tierId, creditsGranted: settled.creditsGranted });
  }
}
