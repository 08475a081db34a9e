import type { AdminStats, AdminStatsRepository, DailyActivity, UtcDayRange } from '../../admin/admin-stats.port.ts';
import type { InMemoryDatabase } from './in-memory-database.ts';

export class InMemoryAdminStatsRepository implements AdminStatsRepository {
  constructor(private readonly db: InMemoryDatabase) {}

  async summary(): Promise<AdminStats> {
    const users = [...this.db.state.users.values()];
    return {
      totalUsers: users.length,
      freeUsers: users.filter((u) => u.tierId === 'citizen').length,
      paidUsers: users.filter((u) => u.tierId !== 'citizen').length,
      admins: users.filter((u) => u.role === 'admin').length,
      totalAnalyses: this.db.state.analyses.length,
      creditsSpent: -this.db.state.ledger
        .filter((r) => r.reason === 'analysis_debit' || r.reason === 'analysis_refund')
        .reduce((sum, r) => sum + r.delta, 0),
    };
  }

  async daily(range: UtcDayRange): Promise<DailyActivity[]> {
    const utcDay = (at: Date | number) => new Date(at).toISOString().slice(0, 10);
    const byDay = new Map<string, DailyActivity>();
    for (let at = Date.parse(range.first); at <= Date.parse(range.last); at += 86_400_000) {
      byDay.set(utcDay(at), { day: utcDay(at), analyses: 0, signUps: 0, revenueCents: 0 });
    }
    // What happened outside the range finds no day.
    const add = (at: Date, series: 'analyses' | 'signUps' | 'revenueCents', amount: number) => {
      const day = byDay.get(utcDay(at));
      if (day) day[series] += amount;
    };
    for (const analysis of this.db.state.analyses) add(analysis.createdAt, 'analyses', 1);
    for (const user of this.db.state.users.values()) add(user.createdAt, 'signUps', 1);
    for (const payment of this.db.state.payments) add(payment.paidAt, 'revenueCents', payment.amountCents - payment.refundedCents);
    return [...byDay.values()];
  }
}
