import type { Result } from '../shared/result.ts';
import type { DomainError } from '../shared/domain-error.ts';

export const ledgerReasons = ['signup_grant', 'analysis_debit', 'analysis_refund', 'promo', 'payment', 'renewal', 'admin_adjustment', 'refund'] as const;
export type LedgerReason = (typeof ledgerReasons)[number];

export interface LedgerEntry {
  userId: string;
  /** Whole credits; negative for a debit. */
  delta: number;
  reason: LedgerReason;
  /** What caused it (an analysis id, an invoice id): a second entry with the same reason and reference is refused. */
  reference?: string;
}

export interface LedgerRow extends Required<Omit<LedgerEntry, 'reference'>> {
  id: string;
  reference: string | null;
  balanceAfter: number;
  createdAt: Date;
}

/**
 * Every change of a balance is a row written in the same transaction as the balance (ADR 0002).
 * The balance never goes below zero, however many debits arrive at once.
 */
export interface CreditLedger {
  /** Fails with `credits.insufficient` when a debit would take the balance below zero; answers the new balance. */
  post(entry: LedgerEntry): Promise<Result<{ balance: number }, DomainError>>;
  /** Oldest first, like a statement. */
  history(userId: string): Promise<LedgerRow[]>;
  /** Newest first, a page at a time, with the number of all the user's rows (the credit history). */
  list(userId: string, page: { offset: number; limit: number }): Promise<{ rows: LedgerRow[]; total: number }>;
}
