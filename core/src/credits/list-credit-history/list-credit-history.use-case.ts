import type { CreditHistoryQuery } from '../../contracts/account-data.contract.ts';
import type { LedgerRow } from '../credit-ledger.port.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';

/** GET /api/credits/history: where the user's credits came from and went, newest first, a page at a time. */
export class ListCreditHistory {
  constructor(private readonly uow: UnitOfWork) {}

  async execute(userId: string, query: CreditHistoryQuery): Promise<{ entries: LedgerRow[]; total: number }> {
    const { rows, total } = await this.uow.run(({ ledger }) =>
      ledger.list(userId, { offset: (query.page - 1) * query.pageSize, limit: query.pageSize }));
    return { entries: rows, total };
  }
}
