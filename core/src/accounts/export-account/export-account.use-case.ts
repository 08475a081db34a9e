import type { AccountExport } from '../../contracts/account-data.contract.ts';
import { domainError, type DomainError } from '../../shared/domain-error.ts';
import { err, ok, type Result } from '../../shared/result.ts';
import type { Clock } from '../../shared/clock.port.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import type { StoredAnalysis } from '../../analysis/analysis-repository.port.ts';
import { toAnalysisView } from '../../analysis/analysis-view.ts';
import type { LedgerRow } from '../../credits/credit-ledger.port.ts';
import type { StoredPayment } from '../../payments/billing-repository.port.ts';
import { toUserView, type User } from '../user.ts';
import { toCreditHistoryEntry } from '../../credits/credit-history-entry.ts';
import { UNAUTHORIZED_MESSAGE } from '../account-messages.ts';

/** Everything held about one account, read in one transaction. */
export interface AccountData {
  exportedAt: Date;
  user: User;
  /** Newest first, each with its whole result. */
  analyses: StoredAnalysis[];
  /** Oldest first. */
  ledger: LedgerRow[];
  payments: StoredPayment[];
  promoRedemptions: Array<{ code: string; redeemedAt: Date }>;
}

/**
 * GET /api/account/export (ADR 0009): the profile, every analysis with its full result, the credit history,
 * the paid invoices and the promo codes redeemed: what the account holds about its person, to take elsewhere.
 * The password hash is not part of it: it is a secret of the server's, and of no use anywhere else.
 */
export class ExportAccount {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(userId: string): Promise<Result<AccountData, DomainError>> {
    return this.uow.run(async ({ users, analyses, ledger, billing, promos }) => {
      const user = await users.findById(userId);
      if (!user) return err(domainError('auth.unauthorized', UNAUTHORIZED_MESSAGE));
      return ok({
        exportedAt: this.clock.now(),
        user,
        analyses: await analyses.all(userId),
        ledger: await ledger.history(userId),
        payments: await billing.listPayments(userId),
        promoRedemptions: await promos.redemptionsOf(userId),
      });
    });
  }
}

/** The export as the file reads; `publicUrl` (without a trailing slash) is where share links point. */
export const toAccountExport = (data: AccountData, publicUrl: string): AccountExport => ({
  exportedAt: data.exportedAt.toISOString(),
  profile: toUserView(data.user),
  analyses: data.analyses.map((analysis) => toAnalysisView(analysis, publicUrl)),
  creditHistory: data.ledger.map(toCreditHistoryEntry),
  payments: data.payments.map((payment) => ({
    invoiceId: payment.invoiceId,
    tier: payment.tierId,
    amount: payment.amountCents / 100,
    refunded: payment.refundedCents / 100,
    creditsGranted: payment.creditsGranted,
    paidAt: payment.paidAt.toISOString(),
  })),
  promoRedemptions: data.promoRedemptions.map((r) => ({ code: r.code, redeemedAt: r.redeemedAt.toISOString() })),
});
