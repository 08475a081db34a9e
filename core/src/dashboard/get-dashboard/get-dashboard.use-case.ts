import { RECENT_ANALYSES } from '../../contracts/dashboard.contract.ts';
import { domainError, type DomainError } from '../../shared/domain-error.ts';
import { err, ok, type Result } from '../../shared/result.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import type { Clock } from '../../shared/clock.port.ts';
import type { StoredAnalysis } from '../../analysis/analysis-repository.port.ts';
import { UNAUTHORIZED_MESSAGE } from '../../accounts/get-current-user/get-current-user.use-case.ts';
import type { User } from '../../accounts/user.ts';

export interface Dashboard {
  user: User;
  analyses: StoredAnalysis[];
  stats: { totalAnalyses: number; thisMonthAnalyses: number };
}

/** "This month" is the calendar month in UTC. */
export class GetDashboard {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(userId: string): Promise<Result<Dashboard, DomainError>> {
    return this.uow.run(async ({ users, analyses }) => {
      const user = await users.findById(userId);
      if (!user) return err(domainError('auth.unauthorized', UNAUTHORIZED_MESSAGE));
      const now = this.clock.now();
      const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      const [recent, totalAnalyses, thisMonthAnalyses] = [
        await analyses.recent(userId, RECENT_ANALYSES),
        await analyses.count(userId),
        await analyses.count(userId, monthStart),
      ];
      return ok({ user, analyses: recent, stats: { totalAnalyses, thisMonthAnalyses } });
    });
  }
}
