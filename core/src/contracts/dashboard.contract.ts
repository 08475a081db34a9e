import { z } from 'zod';
import { userViewSchema } from './user.contract.ts';
import { storedAnalysisTypeSchema } from './analysis-summary.contract.ts';

export const RECENT_ANALYSES = 5;

/** How much of its summary a list shows of an analysis; the whole result is one call away (GET /api/analyses/{id}). */
export const SUMMARY_PREVIEW_LENGTH = 200;

/** The start of `summary` as lists show it: whole if it is short, otherwise cut at a word and ended with an ellipsis. */
export function summaryPreview(summary: string): string {
  if (summary.length <= SUMMARY_PREVIEW_LENGTH) return summary;
  const cut = summary.slice(0, SUMMARY_PREVIEW_LENGTH);
  const lastSpace = cut.lastIndexOf(' ');
  // A word longer than half the preview (a URL, say) is cut where the preview ends.
  return `${(lastSpace > SUMMARY_PREVIEW_LENGTH / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

const analysisFields = {
  id: z.uuid(),
  createdAt: z.iso.datetime(),
  analysisType: storedAnalysisTypeSchema,
  document: z.object({ title: z.string(), type: z.string() }),
  /** Its live public link (POST /api/analyses/{id}/share), for its owner to copy again; null while not shared. */
  shareUrl: z.url().nullable(),
};

/**
 * One analysis as the dashboard and the history list it: what the list shows. Its `result` keeps the spec's
 * field (§3 "Dashboard data") as a summary-only result, the start of the summary (`summaryPreview`); the whole
 * result, citations and all, is GET /api/analyses/{id}, asked for when a reader opens it (issue 19).
 */
export const analysisListItemSchema = z.object({
  ...analysisFields,
  result: z.object({ summary: z.string() }),
}).meta({ id: 'AnalysisListItem', description: 'One stored analysis or comparison as lists show it: title, type, date and the start of its summary' });
export type AnalysisListItem = z.infer<typeof analysisListItemSchema>;

/** One stored analysis with its whole result: GET /api/analyses/{id} and the account's data export. */
export const analysisViewSchema = z.object({
  ...analysisFields,
  result: z.record(z.string(), z.unknown()),
}).meta({ id: 'Analysis', description: 'One stored analysis or comparison with its full result' });
export type AnalysisView = z.infer<typeof analysisViewSchema>;

/** GET /api/dashboard (docs/product/screens.md "Dashboard"). */
export const dashboardSchema = z.object({
  user: userViewSchema,
  analyses: z.array(analysisListItemSchema),
  stats: z.object({ totalAnalyses: z.number().int().nonnegative(), thisMonthAnalyses: z.number().int().nonnegative() }),
}).meta({ id: 'Dashboard', description: 'The signed-in home: the user, the five newest analyses and counts' });
export type DashboardView = z.infer<typeof dashboardSchema>;
