import type { DomainError } from '../../shared/domain-error.ts';
import { err, type Result } from '../../shared/result.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import type { PaymentGateway } from '../payment-gateway.port.ts';
import { noBillingAccount, paymentsNotConfigured } from '../payment-messages.ts';

/**
 * POST /api/billing/portal: the payment provider's own page for the account's invoices and card, which
 * returns to `returnUrl` (account settings). Only an account with a customer at the provider has one.
 */
export class OpenBillingPortal {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly gateway: PaymentGateway | null,
    private readonly returnUrl: string,
  ) {}

  async execute(userId: string): Promise<Result<{ url: string }, DomainError>> {
    if (!this.gateway) return err(paymentsNotConfigured());
    const customerId = await this.uow.run(({ billing }) => billing.customerIdOf(userId));
    if (!customerId) return err(noBillingAccount());
    return this.gateway.openBillingPortal({ customerId, returnUrl: this.returnUrl });
  }
}
