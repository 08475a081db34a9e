import type { BillingAccountView } from '../../contracts/account-data.contract.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import type { PaymentGateway } from '../payment-gateway.port.ts';

/** GET /api/billing: whether OpenBillingPortal has a portal to open for this account. */
export class GetBillingAccount {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly gateway: PaymentGateway | null,
  ) {}

  async execute(userId: string): Promise<BillingAccountView> {
    if (!this.gateway) return { portalAvailable: false };
    const customerId = await this.uow.run(({ billing }) => billing.customerIdOf(userId));
    return { portalAvailable: customerId !== null };
  }
}
