import { domainError, type DomainError } from '../shared/domain-error.ts';
import { ok, err, type Result } from '../shared/result.ts';
import type { Repositories, UnitOfWork } from '../shared/unit-of-work.port.ts';
import { payingSubscriptionStatuses } from '../payments/billing-repository.port.ts';
import type { PaymentGateway } from '../payments/payment-gateway.port.ts';

/** Refused rather than leave a deleted person paying for a plan nobody can cancel from here. */
export const PAID_PLAN_NEEDS_PAYMENTS_MESSAGE =
  'This account has a paid plan that cannot be cancelled while payments are not configured on this server, so it was not deleted.';

/**
 * The one way an account is deleted, whether its owner asks (DELETE /api/account) or an administrator does
 * (the panel, `civicwatch users delete`); ADR 0009.
 *
 * The payment provider comes first: every open subscription ends now, so a deleted person is never charged
 * again, and the customer is removed with its saved cards. When the provider refuses, nothing is deleted and
 * its error is answered, so the deletion can simply be asked for again. Then, in one transaction, the account
 * and everything about its person go (UserRepository.delete), with `alsoInTransaction` (an administrator's
 * audit entry); its paid invoices stay, anonymised. Answers false when the account was already gone.
 */
export async function eraseAccount(
  uow: UnitOfWork,
  gateway: PaymentGateway | null,
  userId: string,
  alsoInTransaction?: (repos: Repositories) => Promise<void>,
): Promise<Result<boolean, DomainError>> {
  const { subscriptions, customerId } = await uow.run(async ({ billing }) => ({
    subscriptions: await billing.openSubscriptions(userId),
    customerId: await billing.customerIdOf(userId),
  }));
  if (gateway) {
    for (const subscription of subscriptions) {
      const ended = await gateway.cancelSubscriptionNow(subscription.id);
      if (!ended.ok) return ended;
    }
    if (customerId) {
      const removed = await gateway.deleteCustomer(customerId);
      if (!removed.ok) return removed;
    }
  } else if (subscriptions.some((s) => payingSubscriptionStatuses.includes(s.status))) {
    return err(domainError('payments.not_configured', PAID_PLAN_NEEDS_PAYMENTS_MESSAGE));
  }
  return uow.run(async (repos) => {
    if (!(await repos.users.delete(userId))) return ok(false);
    await alsoInTransaction?.(repos);
    return ok(true);
  });
}
