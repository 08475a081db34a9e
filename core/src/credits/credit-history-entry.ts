import { ledgerReasonLabels, type CreditHistoryEntry } from '../contracts/account-data.contract.ts';
import type { LedgerRow } from './credit-ledger.port.ts';

/** A ledger row as the user reads it: its reason in words (account settings, the data export). */
export const toCreditHistoryEntry = (row: LedgerRow): CreditHistoryEntry => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  change: row.delta,
  reason: row.reason,
  label: ledgerReasonLabels[row.reason],
  balanceAfter: row.balanceAfter,
});
