import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import type { AdminStats } from '../admin-stats.port.ts';

/** GET /api/admin/stats and `civicwatch stats`: users by tier, analyses, credits spent. */
export class GetAdminStats {
  constructor(private readonly uow: UnitOfWork) {}

  execute(): Promise<AdminStats> {
    return this.uow.run(({ stats }) => stats.summary());
  }
}
