import { z } from 'zod';
import { userViewSchema } from './user.contract.ts';
import { storedAnalysisTypeSchema } from './analysis-summary.contract.ts';

export const RECENT_ANALYSES = 5;

export const dashboardAnalysisSchema = z.object({
  id: z.uuid(),
  createdAt: z.iso.datetime(),
  analysisType: storedAnalysisTypeSchema,
  document: z.object({ title: z.string(), type: z.string() }),
  result: z.record(z.string(), z.unknown()),
  /** Its live public link (POST /api/analyses/{id}/share), for its owner to copy again; null while not shared. */
  shareUrl: z.url().nullable(),
});
export type DashboardAnalysis = z.infer<typeof dashboardAnalysisSchema>;

/** GET /api/dashboard (spec §3 "Dashboard data"). */
export const dashboardSchema = z.object({
  user: userViewSchema,
  analyses: z.array(dashboardAnalysisSchema),
  stats: z.object({ totalAnalyses: z.number().int().nonnegative(), thisMonthAnalyses: z.number().int().nonnegative() }),
});
export type DashboardView = z.infer<typeof dashboardSchema>;
