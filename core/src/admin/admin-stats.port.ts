/** The numbers of the admin panel's System stats (docs/product/administration.md "Admin panel", docs/product/credits-and-tiers.md "What each tier may do"). */
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

/**
 * The currency of every recorded payment, as an ISO 4217 code. The payments table keeps no currency because
 * the product sells in one: tier prices are whole US dollars (docs/product/api.md "Wire formats"), the Stripe prices and the
 * discount coupons made for them are in usd, and Stripe refuses a coupon in another currency than its price.
 * Selling in a second currency would need a currency column on payments and one revenue series per currency.
 */
export const REVENUE_CURRENCY = 'USD';

/** A run of whole UTC days, both ends included, each as YYYY-MM-DD. */
export interface UtcDayRange {
  first: string;
  last: string;
}

/** What one UTC day brought. */
export interface DailyActivity {
  /** YYYY-MM-DD, in UTC. */
  day: string;
  /** Analyses stored that day (an account's deletion takes its analyses with it). */
  analyses: number;
  /** Accounts created that day and not deleted since. */
  signUps: number;
  /**
   * Invoices paid that day less what has been refunded of them, in cents of REVENUE_CURRENCY. A payment keeps
   * only the total refunded of it, not when, so a refund counts against the day its payment was received.
   */
  revenueCents: number;
}

/** How many days the admin panel's trends cover, today included. */
export const TREND_DAYS = 30;

/** The admin panel's trends: TREND_DAYS days, oldest first, ending with today (UTC). */
export interface AdminTrends {
  /** The currency of every `revenueCents`. */
  currency: typeof REVENUE_CURRENCY;
  days: DailyActivity[];
}

/** A read model over users, analyses, the ledger and payments. */
export interface AdminStatsRepository {
  summary(): Promise<AdminStats>;
  /** Every day of `range`, oldest first, a day with nothing as zeros. */
  daily(range: UtcDayRange): Promise<DailyActivity[]>;
}
