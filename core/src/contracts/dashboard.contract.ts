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
}).meta({ id: 'DashboardAnalysis', description: 'One stored analysis or comparison with its full result' });
export type DashboardAnalysis = z.infer<typeof dashboardAnalysisSchema>;

/** GET /api/dashboard (spec §3 "Dashboard data"). */
export const dashboardSchema = z.object({
  user: userViewSchema,
  analyses: z.array(dashboardAnalysisSchema),
  stats: z.object({ totalAnalyses: z.number().int().nonnegative(), thisMonthAnalyses: z.number().int().nonnegative() }),
}).meta({ id: 'Dashboard', description: 'The signed-in home: the user, the five newest analyses and counts' });
export type DashboardView = z.infer<typeof dashboardSchema>;
