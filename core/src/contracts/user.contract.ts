import { z } from 'zod';
import { tierIdSchema } from './tiers.contract.ts';

/** GET /api/user (and its alias /api/auth/user): the signed-in user as the web app sees it. */
export const userViewSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string(),
  subscriptionTier: tierIdSchema,
  /** Same id as subscriptionTier: the spec reads either field. Admin is a role, never a tier. */
  tier: tierIdSchema,
  credits: z.number().int().nonnegative(),
  role: z.enum(['user', 'admin']),
  isAdmin: z.boolean(),
  emailPreferences: z.object({ productUpdates: z.boolean(), analysisNotices: z.boolean(), receipts: z.boolean() }),
  /** Whether the current e-mail was confirmed through its link; checkout requires it. */
  emailVerified: z.boolean(),
  createdAt: z.iso.datetime(),
  /**
   * On the signed-in user's own view only: true throughout the session that created the account, its first
   * visit, so that the home page greets "Welcome" rather than "Welcome back".
   */
  firstVisit: z.boolean().optional(),
}).meta({ id: 'UserView', description: 'The signed-in user as the web app sees it' });
export type UserView = z.infer<typeof userViewSchema>;
