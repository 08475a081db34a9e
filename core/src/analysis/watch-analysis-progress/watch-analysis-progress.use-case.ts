import type { AnalysisProgressEvent } from '../../contracts/analysis-history.contract.ts';
import type { ProgressHub } from '../progress-hub.port.ts';

/**
 * Follows the caller's own analysis by the progress id their client chose. The key includes the user, so a
 * guessed id of someone else's analysis hears nothing. Answers the unsubscribe, which the caller must call.
 */
export class WatchAnalysisProgress {
  constructor(private readonly progress: ProgressHub) {}

  execute(input: { userId: string; progressId: string; listener: (event: AnalysisProgressEvent) => void }): () => void {
    return this.progress.subscribe({ userId: input.userId, progressId: input.progressId }, input.listener);
  }
}
