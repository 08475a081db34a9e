import type { CreditHistoryEntry, CreditHistoryQuery } from '../../contracts/account-data.contract.ts';
import { ledgerReasonLabels } from '../../contracts/account-data.contract.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import type { LedgerRow } from '../credit-ledger.port.ts';

/** A ledger row as the user reads it: its reason in words (account settings, the data export). */
export const toCreditHistoryEntry = (row: LedgerRow): CreditHistoryEntry => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  change: row.delta,
  reason: row.reason,
  label: ledgerReasonLabels[row.reason],
  balanceAfter: row.balanceAfter,
});

/** GET /api/credits/history: where the user's credits came from and went, newest first, a page at a time. */
export class ListCreditHistory {
  constructor(private readonly uow: UnitOfWork) {}

  async execute(userId: string, query: CreditHistoryQuery): Promise<{ entries: LedgerRow[]; total: number }> {
    const { rows, total } = await this.uow.run(({ ledger }) =>
      ledger.list(userId, { offset: (query.page - 1) * query.pageSize, limit: query.pageSize }));
    return { entries: rows, total };
  }
}
