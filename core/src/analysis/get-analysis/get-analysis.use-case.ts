import { domainError, type DomainError } from '../../shared/domain-error.ts';
import { err, ok, type Result } from '../../shared/result.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import type { StoredAnalysis } from '../analysis-repository.port.ts';
import { ANALYSIS_NOT_FOUND_MESSAGE } from '../analysis-messages.ts';


/** One of the user's own analyses; another user's is not found (never "forbidden": its existence is not told). */
export class GetAnalysis {
  constructor(private readonly uow: UnitOfWork) {}

  async execute(userId: string, id: string): Promise<Result<StoredAnalysis, DomainError>> {
    const analysis = await this.uow.run(({ analyses }) => analyses.get(userId, id));
    return analysis ? ok(analysis) : err(domainError('analysis.not_found', ANALYSIS_NOT_FOUND_MESSAGE));
  }
}
