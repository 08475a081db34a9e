import { domainError, type DomainError } from '../../shared/domain-error.ts';
import { err, ok, type Result } from '../../shared/result.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import { ANALYSIS_NOT_FOUND_MESSAGE } from '../analysis-messages.ts';

/**
 * Stops sharing one of the user's own analyses: its link answers "no longer shared" from now on, and
 * sharing it again makes a new link. Idempotent: an analysis that is not shared stays so. Another user's
 * analysis is not found.
 */
export class RevokeShareLink {
  constructor(private readonly uow: UnitOfWork) {}

  async execute(userId: string, analysisId: string): Promise<Result<void, DomainError>> {
    const found = await this.uow.run(({ analyses }) => analyses.unshare(userId, analysisId));
    return found ? ok(undefined) : err(domainError('analysis.not_found', ANALYSIS_NOT_FOUND_MESSAGE));
  }
}
