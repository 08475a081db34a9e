import { describe } from 'vitest';
import { openHarness, type UnitOfWorkSubject } from './harness.ts';
import { subscriptionTierRepositoryContract } from './subscription-tier-repository.contract.ts';
import { userRepositoryContract } from './user-repository.contract.ts';
import { creditLedgerContract } from './credit-ledger.contract.ts';
import { transactionsContract } from './transactions.contract.ts';
import { settingRepositoryContract } from './setting-repository.contract.ts';
import { analysisRepositoryContract } from './analysis-repository.contract.ts';
import { pendingAnalysisRepositoryContract } from './pending-analysis-repository.contract.ts';
import { promoCodeRepositoryContract } from './promo-code-repository.contract.ts';
import { billingRepositoryContract } from './billing-repository.contract.ts';
import { adminRepositoriesContract } from './admin-repositories.contract.ts';
import { outboxRepositoryContract } from './outbox-repository.contract.ts';
import { accountSelfServiceContract } from './account-self-service.contract.ts';

/**
 * The behaviour every UnitOfWork adapter owes core: in-memory, PGlite over its socket, PostgreSQL server; one
 * suite per repository in this folder. `open` is called once for the suite; tests create their own users and
 * never assume an empty database.
 */
export function unitOfWorkContract(name: string, open: () => Promise<UnitOfWorkSubject>): void {
  describe(`UnitOfWork contract: ${name}`, () => {
    const harness = openHarness(open);
    subscriptionTierRepositoryContract(harness);
    userRepositoryContract(harness);
    creditLedgerContract(harness);
    transactionsContract(harness);
    settingRepositoryContract(harness);
    analysisRepositoryContract(harness);
    pendingAnalysisRepositoryContract(harness);
    promoCodeRepositoryContract(harness);
    billingRepositoryContract(harness);
    adminRepositoriesContract(harness);
    outboxRepositoryContract(harness);
    accountSelfServiceContract(harness);
  });
}
