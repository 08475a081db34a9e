import type { SubscriptionView } from '../contracts/index.ts';
import type { StoredSubscription } from './billing-repository.port.ts';

export const toSubscriptionView = (subscription: StoredSubscription): NonNullable<SubscriptionView> => ({
  tier: subscription.tierId,
  status: subscription.status,
  cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
  currentPeriodEnd: subscription.currentPeriodEnd?.toISOString() ?? null,
});
