/** The numbers of the admin panel's System stats (spec §2 "/admin", §6). */
export interface AdminStats {
  totalUsers: number;
  /** Users on the Citizen tier. */
  freeUsers: number;
  /** Users on Patriot or Defender. */
  paidUsers: number;
  admins: number;
  totalAnalyses: number;
  /** Credits taken by analyses, less those given back for analyses that failed. */
  creditsSpent: number;
}

/** A read model over users, analyses and the ledger. */
export interface AdminStatsRepository {
  summary(): Promise<AdminStats>;
}
export const AdminStatsRepository = Symbol('AdminStatsRepository');
