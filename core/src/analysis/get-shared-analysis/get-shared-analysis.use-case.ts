import { SHARE_NOT_FOUND_MESSAGE, type SharedAnalysis } from '../../contracts/share.contract.ts';
import { domainError, type DomainError } from '../../shared/domain-error.ts';
import { err, ok, type Result } from '../../shared/result.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import { toSharedAnalysisView } from '../analysis-view.ts';

/**
 * The analysis a share link opens, for anyone, signed in or not: only what the analysis found, nothing of
 * who made it. A revoked or unknown token, or that of a deleted analysis, is not found.
 */
export class GetSharedAnalysis {
  constructor(private readonly uow: UnitOfWork) {}

  async execute(token: string): Promise<Result<SharedAnalysis, DomainError>> {
    const analysis = await this.uow.run(({ analyses }) => analyses.findShared(token));
    if (!analysis?.share) return err(domainError('share.not_found', SHARE_NOT_FOUND_MESSAGE));
    return ok(toSharedAnalysisView(analysis, analysis.share));
  }
}
