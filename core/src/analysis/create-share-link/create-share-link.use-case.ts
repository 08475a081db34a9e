import type { Clock } from '../../shared/clock.port.ts';
import { domainError, type DomainError } from '../../shared/domain-error.ts';
import { err, ok, type Result } from '../../shared/result.ts';
import type { TokenGenerator } from '../../shared/token-generator.port.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import type { ShareLink } from '../share-link.ts';
import { ANALYSIS_NOT_FOUND_MESSAGE } from '../analysis-messages.ts';

/**
 * Makes one of the user's own analyses readable by anyone with its link. Idempotent: an analysis that is
 * shared already answers the link it has, so every copy handed out keeps working. Another user's analysis
 * is not found.
 */
export class CreateShareLink {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly tokens: TokenGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(userId: string, analysisId: string): Promise<Result<ShareLink, DomainError>> {
    const candidate: ShareLink = { token: this.tokens.next(), sharedAt: this.clock.now() };
    const link = await this.uow.run(({ analyses }) => analyses.share(userId, analysisId, candidate));
    return link ? ok(link) : err(domainError('analysis.not_found', ANALYSIS_NOT_FOUND_MESSAGE));
  }
}
