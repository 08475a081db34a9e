import { RECENT_ANALYSES } from '../../contracts/dashboard.contract.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import type { Clock } from '../../shared/clock.port.ts';
import type { ListedAnalysis } from '../../analysis/analysis-repository.port.ts';
import type { User } from '../../accounts/user.ts';

export interface Dashboard {
  user: User;
  analyses: ListedAnalysis[];
  stats: { totalAnalyses: number; thisMonthAnalyses: number };
}

/**
 * The signed-in home page of `user`, whom the caller has just loaded for the session. "This month" is the
 * calendar month in UTC.
 */
export class GetDashboard {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(user: User): Promise<Dashboard> {
    const now = this.clock.now();
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const { recent, total, totalSince } = await this.uow.read(({ analyses }) => analyses.overview(user.id, RECENT_ANALYSES, monthStart));
    return { user, analyses: recent, stats: { totalAnalyses: total, thisMonthAnalyses: totalSince } };
  }
}
