import { z } from 'zod';
import { MAX_DATABASE_INTEGER, textField } from './fields.ts';
import { settingKeys } from './prompt-settings.ts';
import { normalizeTierId } from './tiers.contract.ts';
import { REVENUE_CURRENCY, TREND_DAYS } from '../admin/admin-stats.port.ts';

/** What a signed-in account without the admin role is told, by the API's 403 and the /admin page (docs/product/credits-and-tiers.md "What each tier may do"). */
export const NOT_ADMIN_MESSAGE = "You don't have admin permissions.";

/**
 * Paging of the admin lists, for the API, the panel and the CLI alike (docs/product/api.md "Wire formats":
 * GET /api/admin/users stays a plain array; the total travels in X-Total-Count).
 */
const pageFields = {
  page: z.coerce.number().int({ message: 'page must be a whole number' }).min(1, { message: 'page must be 1 or more' }).default(1),
  pageSize: z.coerce.number().int({ message: 'pageSize must be a whole number' }).min(1, { message: 'pageSize must be between 1 and 200' })
    .max(200, { message: 'pageSize must be between 1 and 200' }).default(50),
};
export const userListQuerySchema = z.object({ ...pageFields, q: textField().pipe(z.string().trim().max(200, { message: 'A search has at most 200 characters' })).optional() });
export const auditListQuerySchema = z.object(pageFields);

/** GET /api/admin/settings: the three prompts (docs/product/analysis.md "Analysis types"). */
export const settingViewSchema = z.object({ key: z.enum(settingKeys), value: z.string() }).meta({ id: 'SettingView', description: 'One AI prompt' });
export const settingListSchema = z.array(settingViewSchema);

/** POST /api/admin/settings: one prompt; the panel sends it three times (docs/product/api.md "Endpoints"). */
export const updateSettingSchema = z.object({
  key: z.enum(settingKeys, { error: `Unknown setting: the keys are ${settingKeys.slice(0, -1).join(', ')} and ${settingKeys.at(-1)}` }),
  value: textField('A prompt is required')
    .pipe(z.string().trim().min(1, { message: 'A prompt cannot be empty' }).max(20_000, { message: 'A prompt has at most 20000 characters' })),
}).meta({ id: 'UpdateSetting', description: 'One AI prompt to save' });
export type UpdateSettingInput = z.infer<typeof updateSettingSchema>;

const tierInput = z.string({ error: 'Choose a tier' }).transform((raw, ctx) => {
  const id = normalizeTierId(raw);
  if (!id) {
    ctx.addIssue({ code: 'custom', message: 'The tier must be citizen, patriot or defender' });
    return z.NEVER;
  }
  return id;
});
const wholeCredits = z.number({ error: 'Credits must be a whole number' }).int({ message: 'Credits must be a whole number' });

/** POST /api/admin/update-user-tier (docs/product/api.md "Endpoints"): the tier and the credits the user then has. */
export const updateUserTierSchema = z.object({
  userId: z.uuid({ message: 'Unknown user' }),
  tier: tierInput,
  credits: wholeCredits.min(0, { message: 'Credits cannot be negative' }).max(1_000_000),
}).meta({ id: 'UpdateUserTier', description: "A user's new tier and the credits they then have" });
export type UpdateUserTierInput = z.output<typeof updateUserTierSchema>;

/** `civicwatch users grant-credits`: credits added (or, negative, taken) with a reason. */
export const grantCreditsSchema = z.object({
  userId: z.uuid({ message: 'Unknown user' }),
  credits: wholeCredits.refine((n) => n !== 0, { message: 'Credits must not be 0' }).refine((n) => Math.abs(n) <= 1_000_000, { message: 'At most 1000000 credits at once' }),
  reason: textField().pipe(z.string().trim().max(500)).optional(),
});
export type GrantCreditsInput = z.output<typeof grantCreditsSchema>;

