/**
 * An analysis whose credit has been taken and whose outcome is not stored yet. It holds ids and a time
 * only: the document stays in the memory of the process running it (DECISIONS "Privacy promise"). A row
 * left behind means the process died mid-analysis; `RecoverInterruptedAnalyses` refunds it at the next start.
 */
export interface PendingAnalysis {
  /** The id the analysis will be stored under, and the reference of its debit and refund. */
  id: string;
  userId: string;
  createdAt: Date;
}

export interface PendingAnalysisRepository {
  insert(pending: PendingAnalysis): Promise<void>;
  /** True when the row existed. */
  delete(id: string): Promise<boolean>;
  /** Oldest first. */
  list(): Promise<PendingAnalysis[]>;
}
export const PendingAnalysisRepository = Symbol('PendingAnalysisRepository');
