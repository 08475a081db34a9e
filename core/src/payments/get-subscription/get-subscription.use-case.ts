import type { SubscriptionView } from '../../contracts/index.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import { payingSubscriptionStatuses } from '../billing-repository.port.ts';
import { toSubscriptionView } from '../subscription-view.ts';

/** The signed-in user's paid plan for the Profile card (GET /api/subscription); null on the free tier. */
export class GetSubscription {
  constructor(private readonly uow: UnitOfWork) {}

  async execute(userId: string): Promise<SubscriptionView> {
    const current = await this.uow.run(async ({ billing }) =>
      (await billing.openSubscriptions(userId)).find((s) => payingSubscriptionStatuses.includes(s.status)) ?? null);
    return current ? toSubscriptionView(current) : null;
  }
}
