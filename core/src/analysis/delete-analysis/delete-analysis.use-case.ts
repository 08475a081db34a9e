import { domainError, type DomainError } from '../../shared/domain-error.ts';
import { err, ok, type Result } from '../../shared/result.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import { ANALYSIS_NOT_FOUND_MESSAGE } from '../analysis-messages.ts';

/** Deletes one of the user's own analyses; the credit it cost is not given back. */
export class DeleteAnalysis {
  constructor(private readonly uow: UnitOfWork) {}

  async execute(userId: string, id: string): Promise<Result<void, DomainError>> {
    const deleted = await this.uow.run(({ analyses }) => analyses.delete(userId, id));
    return deleted ? ok(undefined) : err(domainError('analysis.not_found', ANALYSIS_NOT_FOUND_MESSAGE));
  }
}
