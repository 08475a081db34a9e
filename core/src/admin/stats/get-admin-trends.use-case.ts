import type { Clock } from '../../shared/clock.port.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import { REVENUE_CURRENCY, TREND_DAYS, type AdminTrends } from '../admin-stats.port.ts';

const DAY_MS = 86_400_000;
const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** GET /api/admin/stats/trends: analyses, sign-ups and revenue on each of the last 30 UTC days, today's so far. */
export class GetAdminTrends {
  constructor(private readonly uow: UnitOfWork, private readonly clock: Clock) {}

  async execute(): Promise<AdminTrends> {
    const now = this.clock.now();
    const range = { first: utcDay(new Date(now.getTime() - (TREND_DAYS - 1) * DAY_MS)), last: utcDay(now) };
    return { currency: REVENUE_CURRENCY, days: await this.uow.read(({ stats }) => stats.daily(range)) };
  }
}
