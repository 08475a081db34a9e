import type { Repositories } from '../shared/unit-of-work.port.ts';
import { ANALYSIS_COST } from './analysis-policy.ts';
import type { PendingAnalysis } from './pending-analysis-repository.port.ts';

/**
 * Gives an analysis's credit back, once: the pending row goes with an `analysis_refund` ledger row in the
 * caller's transaction. Answers the row, or null when it was already settled (stored, refunded, or the
 * account deleted), in which case nothing is paid: a second worker, a retry or the dead-letter handler
 * racing this one finds no row, and the ledger refuses a second refund of the same reference anyway.
 */
export async function refundPendingAnalysis(repos: Repositories, id: string): Promise<PendingAnalysis | null> {
  const pending = await repos.pendingAnalyses.find(id);
  if (!pending || !(await repos.pendingAnalyses.delete(id))) return null;
  const refunded = await repos.ledger.post({ userId: pending.userId, delta: ANALYSIS_COST, reason: 'analysis_refund', reference: id });
  if (!refunded.ok) throw new Error(`Refund of analysis ${id} failed: ${refunded.error.code}`);
  return pending;
}