/** POST /api/admin/refund (docs/product/api.md "Endpoints"): dollars, as the panel's form sends them; a reason is required. */
export const refundSchema = z.object({
  userId: z.uuid({ message: 'Unknown user' }),
  amount: z.coerce.number({ error: 'The amount must be a number' })
    .positive({ message: 'The amount must be more than 0' })
    // Cents are stored in a database integer.
    .max(MAX_DATABASE_INTEGER / 100, { message: 'The amount is more than any payment' })
    .refine((n) => Number.isInteger(Math.round(n * 100)) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, { message: 'The amount has at most two decimals' }),
  reason: textField('A reason is required').pipe(z.string().trim().min(1, { message: 'A reason is required' }).max(500)),
}).meta({ id: 'Refund', description: "A refund of the user's latest payment, in dollars, with its reason" });
export type RefundInput = z.output<typeof refundSchema>;
export const refundResponseSchema = z.object({
  refundId: z.string(),
  amount: z.number(),
  invoiceId: z.string(),
}).meta({ id: 'RefundResponse', description: 'The refund made through Stripe' });
export type RefundResponse = z.infer<typeof refundResponseSchema>;

/** GET /api/admin/stats. */
export const adminStatsSchema = z.object({
  totalUsers: z.number().int().nonnegative(),
  freeUsers: z.number().int().nonnegative(),
  paidUsers: z.number().int().nonnegative(),
  admins: z.number().int().nonnegative(),
  totalAnalyses: z.number().int().nonnegative(),
  creditsSpent: z.number().int(),
}).meta({ id: 'AdminStats', description: 'Users by tier, administrators, analyses and credits spent' });

const dayCount = z.number().int().nonnegative();
/** One day of GET /api/admin/stats/trends. */
export const dailyActivitySchema = z.object({
  day: z.iso.date().describe('The day in UTC, YYYY-MM-DD'),
  analyses: dayCount.describe('Analyses stored that day'),
  signUps: dayCount.describe('Accounts created that day (a deleted account no longer counts)'),
  revenueCents: dayCount.describe('Payments received that day less what has been refunded of them, in cents of `currency`'),
}).meta({ id: 'DailyActivity', description: 'What one UTC day brought: analyses, sign-ups and revenue' });

/** GET /api/admin/stats/trends: the admin panel's charts. */
export const adminTrendsSchema = z.object({
  currency: z.literal(REVENUE_CURRENCY).describe('The ISO 4217 currency of every revenueCents: payments are in US dollars'),
  days: z.array(dailyActivitySchema).length(TREND_DAYS).describe(`The last ${TREND_DAYS} days, oldest first, ending with today (so far); a day with nothing is zeros`),
}).meta({ id: 'AdminTrends', description: `Analyses, sign-ups and revenue on each of the last ${TREND_DAYS} UTC days` });
export type AdminTrendsView = z.infer<typeof adminTrendsSchema>;

/** Tier editing (panel and `civicwatch tiers set`): any subset of the editable fields; price in whole dollars. */
const wholeNumberField = (label: string, min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number({ error: `${label} must be a whole number` })
      .int({ message: `${label} must be a whole number` })
      .min(min, { message: `${label} must be at least ${min}` })
      .max(max, { message: `${label} must be at most ${max}` }),
  );

export const updateTierSchema = z.object({
  tier: tierInput,
  price: wholeNumberField('The price (whole dollars)', 0, 100_000).optional(),
  credits: wholeNumberField('Monthly credits', 0, 1_000_000).optional(),
  maxPages: wholeNumberField('The page limit', 1, 10_000).optional(),
  maxCharacters: wholeNumberField('The character limit', 1, 10_000_000).optional(),
  features: z.array(textField().pipe(z.string().trim().min(1, { message: 'A feature cannot be empty' }).max(200, { message: 'A feature has at most 200 characters' })))
    .max(30, { message: 'At most 30 features' }).optional(),
  stripePriceId: textField().pipe(z.string().trim().regex(/^price_/, { message: 'A Stripe Price id starts with price_' })).nullable().optional(),
  isActive: z.boolean().optional(),
});
export type UpdateTierInput = z.output<typeof updateTierSchema>;

/** An audit log entry as the panel and `civicwatch audit` show it. */
export const auditEntryViewSchema = z.object({
  id: z.string(),
  actor: z.string(),
  action: z.string(),
  target: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.iso.datetime(),
}).meta({ id: 'AuditEntryView', description: 'One administrator action, with the state before and after it' });
export const auditEntryListSchema = z.array(auditEntryViewSchema);

/** `civicwatch admin grant|revoke <email>`. */
export const adminEmailSchema = z.string().trim().toLowerCase().pipe(z.email({ message: 'Invalid email address' }));

