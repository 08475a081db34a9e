import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import { ANALYSIS_COST } from '../run-analysis/run-analysis.use-case.ts';

/**
 * Run once when a server starts: every pending analysis belongs to a process that died mid-analysis, so its
 * credit goes back (an `analysis_refund` ledger row, referenced by the analysis id, so a replay pays nothing)
 * and its row goes. Answers how many were refunded. With several instances on one database a starting
 * instance would also refund analyses still running elsewhere (ADR 0005).
 */
export class RecoverInterruptedAnalyses {
  constructor(private readonly uow: UnitOfWork) {}

  async execute(): Promise<number> {
    return this.uow.run(async ({ ledger, pendingAnalyses }) => {
      const pending = await pendingAnalyses.list();
      for (const analysis of pending) {
        const refunded = await ledger.post({ userId: analysis.userId, delta: ANALYSIS_COST, reason: 'analysis_refund', reference: analysis.id });
        if (!refunded.ok) throw new Error(`Refund of interrupted analysis ${analysis.id} failed: ${refunded.error.code}`);
        await pendingAnalyses.delete(analysis.id);
      }
      return pending.length;
    });
  }
}
