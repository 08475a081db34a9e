import type { AnalysisProgressEvent } from '../../contracts/analysis-history.contract.ts';
import { domainError, type DomainError } from '../../shared/domain-error.ts';
import { err, ok, type Result } from '../../shared/result.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import type { ProgressHub, ProgressKey } from '../progress-hub.port.ts';
import type { ProgressWatchers } from '../progress-watchers.ts';
import { ANALYSIS_NOT_FOUND_MESSAGE } from '../analysis-messages.ts';

/**
 * Follows the caller's own analysis by the progress id their client chose: one that is pending (queued or
 * running), or that ended (or was refused) so recently that its final event is still kept for a late watcher.
 * Any other id, someone else's included, answers `analysis.not_found` before anything is subscribed; a caller
 * over the stream limits answers `rate.limited` before the database is asked (ADR 0005). Answers the
 * unsubscribe, which the caller must call (it frees the stream's slot; calling it twice does nothing).
 */
export class WatchAnalysisProgress {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly progress: ProgressHub,
    private readonly watchers: ProgressWatchers,
  ) {}

  async execute(input: { userId: string; progressId: string; listener: (event: AnalysisProgressEvent) => void }): Promise<Result<() => void, DomainError>> {
    const slot = this.watchers.take(input.userId);
    if (!slot.ok) return slot;
    const release = slot.value;
    const key: ProgressKey = { userId: input.userId, progressId: input.progressId };
    try {
      if (!(await this.isFollowable(key))) {
        release();
        return err(domainError('analysis.not_found', ANALYSIS_NOT_FOUND_MESSAGE));
      }
    } catch (error) {
      release();
      throw error;
    }
    const unsubscribe = this.progress.subscribe(key, input.listener);
    let watching = true;
    return ok(() => {
      if (!watching) return;
      watching = false;
      unsubscribe();
      release();
    });
  }

  private async isFollowable(key: ProgressKey): Promise<boolean> {
    const pending = await this.uow.read(({ pendingAnalyses }) => pendingAnalyses.idOfProgress(key.userId, key.progressId));
    return pending !== null || this.progress.hasRecent(key);
  }
}
